// Exact sums of decimal strings (no float rounding in the volume figures): the days' sums, which the
// ledger computes exactly (storage/ledger/sql-decimal.ts), added into each currency's total.

/** a + b, both non-negative decimal strings ("12.5", "0.000001"). */
export function addDecimal(a: string, b: string): string {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const scale = Math.max(af.length, bf.length);
  const sum = BigInt(ai + af.padEnd(scale, '0')) + BigInt(bi + bf.padEnd(scale, '0'));
  const digits = sum.toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
