// The amount a checkout opens with, so the first screen shows a price before the shopper types:
// the merchant's `defaultAmount`, else a round sum (1, 2 or 5 × 10ⁿ) inside the routes' limits for
// the currency — about ten times the lowest minimum, so most partners can quote it. A sell's amount
// is in crypto: the same fiat sum at the known rate, rounded to a round crypto amount.
import type { Direction } from '../api/types';
import type { AmountLimits } from './amount';

/** Round sums near `x`: the smallest 1/2/5 × 10ⁿ at or above it, and the largest at or below. */
function roundUp(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return [1, 2, 5, 10].map((m) => m * p).find((r) => r >= x * (1 - 1e-12)) ?? 10 * p;
}
function roundDown(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return [5, 2, 1].map((m) => m * p).find((r) => r <= x * (1 + 1e-12)) ?? p;
}

/** A number as a plain decimal string with at most `decimals` places ("0.05", "20000"). */
function plain(x: number, decimals: number): string {
  // Twelve places at most: round sums need no more, and binary fractions show noise beyond.
  const fixed = x.toFixed(Math.min(Math.max(decimals, 0), 12));
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** A round fiat sum within `limits`: ~10 × the minimum, never above the maximum. */
export function roundFiatAmount(limits: AmountLimits): number | undefined {
  const { min, max } = limits;
  if (!(Number.isFinite(min) && Number.isFinite(max) && max > 0 && max >= min)) return undefined;
  const target = roundUp(min > 0 ? min * 10 : Math.min(100, max));
  if (target <= max) return target;
  const lower = roundDown(max);
  return lower >= min ? lower : undefined;
}

export interface DefaultAmountInput {
  direction: Direction;
  /** The routes' bounds for the chosen method, in fiat. */
  limits: AmountLimits;
  /** Decimals of the source currency (fiat on buy, crypto on sell). */
  decimals: number;
  /** Fiat per crypto unit; a sell needs it to express the sum in crypto. */
  fiatPerCrypto?: number;
}

/** The automatic amount in the source currency, as a canonical decimal string; undefined when none fits. */
export function defaultAmount({ direction, limits, decimals, fiatPerCrypto }: DefaultAmountInput) {
  const fiat = roundFiatAmount(limits);
  if (fiat === undefined) return undefined;
  if (direction === 'buy') return plain(fiat, decimals);
  if (!fiatPerCrypto || !Number.isFinite(fiatPerCrypto) || fiatPerCrypto <= 0) return undefined;
  // The crypto amount: a round one whose value stays within the limits.
  const crypto = [roundDown(fiat / fiatPerCrypto), roundUp(fiat / fiatPerCrypto)].find((c) => {
    const value = c * fiatPerCrypto;
    return value >= limits.min && value <= limits.max && Number(plain(c, decimals)) > 0;
  });
  return crypto === undefined ? undefined : plain(crypto, decimals);
}
