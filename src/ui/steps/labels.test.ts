import { describe, expect, it } from 'vitest';
import type { Country, Currency } from '../../api/types';
import { countryLabel, cryptoLabel, fiatLabel } from './labels';

const currency = (c: Partial<Currency> & { currencyCode: string; name: string }) => c as Currency;

describe('option labels', () => {
  it('name a fiat currency in the shopper’s language, the service’s name without one', () => {
    const usd = currency({ currencyCode: 'USD', name: 'US Dollar (service)' });
    expect(fiatLabel(usd, 'en')).toBe('USD · US Dollar');
    expect(fiatLabel(usd, 'de')).toBe('USD · US-Dollar');
    expect(fiatLabel(usd, 'ja')).toBe('USD · 米ドル');
    expect(fiatLabel(usd)).toBe('USD · US Dollar (service)');
    expect(fiatLabel(usd, 'not a locale!')).toBe('USD · US Dollar (service)');
    // A code the browser has no name for keeps the service's.
    expect(fiatLabel(currency({ currencyCode: 'QQQ', name: 'Quux' }), 'en')).toBe('QQQ · Quux');
  });

  it('name a region in the shopper’s language, keeping its code', () => {
    const de = { countryCode: 'DE', name: 'Germany' } as Country;
    expect(countryLabel(de, 'it')).toBe('Germania (DE)');
    expect(countryLabel(de, 'zh')).toBe('德国 (DE)');
    expect(countryLabel(de)).toBe('Germany (DE)');
  });

  it('name a crypto currency with its code and readable network', () => {
    expect(cryptoLabel(currency({ currencyCode: 'USDC', name: 'USD Coin', chainCode: 'SOLANA' }))).toBe(
      'USDC · USD Coin · Solana',
    );
    expect(cryptoLabel(currency({ currencyCode: 'BNB', name: 'BNB', chainCode: 'BSC' }))).toBe(
      'BNB · BNB · BNB Chain',
    );
  });
});
