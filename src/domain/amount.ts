// The amount rule the widget and the host server both apply to a session's amount: a positive
// decimal with no more decimals than its currency has, within the route's limits (always in fiat;
// a sell amount is converted at the quoted rate). The widget parses what the shopper typed first
// (src/checkout/amount.ts); the server takes the decimal string the browser sent.
import { compareDecimal, decimalFromNumber, multiplyDecimal } from './decimal';

/**
 * More integer digits than this is not a real purchase, and the service's quote takes the amount as
 * a JSON number, which carries every integer of 15 digits exactly (2^53 has 16).
 */
export const MAX_INTEGER_DIGITS = 15;
/** The finest unit of any currency the service lists (wei: 18 decimals). */
export const MAX_DECIMALS = 18;
/**
 * An amount on the wire (the widget's amount option, a quote's or a session's, an intent's): a plain
 * decimal string in its one spelling ("100", "0.05"; no sign, exponent or leading zero).
 */
export const AMOUNT_PATTERN = new RegExp(
  `^(?:0|[1-9]\\d{0,${MAX_INTEGER_DIGITS - 1}})(?:\\.\\d{1,${MAX_DECIMALS}})?$`,
);

/** A route's limits: `min` and `max` in `currencyCode` (a fiat currency). */
export interface AmountBounds {
  currencyCode: string;
  min: number;
  max: number;
}

export type RangeProblem = 'zero' | 'decimals' | 'min' | 'max';

export type RangeCheck =
  | { ok: true; /** The amount in the limits' fiat, when a rate is known. */ fiat?: string }
  | {
      ok: false;
      reason: RangeProblem;
      /** The violated limit, in `currency`. */ bound?: number;
      currency?: string;
    };

export interface RangeRules {
  /** null: no limits published; undefined: not known (no bounds applied). */
  limits: AmountBounds | null | undefined;
  /** Fiat per unit of the amount's currency: 1 for a fiat amount; absent: unknown (no bounds applied). */
  fiatPerUnit?: number;
  /** Decimals of the amount's currency; absent: not checked. */
  decimals?: number;
}

/** Checks a canonical non-negative decimal string ("100", "0.05") against the rules. */
export function checkAmountRange(value: string, rules: RangeRules): RangeCheck {
  if (compareDecimal(value, '0') === 0) return { ok: false, reason: 'zero' };
  const fraction = value.split('.')[1] ?? '';
  if (rules.decimals !== undefined && fraction.length > rules.decimals)
    return { ok: false, reason: 'decimals' };
  const rate = rules.fiatPerUnit ? decimalFromNumber(rules.fiatPerUnit) : null;
  if (rate === null || compareDecimal(rate, '0') === 0) return { ok: true };
  const fiat = multiplyDecimal(value, rate);
  const { limits } = rules;
  if (limits) {
    const min = decimalFromNumber(limits.min);
    const max = decimalFromNumber(limits.max);
    if (min !== null && compareDecimal(fiat, min) < 0)
      return { ok: false, reason: 'min', bound: limits.min, currency: limits.currencyCode };
    if (max !== null && compareDecimal(fiat, max) > 0)
      return { ok: false, reason: 'max', bound: limits.max, currency: limits.currencyCode };
  }
  return { ok: true, fiat };
}
