import { describe, expect, it } from 'vitest';
import { languageRegions, resolveCountry } from './bootstrap';

const countries = [
  { countryCode: 'GB', name: 'United Kingdom' },
  { countryCode: 'US', name: 'United States' },
  { countryCode: 'DE', name: 'Germany' },
];

describe('languageRegions', () => {
  it('orders regions by weight, then position', () => {
    expect(languageRegions('fr;q=0.5, de-CH, en-US;q=0.8, es-419, zh-Hant-TW;q=0.9')).toEqual([
      'CH',
      'TW',
      'US',
    ]);
  });
  it('ignores garbage', () => {
    expect(languageRegions('*, ;;, en-us;q=abc')).toEqual([]);
  });
});

describe('resolveCountry', () => {
  it('prefers the asked country when supported', () => {
    expect(resolveCountry(countries, 'DE', 'en-US')?.countryCode).toBe('DE');
  });
  it('then the Accept-Language region', () => {
    expect(resolveCountry(countries, 'FR', 'fr-FR, de-DE;q=0.9')?.countryCode).toBe('DE');
  });
  it('then US', () => {
    expect(resolveCountry(countries, undefined, 'ja-JP')?.countryCode).toBe('US');
  });
  it('then the first', () => {
    expect(resolveCountry([countries[2]!, countries[0]!], undefined, undefined)?.countryCode).toBe('DE');
  });
  it('is undefined for no countries', () => {
    expect(resolveCountry([], 'US', 'en-US')).toBeUndefined();
  });
});
