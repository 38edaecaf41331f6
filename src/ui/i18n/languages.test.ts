// Which language a shopper gets: the one rule the widget applies to the browser's languages and the
// hosted page's server to Accept-Language (languages.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, languages, negotiateLocale, spokenLocale } from './languages';

describe('acceptedLanguages', () => {
  it('lists an Accept-Language header’s tags by q-value, then as given, leaving out q=0', () => {
    expect(acceptedLanguages('nl-NL,nl;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['nl-NL', 'nl', 'en-US', 'en']);
    expect(acceptedLanguages('fr;q=0.5, de-AT , es;q=0.8, it;q=0, ja;q=0.5')).toEqual([
      'de-AT',
      'es',
      'fr',
      'ja',
    ]);
    expect(acceptedLanguages('da, en-gb;level=1;q=0.8, en;Q=0.7')).toEqual(['da', 'en-gb', 'en']);
  });

  it('drops entries whose weight is not one, and answers nothing for no header', () => {
    expect(acceptedLanguages('de;q=abc, fr;q=, es;q=1.5, pt;q=-1, it;q=0.001')).toEqual(['it']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(' , ;q=1,')).toEqual([]);
  });
});

describe('spokenLocale', () => {
  it.each([
    ['en_US', 'en-US'],
    ['EN-us', 'en-US'],
    ['de-at', 'de-AT'],
    ['pt-BR', 'pt-BR'],
    ['zh-Hant-TW', 'zh-Hant-TW'],
    ['zh-TW', 'zh-TW'],
    ['en_GB.UTF-8', 'en-GB'],
    ['de_DE@euro', 'de-DE'],
    [' fr ', 'fr'],
    ['en-US-u-nu-arab', 'en-US'], // formatting extensions are the shopper's browser's, not ours to pass on
  ])('speaks %j as %j', (tag, locale) => {
    expect(spokenLocale(tag)).toBe(locale);
  });

  it.each([
    'nl-NL',
    'pl-PL',
    'sv',
    '*',
    'C',
    'c',
    'POSIX',
    'C.UTF-8',
    'und',
    'x-klingon',
    'i-default',
    'e',
    '',
    'de DE',
    'en--US',
    '😀',
  ])('does not speak %j', (tag) => {
    expect(spokenLocale(tag)).toBeUndefined();
  });
});

describe('negotiateLocale', () => {
  it('takes the first language the checkout speaks, a region falling back to its language', () => {
    expect(negotiateLocale(['nl-NL', 'de-AT', 'fr'])).toBe('de-AT');
    expect(negotiateLocale(['pt-BR'])).toBe('pt-BR');
    expect(negotiateLocale(['*', 'C', 'en_US'])).toBe('en-US');
    expect(negotiateLocale(acceptedLanguages('nl-NL,nl;q=0.9,en-US;q=0.8,fr;q=0.9'))).toBe('fr');
  });

  it('falls back to the merchant’s default language, else English', () => {
    expect(negotiateLocale(['nl-NL', 'pl-PL', '*'], 'fr')).toBe('fr');
    expect(negotiateLocale(['nl-NL'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
    expect(negotiateLocale([], undefined)).toBe('en');
  });

  it('always answers a locale of a language the checkout speaks, whatever a browser sends', () => {
    const header = fc.oneof(
      fc.string(),
      fc
        .array(
          fc.tuple(
            fc.oneof(fc.constantFrom('nl-NL', '*', 'C', 'en_US', 'pt-BR', 'zh-Hant-TW', 'x'), fc.string()),
            fc.oneof(
              fc.constant(''),
              fc.double().map((q) => `;q=${q}`),
              fc.string().map((s) => `;${s}`),
            ),
          ),
        )
        .map((entries) => entries.map(([tag, q]) => tag + q).join(',')),
    );
    fc.assert(
      fc.property(header, (value) => {
        const locale = negotiateLocale(acceptedLanguages(value));
        expect(languages).toContain(locale.split('-')[0]);
        expect(spokenLocale(locale)).toBe(locale);
      }),
    );
  });
});
