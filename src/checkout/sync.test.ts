import { describe, expect, it } from 'vitest';
import type { Currency, PaymentMethod } from '../api/types';
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

  it('keeps a chosen country the list has; keeps a locked one it lacks, replaces an unlocked one', () => {
    const chosen = start({ prefill: { country: 'DE' } });
    expect(syncEvents(chosen, { countries: COUNTRIES, bootstrapCountry: 'US' })).toEqual([]);
    const lacking = { countries: [{ countryCode: 'US', needsSubdivision: true }] };
    expect(syncEvents(start({ prefill: { country: 'DE' }, locked: ['country'] }), lacking)).toEqual([]);
    expect(syncEvents(chosen, lacking)).toEqual([
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
    ]);
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
