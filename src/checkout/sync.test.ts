import { describe, expect, it } from 'vitest';
import type { Currency, PaymentMethod } from '../api/types';
import { next } from './machine';
import { run, start, USD_LIMITS } from './test-fixtures';
import { syncEvents, type SyncLists } from './sync';
import type { Facts } from './state';

/** Nothing known of the data but what a test says. */
const NONE: Facts = {};
const LIMITED: Facts = { limits: USD_LIMITS, fiatDecimals: 2 };

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

const COUNTRIES: SyncLists['countries'] = [{ countryCode: 'DE' }, { countryCode: 'US' }];

describe('syncEvents: the lists become choices', () => {
  it('takes the bootstrap country, else the first', () => {
    expect(syncEvents(start(), { countries: COUNTRIES, bootstrapCountry: 'US' }, NONE)).toEqual([
      { type: 'SET_COUNTRY', country: 'US' },
    ]);
    expect(syncEvents(start(), { countries: COUNTRIES, bootstrapCountry: 'FR' }, NONE)).toEqual([
      { type: 'SET_COUNTRY', country: 'DE' },
    ]);
  });

  it('keeps a chosen country, also one the direction does not serve (the screen names it): never a silent switch', () => {
    const chosen = start({ prefill: { country: 'DE' } });
    expect(syncEvents(chosen, { countries: COUNTRIES, bootstrapCountry: 'US' }, NONE)).toEqual([]);
    const lacking = { countries: [{ countryCode: 'US' }], bootstrapCountry: 'US' };
    expect(syncEvents(start({ prefill: { country: 'DE' }, locked: ['country'] }), lacking, NONE)).toEqual([]);
    expect(syncEvents(chosen, lacking, NONE)).toEqual([]);
  });

  it("starts from the browser's country, served or not, before the server's guess", () => {
    const lists = { countries: COUNTRIES, bootstrapCountry: 'US' };
    expect(syncEvents(start(), { ...lists, browserCountry: 'DE' }, NONE)).toEqual([
      { type: 'SET_COUNTRY', country: 'DE' },
    ]);
    expect(syncEvents(start(), { ...lists, browserCountry: 'IT' }, NONE)).toEqual([
      { type: 'SET_COUNTRY', country: 'IT' },
    ]);
    expect(syncEvents(start(), lists, NONE)).toEqual([{ type: 'SET_COUNTRY', country: 'US' }]);
  });

  it("takes the country's preferred fiat, keeps a chosen one", () => {
    const fiat = { items: [currency('EUR'), currency('USD')], preferred: currency('USD') };
    expect(syncEvents(start(), { fiat }, NONE)).toEqual([{ type: 'SET_FIAT', fiatCurrency: 'USD' }]);
    const eur = run(start(), { type: 'SET_FIAT', fiatCurrency: 'EUR' });
    expect(syncEvents(eur, { fiat }, NONE)).toEqual([]);
  });

  it("takes the merchant's crypto, on the merchant's network, for a buy and a sell alike", () => {
    for (const direction of ['buy', 'sell'] as const) {
      const merchant = start({ direction, prefill: { cryptoCurrency: 'USDC', network: 'ETHEREUM' } });
      // Already the list's entry: nothing to send (its decimals are read from the list, not copied).
      const lists = { crypto: { options: [BTC, USDC_BASE, USDC_ETH], chosen: USDC_ETH } };
      expect(syncEvents(merchant, lists, NONE)).toEqual([]);
      // The entry carries a contract the prefill lacked: the choice takes it.
      const withContract = { ...USDC_ETH, contract: '0xa0b8' };
      expect(
        syncEvents(merchant, { crypto: { options: [withContract], chosen: withContract } }, NONE),
      ).toEqual([
        { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'ETHEREUM', contract: '0xa0b8' } },
      ]);
    }
  });

  it('with no choice, takes the first crypto on the network asked for, else the first', () => {
    const lists = { crypto: { options: [BTC, ETH] } };
    expect(syncEvents(start(), lists, NONE)).toMatchObject([
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'BTC' } },
    ]);
    expect(syncEvents(start({ prefill: { network: 'ETHEREUM' } }), lists, NONE)).toMatchObject([
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH' } },
    ]);
  });

  it('replaces a method no route serves by the preferred one, unless locked; its limits give the amount', () => {
    const methods = { items: [method('SEPA'), method('CREDIT_DEBIT_CARD')], preferred: method('SEPA') };
    expect(syncEvents(start(), { methods }, NONE)).toEqual([{ type: 'SET_PAYMENT_METHOD', method: 'SEPA' }]);
    const pix = start({ prefill: { paymentMethod: 'PIX' }, locked: ['paymentMethod'] });
    expect(syncEvents(pix, { methods }, NONE)).toEqual([]);
    const card = start({ prefill: { paymentMethod: 'CREDIT_DEBIT_CARD' } });
    expect(syncEvents(card, { methods }, LIMITED)).toEqual([
      { type: 'SET_AMOUNT', text: '100', byDefault: 'auto' },
    ]);
    // A method about to be replaced: no amount follows limits that are not its.
    expect(syncEvents(start({ prefill: { paymentMethod: 'PIX' } }), { methods }, LIMITED)).toEqual([
      { type: 'SET_PAYMENT_METHOD', method: 'SEPA' },
    ]);
  });

  it('opens with a price: a round amount within the limits, until the shopper types one', () => {
    const card = start({ prefill: { paymentMethod: 'CREDIT_DEBIT_CARD' } });
    const lists = { methods: { items: [method('CREDIT_DEBIT_CARD')] } };
    const [amount] = syncEvents(card, lists, LIMITED);
    expect(amount).toEqual({ type: 'SET_AMOUNT', text: '100', byDefault: 'auto' });
    // The automatic amount follows the limits (another currency's, say).
    const defaulted = next(card, amount!);
    expect(defaulted.selection.amount).toBe('100');
    const wider = { currencyCode: 'USD', min: 50, max: 5000 };
    expect(syncEvents(defaulted, lists, { ...LIMITED, limits: wider })).toContainEqual({
      type: 'SET_AMOUNT',
      text: '500',
      byDefault: 'auto',
    });
    // Typed (even cleared) by the shopper: never replaced, not even by a default sent late.
    const typed = next(defaulted, { type: 'SET_AMOUNT', text: '' });
    expect(next(typed, { type: 'SET_AMOUNT', text: '500', byDefault: 'auto' })).toBe(typed);
    expect(syncEvents(typed, lists, { ...LIMITED, limits: wider })).toEqual([]);
    // Given by the `amount` option: kept.
    const given = start({ prefill: { paymentMethod: 'CREDIT_DEBIT_CARD', amount: '42' } });
    expect(syncEvents(given, lists, LIMITED)).toEqual([]);
  });

  it("starts from the merchant's defaultAmount, in its direction only", () => {
    const init = { prefill: { paymentMethod: 'CREDIT_DEBIT_CARD', defaultAmount: '250' } };
    const s = start(init);
    expect(s.selection.amount).toBe('250');
    expect(s.prefs.amountBy).toBe('option');
    const lists = { methods: { items: [method('CREDIT_DEBIT_CARD')] } };
    expect(syncEvents(s, lists, LIMITED)).toEqual([]);
    // The other direction's amount is in crypto: a sell gets its own default once a rate is known.
    const sell = run(
      s,
      { type: 'SET_DIRECTION', direction: 'sell' },
      { type: 'SET_PAYMENT_METHOD', method: 'CREDIT_DEBIT_CARD' },
    );
    expect(sell.selection.amount).toBeUndefined();
    expect(syncEvents(sell, { ...lists, rate: 2000 }, { limits: USD_LIMITS })).toContainEqual({
      type: 'SET_AMOUNT',
      text: '0.05',
      byDefault: 'auto',
    });
  });

  it('sends nothing while tracking a transaction', () => {
    const tracking = { ...start(), step: 'status' as const };
    expect(syncEvents(tracking, { countries: COUNTRIES, crypto: { options: [BTC] } }, NONE)).toEqual([]);
  });
});
