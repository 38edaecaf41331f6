// axe as an auditor runs it: every WCAG 2.0–2.2 A and AA rule plus best practices, any impact.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const AUDIT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Every axe violation of the page as it is now, one line each (empty when it passes). */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AUDIT_TAGS).analyze();
  return violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** The hosted page with a prefill but not its wallet (so the wallet screen shows), not remembered. */
export function orderUrl(prefill: Record<string, string>, extra: Record<string, string> = {}): string {
  const { walletAddress: _wallet, ...order } = prefill;
  return `/?${new URLSearchParams({ ...order, remember: 'false', ...extra })}`;
}
