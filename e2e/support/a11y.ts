// axe as an auditor runs it: every WCAG 2.0–2.2 A and AA rule plus best practices, any impact.
// axe-core is put into the page once (until it navigates) and run there directly: a page-object
// builder injects it again and carries every passing check back on each scan, about four times the
// cost, and the e2e stage scans some hundred screens.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const AUDIT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe's violations on the page as it is now: `tags` as the rules to run, or axe's default set. */
async function violations(page: Page, tags?: string[]): Promise<Found[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (runOnly) => {
    type Axe = {
      run(
        context: Document,
        options: object,
      ): Promise<{
        violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
      }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const options = runOnly ? { runOnly: { type: 'tag', values: runOnly } } : {};
    const { violations } = await axe.run(document, { ...options, resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, tags);
}

const line = (v: Found) => `${v.impact} ${v.id}: ${v.help} (${v.targets.join(', ')})`;

/** Every violation of the audit's rules (any impact), one line each: empty when the page passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await violations(page, AUDIT_TAGS)).map(line);
}

/** The serious and critical violations of axe's default rules, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await violations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map(line);
}

/** The hosted page with a prefill but not its wallet (so the wallet screen shows), not remembered. */
export function orderUrl(prefill: Record<string, string>, extra: Record<string, string> = {}): string {
  const { walletAddress: _wallet, ...order } = prefill;
  return `/?${new URLSearchParams({ ...order, remember: 'false', ...extra })}`;
}
