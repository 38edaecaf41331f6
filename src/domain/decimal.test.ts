import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, compareDecimal, decimalFromNumber, multiplyDecimal } from './decimal';

/** Canonical decimal strings with up to 12 integer and 12 fractional digits. */
const decimal = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return canonicalDecimal(digits.slice(0, digits.length - scale), digits.slice(digits.length - scale));
  });

const toRational = (d: string): [bigint, bigint] => {
  const [int = '0', frac = ''] = d.split('.');
  return [BigInt(int + frac), 10n ** BigInt(frac.length)];
};

describe('decimal', () => {
  it.each([
    ['007', '', '7'],
    ['0', '500', '0.5'],
    ['', '', '0'],
    ['10', '00', '10'],
  ])('canonicalDecimal(%j, %j) = %s', (int, frac, expected) => {
    expect(canonicalDecimal(int, frac)).toBe(expected);
  });

  it.each([
    [10, '10'],
    [0.1, '0.1'],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [1e21, '1000000000000000000000'],
    [2.5e22, '25000000000000000000000'],
    [0, '0'],
    [30.55, '30.55'],
  ])('decimalFromNumber(%s) = %s (what the publisher wrote, not the binary expansion)', (n, expected) => {
    expect(decimalFromNumber(n)).toBe(expected);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('decimalFromNumber(%s) is null', (n) => {
    expect(decimalFromNumber(n)).toBeNull();
  });

  it('compares at the bounds without float error', () => {
    expect(compareDecimal('10', '10')).toBe(0);
    expect(compareDecimal('0.3', decimalFromNumber(0.1 + 0.2) ?? '')).toBe(-1);
    expect(compareDecimal('9.99', '10')).toBe(-1);
    expect(compareDecimal('10.01', '10')).toBe(1);
  });

  it('multiplies exactly', () => {
    expect(multiplyDecimal('0.1', '3')).toBe('0.3');
    expect(multiplyDecimal('0.005', '2000')).toBe('10');
    expect(multiplyDecimal('0', '123.45')).toBe('0');
  });

  it('compare agrees with rational comparison', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const [an, ad] = toRational(a);
        const [bn, bd] = toRational(b);
        const expected = an * bd < bn * ad ? -1 : an * bd > bn * ad ? 1 : 0;
        expect(compareDecimal(a, b)).toBe(expected);
      }),
    );
  });

  it('multiply agrees with rational multiplication and stays canonical', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const product = multiplyDecimal(a, b);
        const [an, ad] = toRational(a);
        const [bn, bd] = toRational(b);
        const [pn, pd] = toRational(product);
        expect(pn * ad * bd).toBe(an * bn * pd);
        expect(product).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
      }),
    );
  });

  it('decimalFromNumber round-trips through Number', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e30, noNaN: true }), (n) => {
        expect(Number(decimalFromNumber(n))).toBe(n);
      }),
    );
  });
});
