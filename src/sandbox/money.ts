// Amount arithmetic. Fiat sums are done in integer minor units so that, e.g., a buy quote's
// sourceAmount is exactly fiatAmountWithoutFees + totalFee once both are rounded.

/** `value` scaled to `decimals` and rounded half away from zero, robust to binary noise (1.005 → 101). */
export function toMinor(value: number, decimals: number): number {
  const scaled = Number((value * 10 ** decimals).toPrecision(15));
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}

export const fromMinor = (minor: number, decimals: number): number =>
  Number((minor / 10 ** decimals).toFixed(decimals));

export const roundTo = (value: number, decimals: number): number =>
  fromMinor(toMinor(value, decimals), decimals);

/** Rounds to `digits` significant digits (exchange rates span 0.45 to 14 million). */
export function roundSignificant(value: number, digits: number): number {
  if (value === 0) return 0;
  return Number(value.toPrecision(digits));
}

/** A round figure near `value` (limits converted from USD read 2,800 EUR, not 2,777.78). */
export function niceAmount(value: number): number {
  if (value < 10) return Math.max(1, Math.round(value));
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

export function formatAmount(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}
