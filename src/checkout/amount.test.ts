import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmount, validateAmount } from './amount';
import type { AmountRules } from './amount';

describe('parseAmount', () => {
  it.each<[string, string | undefined, string]>([
    ['1234.5', undefined, '1234.5'],
    ['1,234.56', undefined, '1234.56'],
    ['1,234.56', 'en-US', '1234.56'],
    ['1.234,56', 'de', '1234.56'],
    ['1 234,56', 'fr', '1234.56'],
    ['1\u202f234,56', 'fr', '1234.56'],
    ['1\u00a0234,56', 'fr', '1234.56'],
    ['1’234.56', 'de-CH', '1234.56'],
    ["1'234.56", 'de-CH', '1234.56'],
    ['1,000,000', undefined, '1000000'],
    ['1.000.000', 'de', '1000000'],
    ['1.000.000,5', 'de', '1000000.5'],
    // One separator followed by exactly three digits: the locale decides.
    ['1,234', 'en', '1234'],
    ['1.234', 'en', '1.234'],
    ['1.234', 'de', '1234'],
    ['1,234', 'de', '1.234'],
    // Otherwise a single separator is the decimal one, whatever the locale.
    ['0,5', 'en', '0.5'],
    ['12.5', 'de', '12.5'],
    ['.5', undefined, '0.5'],
    ['5.', undefined, '5'],
    ['  100  ', undefined, '100'],
    ['007', undefined, '7'],
    ['10.00', undefined, '10'],
    ['0', undefined, '0'],
    ['100', 'xx-invalid-locale-@@', '100'],
  ])('%j (%s) → %s', (text, locale, value) => {
    expect(parseAmount(text, locale)).toEqual({ ok: true, value });
  });

  it.each<[string, string]>([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-5', 'format'],
    ['+5', 'format'],
    ['1e5', 'format'],
    ['1E-2', 'format'],
    ['Infinity', 'format'],
    ['NaN', 'format'],
    ['0x10', 'format'],
    ['$100', 'format'],
    ['100 USD', 'format'],
    ['abc', 'format'],
    ['.', 'format'],
    [',', 'format'],
    ['1.2.3', 'format'],
    ['12,34,567', 'format'],
    ['1,234,5', 'format'],
    ['1  000', 'format'],
    ['1.234 567,5', 'format'],
    ['١٢٣', 'format'],
    ['1'.repeat(65), 'format'],
    ['1234567890123456', 'tooLarge'],
  ])('%j is rejected (%s)', (text, reason) => {
    expect(parseAmount(text)).toEqual({ ok: false, reason });
  });

  it('rejects more significant decimals than allowed', () => {
    expect(parseAmount('10.555', undefined, 2)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseAmount('10.550', undefined, 2)).toEqual({ ok: true, value: '10.55' });
    expect(parseAmount('1.5', undefined, 0)).toEqual({ ok: false, reason: 'decimals' });
    expect(parseAmount('15.000', undefined, 0)).toEqual({ ok: true, value: '15' });
  });

  it('reads back what Intl formats, in every supported locale', () => {
    const locales = [
      'en-US',
      'de-DE',
      'fr-FR',
      'es-ES',
      'it-IT',
      'pt-BR',
      'nl-NL',
      'de-CH',
      'en-GB',
      'pl-PL',
      'sv-SE',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.integer({ min: 0, max: 2 }),
        (locale, units, decimals) => {
          const value = Number(units) / 10 ** decimals;
          const text = new Intl.NumberFormat(locale, {
            maximumFractionDigits: decimals,
            minimumFractionDigits: decimals,
          }).format(value);
          const parsed = parseAmount(text, locale, 2);
          expect(parsed).toEqual({ ok: true, value: String(value) });
        },
      ),
    );
  });

  it('is idempotent on its own output', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(undefined, 'en', 'de', 'fr'), (text, locale) => {
        const first = parseAmount(text, locale);
        if (first.ok) expect(parseAmount(first.value)).toEqual(first);
      }),
    );
  });
});

describe('validateAmount', () => {
  const buy: AmountRules = {
    direction: 'buy',
    limits: { currencyCode: 'USD', min: 10, max: 5000 },
    decimals: 2,
  };
  const sell: AmountRules = {
    direction: 'sell',
    limits: { currencyCode: 'EUR', min: 20, max: 1000 },
    fiatPerCrypto: 2000,
    decimals: 8,
  };

  it.each<[string, AmountRules, ReturnType<typeof validateAmount>]>([
    ['10.00', buy, { ok: true, value: '10', fiatValue: 10 }],
    ['5000', buy, { ok: true, value: '5000', fiatValue: 5000 }],
    ['9.99', buy, { ok: false, reason: 'min', bound: 10, currency: 'USD' }],
    ['5000.01', buy, { ok: false, reason: 'max', bound: 5000, currency: 'USD' }],
    ['0', buy, { ok: false, reason: 'zero' }],
    ['0.00', buy, { ok: false, reason: 'zero' }],
    ['', buy, { ok: false, reason: 'empty' }],
    ['ten', buy, { ok: false, reason: 'format' }],
    ['10.001', buy, { ok: false, reason: 'decimals' }],
    ['100', { ...buy, limits: null }, { ok: true, value: '100', fiatValue: 100 }],
    ['1', { ...buy, limits: undefined }, { ok: true, value: '1', fiatValue: 1 }],
    // Sell: crypto × rate against the fiat limits, exactly at the bounds.
    ['0.01', sell, { ok: true, value: '0.01', fiatValue: 20 }],
    ['0.5', sell, { ok: true, value: '0.5', fiatValue: 1000 }],
    ['0.00999999', sell, { ok: false, reason: 'min', bound: 20, currency: 'EUR' }],
    ['0.50000001', sell, { ok: false, reason: 'max', bound: 1000, currency: 'EUR' }],
    ['0.000000001', sell, { ok: false, reason: 'decimals' }],
    // Without a rate, a sell amount can only be checked for format and zero.
    ['0.00000001', { ...sell, fiatPerCrypto: undefined }, { ok: true, value: '0.00000001' }],
    ['0', { ...sell, fiatPerCrypto: undefined }, { ok: false, reason: 'zero' }],
  ])('%j → %j', (text, rules, expected) => {
    expect(validateAmount(text, rules)).toEqual(expected);
  });

  it('uses the locale', () => {
    expect(validateAmount('1.234,5', { ...buy, locale: 'de' })).toEqual({
      ok: true,
      value: '1234.5',
      fiatValue: 1234.5,
    });
  });

  it('has no float surprises at fractional bounds', () => {
    const rules: AmountRules = {
      direction: 'buy',
      limits: { currencyCode: 'USD', min: 0.3, max: 0.7 },
      decimals: 2,
    };
    expect(validateAmount('0.3', rules).ok).toBe(true);
    expect(validateAmount('0.7', rules).ok).toBe(true);
    // 0.1 × 3 is 0.30000000000000004 in floats: an exact sell check must still accept it.
    expect(validateAmount('3', { ...rules, direction: 'sell', fiatPerCrypto: 0.1 }).ok).toBe(true);
  });

  it('accepts exactly the amounts within the limits (buy)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_00 }),
        fc.integer({ min: 1, max: 5_000_00 }),
        fc.integer({ min: 0, max: 5_000_00 }),
        (cents, minCents, span) => {
          const limits = { currencyCode: 'USD', min: minCents / 100, max: (minCents + span) / 100 };
          const result = validateAmount((cents / 100).toFixed(2), { direction: 'buy', limits, decimals: 2 });
          const expected =
            cents === 0 ? 'zero' : cents < minCents ? 'min' : cents > minCents + span ? 'max' : 'ok';
          expect(result.ok ? 'ok' : result.reason).toBe(expected);
        },
      ),
    );
  });
});
