// The rules behind `validateOptions` (config.ts): each option checked on its own, then how they relate.
// Plain code rather than the server's schema library (valibot): these checks ship in every checkout,
// and the library for them alone was 1.3 KB gzip of the English checkout's budget.
import type { RampBootstrap } from '../api/bootstrap';
import type { Direction } from '../api/types';
import { LOCKABLE_FIELDS } from '../checkout';
import { RANKINGS, type Ranking } from '../checkout/ranking';
import type { LockableField } from '../checkout/state';
import { AMOUNT_PATTERN } from '../domain/amount';
import { CODE } from '../domain/codes';
import { isHttpUrl } from '../domain/url';
import { languages, type MessageOverrides } from '../ui/i18n/languages';
import { messagesIssues } from '../ui/i18n/overrides';
import type { LaunchMode } from '../ui/steps/launchMode';
import type { ThemeOption } from '../ui/theme/tokens';
import { themeIssues } from '../ui/theme/tokens';
import type { RampCheckoutOptions } from './config';

export const DIRECTIONS: readonly Direction[] = ['buy', 'sell'];
const LAUNCH_MODES: readonly LaunchMode[] = ['popup', 'tab', 'redirect'];
const INTENT_SECRET = /^int_[A-Za-z0-9_-]{8,64}_secret_[A-Za-z0-9_-]{16,128}$/;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** One option checked: its value, cleaned when valid, and what is wrong with it (nothing: valid). */
interface Checked<T> {
  value: T;
  issues: string[];
}
/** Checks one option's value; an option left out (undefined) is not checked. */
type Check<T> = (value: unknown) => Checked<T>;

const ok = <T>(value: T): Checked<T> => ({ value, issues: [] });
/** A refused value, kept as given: of these, how the options relate reads only whether `intent` is given. */
const refused = (value: unknown, issue: string): Checked<never> => ({
  value: value as never,
  issues: [issue],
});
const quoted = (s: string) => `"${s}"`;
type OnEvent = NonNullable<RampCheckoutOptions['onEvent']>;

// ---- the shapes options come in ----

/** Null and '' count as left out. */
const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (x) =>
    x === null || x === '' ? ok(undefined) : check(x);

/** A rule a string option must keep: the issue when it does not. */
type Rule = (s: string) => string | undefined;
const rule =
  (holds: (s: string) => boolean, issue: (s: string) => string): Rule =>
  (s) =>
    holds(s) ? undefined : issue(s);

/** A string, trimmed (and upper-cased for codes); each rule it breaks is an issue. */
const text = <T extends string = string>(name: string, rules: Rule[], upper = false) =>
  optional<T>((x) => {
    if (typeof x !== 'string') return refused(x, `${name} must be a string`);
    const s = upper ? x.trim().toUpperCase() : x.trim();
    return { value: s as T, issues: rules.flatMap((r) => r(s) ?? []) };
  });

/** A code of the service (src/domain/codes.ts), with an example for the message. */
const code = (name: string, pattern: RegExp, example: string) => {
  const valid = rule(
    pattern.test.bind(pattern),
    (s) => `${name} "${s}" is not a valid code (e.g. "${example}")`,
  );
  return text(name, [valid], true);
};

const oneOf = <T extends string>(name: string, allowed: readonly T[]) =>
  text<T>(name, [
    rule(
      (s) => allowed.includes(s as T),
      (s) => `${name} must be one of ${allowed.map(quoted).join(', ')} (got "${s}")`,
    ),
  ]);

/** A list of strings, trimmed, blanks dropped; `entryIssues` names its bad entries. */
const list = <T extends string = string>(name: string, entryIssues: (entries: string[]) => string[]) =>
  optional<T[]>((x) => {
    if (!Array.isArray(x) || !x.every((s): s is string => typeof s === 'string'))
      return refused(x, `${name} must be an array of strings`);
    const entries = x.map((s) => s.trim()).filter(Boolean);
    return { value: entries as T[], issues: entryIssues(entries) };
  });

/** An amount, as a string: a positive number, or a positive decimal string. */
const amount = (name: string) =>
  optional<string>((x) => {
    if (typeof x === 'number')
      return Number.isFinite(x) && x > 0 ? ok(String(x)) : refused(x, `${name} must be a positive number`);
    const a = typeof x === 'string' ? x.trim() : undefined;
    return a !== undefined && AMOUNT_PATTERN.test(a) && Number(a) > 0
      ? ok(a)
      : refused(x, `${name} must be a positive decimal like "100" or "0.05" (got ${JSON.stringify(x)})`);
  });

/** A yes/no option; the hosted page's query string says it as "true"/"false" (or 1/0). */
const flag = (name: string) =>
  optional<boolean>((x) => {
    if (typeof x === 'boolean') return ok(x);
    if (x === 'true' || x === '1') return ok(true);
    if (x === 'false' || x === '0') return ok(false);
    return refused(x, `${name} must be true or false (got ${JSON.stringify(x)})`);
  });

/** An option whose checks live beside its type (theme.ts, overrides.ts); null and '' are theirs to judge. */
const checkedBy =
  <T>(issues: (value: unknown) => string[]): Check<T | undefined> =>
  (x) => ({ value: x as T, issues: issues(x) });

/** A language option: a BCP 47 tag of a language the checkout speaks. */
const localeTag = (name: string) =>
  text(name, [
    rule(
      (s) => LOCALE.test(s),
      (s) => `${name} "${s}" is not a BCP 47 tag (e.g. "en-US")`,
    ),
    rule(
      (l) => languages.some((lang) => lang === l.split('-')[0]!.toLowerCase()),
      (s) => `${name} "${s}" is not a supported language (${languages.join(', ')})`,
    ),
  ]);

// ---- the options ----

/** Each option's check, in the order their issues are listed. */
const FIELDS = {
  apiBaseUrl: text('apiBaseUrl', [
    rule(
      (u) => isHttpUrl(u, true),
      () => 'apiBaseUrl must be an http(s) URL or a path starting with "/"',
    ),
  ]),
  directions: list<Direction>('directions', (ds) => {
    const bad = ds.filter((d) => !DIRECTIONS.includes(d as Direction));
    if (bad.length) return [`directions may hold only "buy" and "sell" (got ${bad.map(quoted).join(', ')})`];
    return ds.length === 0 ? ['directions must not be empty'] : [];
  }),
  direction: oneOf('direction', DIRECTIONS),
  country: code('country', CODE.country, 'US'),
  subdivision: code('subdivision', CODE.subdivision, 'US-NY'),
  fiatCurrency: code('fiatCurrency', CODE.currency, 'USD'),
  cryptoCurrency: code('cryptoCurrency', CODE.currency, 'ETH'),
  network: code('network', CODE.network, 'ETHEREUM'),
  paymentMethod: code('paymentMethod', CODE.paymentMethod, 'CREDIT_DEBIT_CARD'),
  amount: amount('amount'),
  defaultAmount: amount('defaultAmount'),
  remember: flag('remember'),
  walletAddress: text('walletAddress', [
    rule(
      (a) => a.length <= 128 && !/\s/.test(a),
      () => 'walletAddress must be a single address without spaces (at most 128 characters)',
    ),
  ]),
  lock: list<LockableField>('lock', (fields) =>
    fields
      .filter((f) => !LOCKABLE_FIELDS.includes(f as LockableField))
      .map((f) => `lock: "${f}" cannot be locked (lockable: ${LOCKABLE_FIELDS.join(', ')})`),
  ),
  partners: list('partners', (ps) =>
    ps
      .map((p) => p.toUpperCase())
      .filter((p) => !CODE.partner.test(p))
      .map((p) => `partners: "${p}" is not a partner id (e.g. "BANXA")`),
  ),
  theme: checkedBy<ThemeOption>(themeIssues),
  locale: localeTag('locale'),
  defaultLocale: localeTag('defaultLocale'),
  messages: checkedBy<MessageOverrides>(messagesIssues),
  redirectUrl: text('redirectUrl', [
    rule(
      (u) => isHttpUrl(u, false),
      () => 'redirectUrl must be an absolute http(s) URL',
    ),
  ]),
  launch: oneOf('launch', LAUNCH_MODES),
  ranking: oneOf<Ranking>('ranking', RANKINGS),
  // Not optional(): null is no function either.
  onEvent: (f: unknown) =>
    typeof f === 'function' ? ok(f as OnEvent) : refused(f, 'onEvent must be a function'),
  intent: text('intent', [
    rule(
      (s) => INTENT_SECRET.test(s),
      () => 'intent must be the clientSecret of a checkout intent (int_…_secret_…)',
    ),
  ]),
  // Its answer is checked where it is used (queries/bootstrap.ts): one that does not fit is not used.
  bootstrap: optional<RampBootstrap>((x) =>
    typeof x === 'object' && x !== null && typeof (x as RampBootstrap).request === 'string' && 'answer' in x
      ? ok(x as RampBootstrap)
      : refused(x, 'bootstrap must be what ramp.bootstrap(request, options) gave: { request, answer }'),
  ),
};

/**
 * Options a merchant can get wrong without the checkout stopping for it: the languages. One it
 * cannot use is left out (the shopper is served in their own language) and said (`readOptions`).
 */
const ADVISORY = ['locale', 'defaultLocale'] as const;

/** A `locale` or `defaultLocale` option's value when the checkout speaks it, else undefined. */
export function usableLocale(value: unknown): string | undefined {
  const checked = FIELDS.locale(value);
  return checked.issues.length ? undefined : checked.value;
}

/** What is wrong with the advisory options of `input` (its languages). */
export const advisoryIssues = (input: object): string[] =>
  ADVISORY.flatMap((name) => {
    const value = (input as Record<string, unknown>)[name];
    return value === undefined ? [] : FIELDS[name](value).issues;
  });

/** The options given, cleaned: those left out stay out (the key absent), undefined stays undefined. */
export type Fields = { -readonly [K in keyof typeof FIELDS]?: ReturnType<(typeof FIELDS)[K]>['value'] };

/** How options relate, checked between those that are valid on their own. */
function relations(o: Fields, valid: (...names: (keyof Fields)[]) => boolean): string[] {
  const issues: string[] = [];
  const directions = o.directions?.length ? o.directions : DIRECTIONS;
  if (valid('direction', 'directions') && o.direction && !directions.includes(o.direction)) {
    issues.push(`direction "${o.direction}" is not among directions (${directions.join(', ')})`);
  }
  if (
    valid('country', 'subdivision') &&
    o.subdivision &&
    o.country &&
    !o.subdivision.startsWith(`${o.country}-`)
  ) {
    issues.push(`subdivision "${o.subdivision}" is not in country "${o.country}"`);
  }
  // Not derived from the code: the country shapes the whole checkout (lists, defaults, locks), so
  // the merchant says it, rather than the widget guessing from another option (or its intent does).
  if (valid('country', 'subdivision') && o.subdivision && !o.country && !o.intent) {
    const country = o.subdivision.split('-')[0];
    issues.push(`subdivision "${o.subdivision}" needs its country: set country "${country}" too`);
  }
  if (valid('amount', 'defaultAmount') && o.amount !== undefined && o.defaultAmount !== undefined) {
    issues.push('give amount (fixed at the start) or defaultAmount (a suggestion), not both');
  }
  for (const field of valid('lock', 'directions') ? (o.lock ?? []) : []) {
    if (!valid(field) || o[field] !== undefined) continue;
    if (field === 'direction' && directions.length === 1) continue;
    issues.push(`lock: "${field}" is locked but has no value; set the ${field} option too`);
  }
  return issues;
}

/**
 * The options of `input` checked: their values (cleaned when valid; an unusable advisory one left
 * out) and every issue found, option by option in the order of FIELDS, then between options;
 * `advisory` counts those of the advisory options.
 */
export function checkOptions(input: object): { fields: Fields; issues: string[]; advisory: number } {
  const fields: Record<string, unknown> = {};
  const issues: string[] = [];
  const invalid = new Set<string>();
  let advisory = 0;
  for (const [name, check] of Object.entries(FIELDS)) {
    if (!(name in input)) continue;
    const value = (input as Record<string, unknown>)[name];
    const checked: Checked<unknown> = value === undefined ? ok(undefined) : check(value);
    issues.push(...checked.issues);
    if (checked.issues.length && (ADVISORY as readonly string[]).includes(name)) {
      advisory += checked.issues.length;
      continue; // left out: the shopper's language is spoken
    }
    fields[name] = checked.value;
    if (checked.issues.length) invalid.add(name);
  }
  const valid = (...names: string[]) => names.every((n) => !invalid.has(n));
  issues.push(...relations(fields as Fields, valid));
  return { fields: fields as Fields, issues, advisory };
}
