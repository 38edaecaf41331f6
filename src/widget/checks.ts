// The shapes options come in, each a check of one option's value (the table: options.ts).
// Plain code rather than the server's schema library (valibot): these checks ship in every checkout,
// and the library for them alone was 1.3 KB gzip of the English checkout's budget.
import { AMOUNT_PATTERN } from '../domain/amount';
import { languages } from '../ui/i18n/languages';

/** One option checked: its value, cleaned when valid, and what is wrong with it (nothing: valid). */
export interface Checked<T> {
  value: T;
  issues: string[];
}
/**
 * Checks one option's value; an option left out (undefined) is not checked. `list`: the value is a
 * list, which the hosted page's query string gives comma-separated.
 */
export type Check<T> = ((value: unknown) => Checked<T>) & { list?: true };

export const ok = <T>(value: T): Checked<T> => ({ value, issues: [] });
/** A refused value, kept as given: of these, how the options relate reads only whether `intent` is given. */
export const refused = (value: unknown, issue: string): Checked<never> => ({
  value: value as never,
  issues: [issue],
});
export const quoted = (s: string) => `"${s}"`;

/** Null and '' count as left out. */
export const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (x) =>
    x === null || x === '' ? ok(undefined) : check(x);

/** A rule a string option must keep: the issue when it does not. */
type Rule = (s: string) => string | undefined;
export const rule =
  (holds: (s: string) => boolean, issue: (s: string) => string): Rule =>
  (s) =>
    holds(s) ? undefined : issue(s);

/** A string, trimmed (and upper-cased for codes); each rule it breaks is an issue. */
export const text = <T extends string = string>(name: string, rules: Rule[], upper = false) =>
  optional<T>((x) => {
    if (typeof x !== 'string') return refused(x, `${name} must be a string`);
    const s = upper ? x.trim().toUpperCase() : x.trim();
    return { value: s as T, issues: rules.flatMap((r) => r(s) ?? []) };
  });

/** A code of the service (src/domain/codes.ts), with an example for the message. */
export const code = (name: string, pattern: RegExp, example: string) => {
  const valid = rule(
    pattern.test.bind(pattern),
    (s) => `${name} "${s}" is not a valid code (e.g. "${example}")`,
  );
  return text(name, [valid], true);
};

export const oneOf = <T extends string>(name: string, allowed: readonly T[]) =>
  text<T>(name, [
    rule(
      (s) => allowed.includes(s as T),
      (s) => `${name} must be one of ${allowed.map(quoted).join(', ')} (got "${s}")`,
    ),
  ]);

/**
 * A list of strings, trimmed (and upper-cased for codes), blanks and repeats dropped; `entryIssues`
 * names its bad entries.
 */
export const list = <T extends string = string>(
  name: string,
  entryIssues: (entries: string[]) => string[],
  upper = false,
) => {
  const check = optional<T[]>((x) => {
    if (!Array.isArray(x) || !x.every((s): s is string => typeof s === 'string'))
      return refused(x, `${name} must be an array of strings`);
    const entries = x.map((s) => (upper ? s.trim().toUpperCase() : s.trim())).filter(Boolean);
    return { value: [...new Set(entries)] as T[], issues: entryIssues(entries) };
  });
  check.list = true;
  return check;
};

/** An amount, as a string: a positive number, or a positive decimal string. */
export const amount = (name: string) =>
  optional<string>((x) => {
    if (typeof x === 'number')
      return Number.isFinite(x) && x > 0 ? ok(String(x)) : refused(x, `${name} must be a positive number`);
    const a = typeof x === 'string' ? x.trim() : undefined;
    return a !== undefined && AMOUNT_PATTERN.test(a) && Number(a) > 0
      ? ok(a)
      : refused(x, `${name} must be a positive decimal like "100" or "0.05" (got ${JSON.stringify(x)})`);
  });

/** A yes/no option; the hosted page's query string says it as "true"/"false" (or 1/0). */
export const flag = (name: string) =>
  optional<boolean>((x) => {
    if (typeof x === 'boolean') return ok(x);
    if (x === 'true' || x === '1') return ok(true);
    if (x === 'false' || x === '0') return ok(false);
    return refused(x, `${name} must be true or false (got ${JSON.stringify(x)})`);
  });

/** An option whose checks live beside its type (theme.ts, overrides.ts); null and '' are theirs to judge. */
export const checkedBy =
  <T>(issues: (value: unknown) => string[]): Check<T | undefined> =>
  (x) => ({ value: x as T, issues: issues(x) });

const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A language option: a BCP 47 tag of a language the checkout speaks. */
export const localeTag = (name: string) =>
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
