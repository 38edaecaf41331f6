// Amount input: what a shopper types ("1.234,56" in German, "1 234,56" in French) becomes one
// canonical decimal string, then is checked against the route's limits with exact arithmetic.
import type { Direction, Limits } from '../api/types';
import { MAX_DECIMALS, MAX_INTEGER_DIGITS, checkAmountRange } from '../domain/amount';
import { canonicalDecimal } from '../domain/decimal';

/** Limits for the chosen method across partners, in the limits currency (always fiat). */
export type AmountLimits = Limits;

const MAX_INPUT_LENGTH = 64;

// The digit bounds are the wire's (domain/amount.ts): what the shopper may type, the server takes.
export { MAX_DECIMALS, MAX_INTEGER_DIGITS };

export type ParseProblem = 'empty' | 'format' | 'decimals' | 'tooLarge';
export type ParsedAmount = { ok: true; value: string } | { ok: false; reason: ParseProblem };

/** The locale's decimal separator; '.' when the locale is absent or unknown to Intl. */
function decimalSeparator(locale: string | undefined): string {
  if (!locale) return '.';
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

const count = (s: string, ch: string): number => s.split(ch).length - 1;

/**
 * Which of '.' and ',' is the decimal separator in `s`, or null when there is none.
 * Both present: the last one is. One occurrence followed by exactly three digits ("1,234") is
 * ambiguous and follows the locale; otherwise a single occurrence is decimal, so "0,5" works
 * whatever the locale. Repeated occurrences can only be grouping.
 */
function pickDecimal(s: string, localeDecimal: string): '.' | ',' | null {
  const dots = count(s, '.');
  const commas = count(s, ',');
  if (dots && commas) return s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
  if (!dots && !commas) return null;
  const ch = dots ? '.' : ',';
  if (count(s, ch) > 1) return null;
  const after = s.slice(s.indexOf(ch) + 1);
  if (/^\d{3}$/.test(after) && /\d/.test(s.slice(0, s.indexOf(ch)))) return ch === localeDecimal ? ch : null;
  return ch;
}

/** Validates digit grouping ("1,234,567", "1 234") and returns the bare digits, or null. */
function ungroup(int: string): string | null {
  const seps = new Set(int.replace(/\d/g, ''));
  if (seps.size === 0) return int;
  if (seps.size > 1) return null;
  const groups = int.split([...seps][0] ?? '');
  const [first, ...rest] = groups;
  if (!first || !/^\d{1,3}$/.test(first) || !rest.every((g) => /^\d{3}$/.test(g))) return null;
  return groups.join('');
}

/**
 * Parses a typed amount into a canonical decimal string ("1.234,50" de → "1234.5").
 * Accepts grouping by ',', '.', spaces (incl. no-break and thin spaces) and apostrophes; rejects
 * signs, exponents, letters, more than `maxDecimals` significant decimals and absurd magnitudes.
 */
export function parseAmount(text: string, locale?: string, maxDecimals: number = MAX_DECIMALS): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (trimmed.length > MAX_INPUT_LENGTH) return { ok: false, reason: 'format' };
  const s = trimmed.replace(/[\s'’]/g, ' ');
  if (!/^[\d., ]+$/.test(s)) return { ok: false, reason: 'format' };
  const dec = pickDecimal(s, decimalSeparator(locale));
  const cut = dec ? s.lastIndexOf(dec) : s.length;
  const rawInt = s.slice(0, cut);
  const frac = dec ? s.slice(cut + 1) : '';
  if (!/^\d*$/.test(frac)) return { ok: false, reason: 'format' };
  const int = rawInt === '' ? '' : ungroup(rawInt);
  if (int === null || (int === '' && frac === '')) return { ok: false, reason: 'format' };
  const value = canonicalDecimal(int, frac);
  const [whole = '', fraction = ''] = value.split('.');
  if (fraction.length > maxDecimals) return { ok: false, reason: 'decimals' };
  if (whole.length > MAX_INTEGER_DIGITS) return { ok: false, reason: 'tooLarge' };
  return { ok: true, value };
}

export type AmountProblem = ParseProblem | 'zero' | 'min' | 'max';

export type AmountCheck =
  | { ok: true; value: string; /** The amount in the limits' fiat, when known. */ fiatValue?: number }
  | {
      ok: false;
      reason: AmountProblem;
      /** The violated limit, in `currency`. */ bound?: number;
      currency?: string;
    };

export interface AmountRules {
  direction: Direction;
  /** null: the partners published no limits; undefined: not known yet (no bounds applied). */
  limits: AmountLimits | null | undefined;
  /** Fiat per unit of crypto, for checking a sell amount against the fiat limits. */
  fiatPerCrypto?: number;
  /** Decimals of the source currency (fiat on buy, crypto on sell). */
  decimals: number;
  locale?: string;
}

/**
 * Checks an amount in the SOURCE currency. Buy: the fiat amount against the limits. Sell: the
 * crypto amount × fiatPerCrypto against the fiat limits when the rate is known; without a rate
 * only the format and zero checks apply.
 */
export function validateAmount(text: string, rules: AmountRules): AmountCheck {
  const parsed = parseAmount(text, rules.locale, rules.decimals);
  if (!parsed.ok) return parsed;
  const { value } = parsed;
  // The same rule the host server applies to a session's amount (src/domain/amount.ts).
  const check = checkAmountRange(value, {
    limits: rules.limits,
    fiatPerUnit: rules.direction === 'buy' ? 1 : rules.fiatPerCrypto,
  });
  if (!check.ok) return check;
  return check.fiat === undefined ? { ok: true, value } : { ok: true, value, fiatValue: Number(check.fiat) };
}
