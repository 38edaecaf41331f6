import { describe, expect, it } from 'vitest';
import type { Currency, PaymentMethod } from '../api/types';
import { next } from './machine';
import { quote, run, start, USD_LIMITS } from './test-fixtures';
import { quoteEvents, syncEvents, type SyncLists } from './sync';

const currency = (currencyCode: string, over: Partial<Currency> = {}): Currency => ({
  currencyCode,
  name: currencyCode,
  decimalPlaces: 2,
  type: 'FIAT',
  ...over,
});
const BTC = currency('BTC', { type: 'CRYPTO', chainCode: 'BITCOIN', decimalPlaces: 8 });
const ETH = currency('ETH', { type: 'CRYPTO', chainCode: 'ETHEREUM', decimalPlaces: 18 });
const USDC_BASE = currency('USDC', { type: 'CRYPTO', chainCode: 'BASE', decimalPlaces: 6 });
const USDC_ETH = currency('USDC', { type: 'CRYPTO', chainCode: 'ETHEREUM', decimalPlaces: 6 });
const method = (m: string): PaymentMethod => ({ method: m, name: m }) as PaymentMethod;

const COUNTRIES: SyncLists['countries'] = [
  { countryCode: 'DE', needsSubdivision: false },
  { countryCode: 'US', needsSubdivision: true },
];

describe('syncEvents: the lists become choices', () => {
  it('takes the bootstrap country, else the first, with whether it needs a state', () => {
    expect(syncEvents(start(), { countries: COUNTRIES, bootstrapCountry: 'US' })).toEqual([
      { type: 'SET_COUNTRY', country: 'US', requiresSubdivision: true },
    ]);
    expect(syncEvents(start(), { countries: COUNTRIES, bootstrapCountry: 'FR' })).toEqual([
      { type: 'SET_COUNTRY', country: 'DE', requiresSubdivision: false },
    ]);
  });

  it('keeps a chosen country, also one the direction does not serve (the screen names it): never a silent switch', () => {
    const chosen = start({ prefill: { country: 'DE' } });
    expect(syncEvents(chosen, { countries: COUNTRIES, bootstrapCountry: 'US' })).toEqual([]);
    const lacking = { countries: [{ countryCode: 'US', needsSubdivision: true }], bootstrapCountry: 'US' };
    expect(syncEvents(start({ prefill: { country: 'DE' }, locked: ['country'] }), lacking)).toEqual([]);
    expect(syncEvents(chosen, lacking)).toEqual([]);
  });

  it("starts from the browser's country, served or not, before the server's guess", () => {
    const lists = { countries: COUNTRIES, bootstrapCountry: 'US' };
    expect(syncEvents(start(), { ...lists, browserCountry: 'DE' })).toEqual([
      { type: 'SET_COUNTRY', country: 'DE', requiresSubdivision: false },
    ]);
    expect(syncEvents(start(), { ...lists, browserCountry: 'IT' })).toEqual([
      { type: 'SET_COUNTRY', country: 'IT', requiresSubdivision: false },
    ]);
    expect(syncEvents(start(), lists)).toEqual([
      { type: 'SET_COUNTRY', country: 'US', requiresSubdivision: true },
    ]);
  });

  it("takes the country's preferred fiat with its decimals, keeps a chosen one", () => {
    const fiat = { items: [currency('EUR'), currency('USD')], preferred: currency('USD') };
    expect(syncEvents(start(), { fiat })).toEqual([{ type: 'SET_FIAT', fiatCurrency: 'USD', decimals: 2 }]);
    const eur = run(start(), { type: 'SET_FIAT', fiatCurrency: 'EUR', decimals: 2 });
    expect(syncEvents(eur, { fiat })).toEqual([]);
  });

  it("takes the merchant's crypto, on the merchant's network, for a buy and a sell alike", () => {
    for (const direction of ['buy', 'sell'] as const) {
      const merchant = start({ direction, prefill: { cryptoCurrency: 'USDC', network: 'ETHEREUM' } });
      const lists = { crypto: { options: [BTC, USDC_BASE, USDC_ETH], chosen: USDC_ETH } };
      expect(syncEvents(merchant, lists)).toEqual([
        {
          type: 'SET_CRYPTO',
          crypto: { currencyCode: 'USDC', chainCode: 'ETHEREUM', contract: undefined },
          decimals: 6,
        },
      ]);
    }
  });

  it('with no choice, takes the first crypto on the network asked for, else the first', () => {
    const lists = { crypto: { options: [BTC, ETH] } };
    expect(syncEvents(start(), lists)).toMatchObject([
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'BTC' } },
    ]);
    expect(syncEvents(start({ prefill: { network: 'ETHEREUM' } }), lists)).toMatchObject([
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH' } },
    ]);
  });

  it('replaces a method no route serves by the preferred one, unless locked; then gives its limits', () => {
    const methods = { items: [method('SEPA'), method('CREDIT_DEBIT_CARD')], preferred: method('SEPA') };
    expect(syncEvents(start(), { methods })).toEqual([{ type: 'SET_PAYMENT_METHOD', method: 'SEPA' }]);
    const pix = start({ prefill: { paymentMethod: 'PIX' }, locked: ['paymentMethod'] });
    expect(syncEvents(pix, { methods })).toEqual([]);
    const card = start({ prefill: { paymentMethod: 'CREDIT_DEBIT_CARD' } });
    expect(syncEvents(card, { methods, limits: USD_LIMITS })).toEqual([
      { type: 'SET_LIMITS', limits: USD_LIMITS },
      { type: 'SET_AMOUNT', text: '100', byDefault: 'auto' },
    ]);
  });

  it('opens with a price: a round amount within the limits, until the shopper types one', () => {
    const card = start({ prefill: { paymentMethod: 'CREDIT_DEBIT_CARD' } });
    const lists = { methods: { items: [method('CREDIT_DEBIT_CARD')] }, limits: USD_LIMITS };
    const [, amount] = syncEvents(card, lists);
    expect(amount).toEqual({ type: 'SET_AMOUNT', text: '100', byDefault: 'auto' });
    // The automatic amount follows the limits (another currency's, say).
    const defaulted = next(card, amount!);
    expect(defaulted.selection.amount).toBe('100');
    const wider = { currencyCode: 'USD', min: 50, max: 5000 };
    expect(syncEvents(defaulted, { ...lists, limits: wider })).toContainEqual({
      type: 'SET_AMOUNT',
      text: '500',
      byDefault: 'auto',
    });
    // Typed (even cleared) by the shopper: never replaced, not even by a default sent late.
    const typed = next(defaulted, { type: 'SET_AMOUNT', text: '' });
    expect(next(typed, { type: 'SET_AMOUNT', text: '500', byDefault: 'auto' })).toBe(typed);
    expect(syncEvents(typed, { ...lists, limits: wider })).toEqual([{ type: 'SET_LIMITS', limits: wider }]);
    // Given by the `amount` option: kept.
    const given = start({ prefill: { paymentMethod: 'CREDIT_DEBIT_CARD', amount: '42' } });
    expect(syncEvents(given, lists)).toEqual([{ type: 'SET_LIMITS', limits: USD_LIMITS }]);
  });

  it("starts from the merchant's defaultAmount, in its direction only", () => {
    const init = { prefill: { paymentMethod: 'CREDIT_DEBIT_CARD', defaultAmount: '250' } };
    const s = start(init);
    expect(s.selection.amount).toBe('250');
    expect(s.facts.amountBy).toBe('option');
    const lists = { methods: { items: [method('CREDIT_DEBIT_CARD')] }, limits: USD_LIMITS };
    expect(syncEvents(s, lists)).toEqual([{ type: 'SET_LIMITS', limits: USD_LIMITS }]);
    // The other direction's amount is in crypto: a sell gets its own default once a rate is known.
    const sell = run(
      s,
      { type: 'SET_DIRECTION', direction: 'sell' },
      { type: 'SET_PAYMENT_METHOD', method: 'CREDIT_DEBIT_CARD' },
    );
    expect(sell.selection.amount).toBeUndefined();
    expect(syncEvents(sell, { ...lists, rate: 2000 })).toContainEqual({
      type: 'SET_AMOUNT',
      text: '0.05',
      byDefault: 'auto',
    });
  });

  it('sends nothing while tracking a transaction', () => {
    const tracking = { ...start(), step: 'status' as const };
    expect(syncEvents(tracking, { countries: COUNTRIES, crypto: { options: [BTC] } })).toEqual([]);
  });
});

describe('quoteEvents', () => {
  it('gives a sell the best rate before the list', () => {
    const quotes = [
      quote({ sourceAmount: 1, destinationAmount: 2900 }),
      quote({ sourceAmount: 1, destinationAmount: 3000 }),
    ];
    expect(quoteEvents('sell', quotes, 5)).toEqual([
      { type: 'SET_RATE', fiatPerCrypto: 3000 },
      { type: 'QUOTES_RECEIVED', quotes, at: 5 },
    ]);
    expect(quoteEvents('buy', quotes, 5)).toEqual([{ type: 'QUOTES_RECEIVED', quotes, at: 5 }]);
    expect(quoteEvents('buy', [], 5)).toEqual([]);
  });
});
