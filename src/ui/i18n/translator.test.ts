import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from './catalogs';
import { type MessageKey } from './en';
import { languages, negotiateLanguage } from './languages';
import { createTranslator, isMessageKey } from './translator';

describe('catalogs', () => {
  it('holds the stable English accessible names of CONTRACTS §3', () => {
    const t = createTranslator('en');
    expect(
      [
        'name.widget',
        'name.direction',
        'name.buy',
        'name.sell',
        'name.country',
        'name.subdivision',
        'name.fiatCurrency',
        'name.cryptoCurrency',
        'name.paymentMethod',
        'name.amount',
        'name.quotes',
        'name.walletAddress',
        'name.continue',
        'name.back',
        'name.transactionStatus',
      ].map((k) => t(k as MessageKey)),
    ).toEqual([
      'Crypto checkout',
      'Direction',
      'Buy',
      'Sell',
      'Country',
      'State',
      'Fiat currency',
      'Crypto currency',
      'Payment method',
      'Amount',
      'Quotes',
      'Wallet address',
      'Continue',
      'Back',
      'Transaction status',
    ]);
    expect(t('name.continueTo', { partner: 'Banxa' })).toBe('Continue to Banxa');
    expect(t('status.SETTLED')).toBe('Completed');
    expect(t('error.NO_VALID_QUOTES')).toBe(
      'No partner can quote this. Try another payment method or amount.',
    );
    expect(t('quote.refreshIn', { seconds: 12 })).toBe('Quotes refresh in 12s');
  });
});

describe('negotiateLanguage', () => {
  it('takes the language of a BCP-47 tag, else English', () => {
    expect(negotiateLanguage('es-MX')).toBe('es');
    expect(negotiateLanguage('FR-ca')).toBe('fr');
    expect(negotiateLanguage('de')).toBe('de');
    expect(negotiateLanguage('ja-JP')).toBe('ja');
    expect(negotiateLanguage('pt-BR')).toBe('pt');
    expect(negotiateLanguage('zh-Hant-TW')).toBe('zh');
    expect(negotiateLanguage('tr')).toBe('tr');
    expect(negotiateLanguage('sv-SE')).toBe('en');
    expect(negotiateLanguage('not a tag!')).toBe('en');
    expect(negotiateLanguage('')).toBe('en');
    expect(negotiateLanguage()).toBe('en');
  });

  it('never throws and always answers a supported language', () => {
    fc.assert(
      fc.property(fc.string(), (tag) => {
        expect(languages).toContain(negotiateLanguage(tag));
      }),
    );
  });
});

describe('createTranslator', () => {
  beforeAll(() => Promise.all(languages.map(loadCatalog)));

  it('translates and interpolates, exposing language and a canonical locale for Intl', () => {
    const t = createTranslator('es-mx');
    expect(t.language).toBe('es');
    expect(t.locale).toBe('es-MX');
    expect(t('name.continueTo', { partner: 'Banxa' })).toBe('Continuar con Banxa');
    expect(t('step.progress', { step: 3, total: 8 })).toBe('Paso 3 de 8');
  });

  it('falls back to English for unknown languages, keeping their locale for formatting', () => {
    const t = createTranslator('sv-SE');
    expect(t.language).toBe('en');
    expect(t.locale).toBe('sv-SE');
    expect(t('name.amount')).toBe('Amount');
    expect(createTranslator('%%').locale).toBe('en');
  });

  it('picks plural forms by count', () => {
    const en1 = createTranslator('en');
    expect(en1('amount.decimals', { count: 1 })).toBe('Use at most 1 decimal place');
    expect(en1('amount.decimals', { count: 2 })).toBe('Use at most 2 decimal places');
    expect(createTranslator('fr')('amount.decimals', { count: 0 })).toBe('Utilisez au plus 0 décimale');
    expect(createTranslator('de')('amount.decimals', { count: 8 })).toBe('Höchstens 8 Nachkommastellen');
  });

  it("says the merchant's words over the catalog's, in the language in use only", () => {
    const overrides = {
      en: { 'name.continue': 'Next', 'order.compare_other': 'See all {count} offers' },
      es: { 'name.continue': 'Seguir' },
    };
    const en1 = createTranslator('en-GB', overrides);
    expect(en1('name.continue')).toBe('Next');
    expect(en1('name.back')).toBe('Back');
    expect(en1('order.compare', { count: 3 })).toBe('See all 3 offers');
    expect(en1('order.compare', { count: 1 })).toBe('Compare 1 offer');
    expect(createTranslator('es', overrides)('name.continue')).toBe('Seguir');
    expect(createTranslator('de', overrides)('name.continue')).toBe('Weiter');
  });

  it('leaves missing params visible and returns unknown keys as-is', () => {
    const t = createTranslator();
    expect(t('amount.min')).toBe('The minimum is {amount}');
    expect(t('nope' as MessageKey)).toBe('nope');
  });

  it('does not interpret $ patterns in values', () => {
    expect(createTranslator()('amount.min', { amount: '$$20.00 $&' })).toBe('The minimum is $$20.00 $&');
  });
});

describe('isMessageKey', () => {
  it('knows catalog keys only (not inherited properties)', () => {
    expect(isMessageKey('status.SETTLED')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
  });
});
