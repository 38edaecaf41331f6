// Exact arithmetic on non-negative decimal strings ("12.5"), so amounts compare with limits
// and rates without binary-float surprises (0.1 + 0.2, 10.00 vs 10, 0.1 × 3).

/** Canonical form: no leading zeros (except a lone "0"), no trailing fractional zeros. */
export function canonicalDecimal(int: string, frac: string): string {
  const i = int.replace(/^0+/, '') || '0';
  const f = frac.replace(/0+$/, '');
  return f ? `${i}.${f}` : i;
}

/**
 * The decimal a publisher meant by `n`: its shortest round-trip form, with any exponent expanded
 * (1e-7 → "0.0000001"). Null for negative or non-finite numbers.
 */
export function decimalFromNumber(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) return null;
  const int = m[1] ?? '0';
  let digits = int + (m[2] ?? '');
  let point = int.length + Number(m[3] ?? 0);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  return canonicalDecimal(digits.slice(0, point), digits.slice(point));
}

interface Scaled {
  units: bigint;
  scale: number;
}

function scaled(d: string): Scaled {
  const [int = '0', frac = ''] = d.split('.');
  return { units: BigInt(int + frac), scale: frac.length };
}

function align(a: Scaled, b: Scaled): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale)];
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (both canonical decimal strings). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = align(scaled(a), scaled(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The exact product of two decimal strings, canonical. */
export function multiplyDecimal(a: string, b: string): string {
  const x = scaled(a);
  const y = scaled(b);
  const scale = x.scale + y.scale;
  const digits = (x.units * y.units).toString().padStart(scale + 1, '0');
  return canonicalDecimal(digits.slice(0, digits.length - scale), digits.slice(digits.length - scale));
}
