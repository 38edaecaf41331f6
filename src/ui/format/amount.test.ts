import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatPercent } from './amount';

// Intl separates amount and code with no-break spaces; compare with plain ones.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatAmount', () => {
  it('fiat: ISO currencies in currency style, with their own minor units', () => {
    expect(formatAmount(1234.5, { kind: 'fiat', currency: 'USD', locale: 'en-US' })).toBe('$1,234.50');
    expect(plain(formatAmount(1234.5, { kind: 'fiat', currency: 'EUR', locale: 'de-DE' }))).toBe(
      '1.234,50 €',
    );
    expect(formatAmount(15000, { kind: 'fiat', currency: 'JPY', locale: 'en-US', decimals: 2 })).toBe(
      '¥15,000',
    );
    expect(formatAmount('99.999', { kind: 'fiat', currency: 'usd', locale: 'en-US' })).toBe('$100.00');
  });

  it('fiat: codes Intl does not know as number and code, with the given decimals', () => {
    expect(plain(formatAmount(10, { kind: 'fiat', currency: 'XYZW', locale: 'en-US' }))).toBe('10.00 XYZW');
    expect(plain(formatAmount(10, { kind: 'fiat', currency: 'XYZW', decimals: 0, locale: 'en' }))).toBe(
      '10 XYZW',
    );
  });

  it('crypto: up to its decimals (8 at most), trailing zeros trimmed', () => {
    expect(
      plain(formatAmount(0.12345678, { kind: 'crypto', currency: 'BTC', decimals: 8, locale: 'en' })),
    ).toBe('0.12345678 BTC');
    expect(
      plain(formatAmount('1.50000000', { kind: 'crypto', currency: 'BTC', decimals: 8, locale: 'en' })),
    ).toBe('1.5 BTC');
    expect(
      plain(
        formatAmount('0.123456789012345678', { kind: 'crypto', currency: 'ETH', decimals: 18, locale: 'en' }),
      ),
    ).toBe('0.12345679 ETH');
    expect(plain(formatAmount(2.5, { kind: 'crypto', currency: 'USDC', decimals: 6, locale: 'de-DE' }))).toBe(
      '2,5 USDC',
    );
    expect(plain(formatAmount(1.23456, { kind: 'crypto', currency: 'XRP', decimals: 2, locale: 'en' }))).toBe(
      '1.23 XRP',
    );
  });

  it('crypto: dust shows its significant digits rather than 0', () => {
    expect(
      plain(formatAmount('0.000000000123', { kind: 'crypto', currency: 'ETH', decimals: 18, locale: 'en' })),
    ).toBe('0.00000000012 ETH');
    expect(plain(formatAmount(0, { kind: 'crypto', currency: 'ETH', locale: 'en' }))).toBe('0 ETH');
    // A currency with 2 decimals has no dust below them.
    expect(plain(formatAmount(0.001, { kind: 'crypto', currency: 'XRP', decimals: 2, locale: 'en' }))).toBe(
      '0 XRP',
    );
  });

  it('returns unparseable input unchanged and survives a bad locale', () => {
    expect(formatAmount('abc', { kind: 'fiat', currency: 'USD' })).toBe('abc');
    expect(formatAmount(Number.NaN, { kind: 'crypto' })).toBe('NaN');
    expect(formatAmount(5, { kind: 'fiat', currency: 'USD', locale: 'not a locale!' })).toBe('$5.00');
  });

  it('crypto never shows more than 8 decimals, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 30 }),
        (value, decimals) => {
          const text = formatAmount(value, { kind: 'crypto', currency: 'BTC', decimals, locale: 'en-US' });
          const fraction = text.split(/\s/)[0]!.split('.')[1] ?? '';
          expect(fraction.length).toBeLessThanOrEqual(Math.min(decimals, 8));
          expect(fraction.endsWith('0')).toBe(false);
        },
      ),
    );
  });
});

describe('formatPercent', () => {
  it('formats a ratio as a percentage', () => {
    expect(formatPercent(0.015, { locale: 'en' })).toBe('1.5%');
    expect(plain(formatPercent(0.015, { locale: 'de' }))).toBe('1,5 %');
  });
});
