// The hosted page's configuration: the query string (docs/CONTRACTS.md §2) as widget options, plus the
// page's own `parentOrigin`, and updates a framing parent may post later. Validation is the widget's
// own (readOptions: a language the checkout cannot speak is passed over, and said by the widget); this
// adds only what is particular to a page configured by URL.
import { OptionsError, optionsFromQuery, readOptions } from '../widget/config';
import type { RampCheckoutOptions } from '../widget/config';

/** Query parameters of the page itself, not widget options. */
export const PAGE_PARAMS = ['parentOrigin'] as const;

export type HostedConfig =
  { ok: true; options: RampCheckoutOptions; parentOrigin: string | null } | { ok: false; issues: string[] };

export type UpdateResult = { ok: true; options: RampCheckoutOptions } | { ok: false; issues: string[] };

/** Options a URL or a parent may not set: the page always talks to its own server, and reports by postMessage. */
const PAGE_OWNED: Record<string, string> = {
  apiBaseUrl: 'apiBaseUrl cannot be set on the hosted page: it always uses this server’s /api/ramp',
  onEvent: 'onEvent cannot be set on the hosted page: frame it with parentOrigin to receive events',
  bootstrap: 'bootstrap cannot be set on the hosted page: its server writes the first data into it',
};

/**
 * `value` as an origin (`scheme://host[:port]`, http or https, nothing after it but an optional "/"),
 * normalised as browsers report `MessageEvent.origin`; null when it is anything else.
 */
export function parseOrigin(value: string): string | null {
  if (!/^https?:\/\/[^/?#\s]+\/?$/i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

function check(options: Record<string, unknown>, issues: string[]): void {
  for (const [name, message] of Object.entries(PAGE_OWNED)) {
    if (name in options) issues.push(message);
  }
  try {
    readOptions(options);
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    // The page's own messages already cover these two.
    issues.push(...error.issues.filter((i) => !Object.keys(PAGE_OWNED).some((n) => i.startsWith(n))));
  }
}

/** The page's query string, checked: every problem is listed, none is silently ignored. */
export function readHostedConfig(search: string | URLSearchParams): HostedConfig {
  const params = new URLSearchParams(search);
  const issues: string[] = [];

  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (seen.has(key)) issues.push(`${key} is given more than once; give it once`);
    seen.add(key);
  }

  let parentOrigin: string | null = null;
  const rawParent = params.get('parentOrigin');
  if (rawParent !== null) {
    parentOrigin = parseOrigin(rawParent.trim());
    if (!parentOrigin) {
      issues.push(
        `parentOrigin "${rawParent}" is not an origin: give the framing page's scheme://host[:port], e.g. "https://shop.example"`,
      );
    }
  }

  const options = optionsFromQuery(params, PAGE_PARAMS) as Record<string, unknown>;
  check(options, issues);
  if (issues.length) return { ok: false, issues: [...new Set(issues)] };
  return { ok: true, options: options as RampCheckoutOptions, parentOrigin };
}

/** `current` with a parent's update merged in, when the result is valid. */
export function applyUpdate(current: RampCheckoutOptions, update: unknown): UpdateResult {
  if (typeof update !== 'object' || update === null || Array.isArray(update)) {
    return { ok: false, issues: ['options must be an object'] };
  }
  const merged = { ...current, ...update } as Record<string, unknown>;
  const issues: string[] = [];
  check(merged, issues);
  if (issues.length) return { ok: false, issues: [...new Set(issues)] };
  return { ok: true, options: merged as RampCheckoutOptions };
}
