import { describe, expect, it } from 'vitest';
import { initialState, next, type StorageLike } from '../checkout';
import { validateOptions } from './config';
import { checkoutInit } from './setup';
import { REMEMBER_KEY, choicesOf, loadRemembered, saveRemembered, withRemembered } from './remember';

const memory = (): StorageLike & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
};

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function chosen() {
  let s = initialState({ idempotencyKey: 'k' });
  s = next(s, { type: 'SET_COUNTRY', country: 'US' });
  s = next(s, { type: 'SET_SUBDIVISION', subdivision: 'US-NY' });
  s = next(s, { type: 'SET_FIAT', fiatCurrency: 'USD' });
  s = next(s, { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' } });
  s = next(s, { type: 'SET_PAYMENT_METHOD', method: 'CREDIT_DEBIT_CARD' });
  return next(s, { type: 'SET_WALLET', address: WALLET });
}

describe('remembering the shopper', () => {
  it('keeps country, state, currencies and method; the wallet only when asked', () => {
    const storage = memory();
    saveRemembered(storage, choicesOf(chosen(), false));
    expect(loadRemembered(storage)).toEqual({
      country: 'US',
      subdivision: 'US-NY',
      fiatCurrency: 'USD',
      cryptoCurrency: 'ETH',
      network: 'ETHEREUM',
      paymentMethod: 'CREDIT_DEBIT_CARD',
    });
    saveRemembered(storage, choicesOf(chosen(), true));
    expect(loadRemembered(storage).walletAddress).toBe(WALLET);
  });

  it('starts the next checkout from them where the merchant set nothing', () => {
    const storage = memory();
    saveRemembered(storage, choicesOf(chosen(), true));
    const init = checkoutInit(validateOptions({}), 'k', loadRemembered(storage));
    expect(init.prefill).toMatchObject({
      country: 'US',
      subdivision: 'US-NY',
      fiatCurrency: 'USD',
      cryptoCurrency: 'ETH',
      network: 'ETHEREUM',
      paymentMethod: 'CREDIT_DEBIT_CARD',
      walletAddress: WALLET,
    });
    // The merchant's options win; a remembered state goes only with its country.
    expect(withRemembered({ country: 'GB', cryptoCurrency: 'BTC' }, loadRemembered(storage))).toEqual({
      country: 'GB',
      cryptoCurrency: 'BTC',
      fiatCurrency: 'USD',
      paymentMethod: 'CREDIT_DEBIT_CARD',
    });
  });

  it('ignores what it cannot read', () => {
    const storage = memory();
    storage.setItem(REMEMBER_KEY, '{not json');
    expect(loadRemembered(storage)).toEqual({});
    storage.setItem(REMEMBER_KEY, JSON.stringify({ v: 99, country: 'US' }));
    expect(loadRemembered(storage)).toEqual({});
    expect(loadRemembered(null)).toEqual({});
  });

  it('is the merchant’s to turn off, and defaultAmount is checked with the other options', () => {
    expect(validateOptions({}).remember).toBe(true);
    expect(validateOptions({ remember: 'false' }).remember).toBe(false);
    expect(() => validateOptions({ remember: 'maybe' })).toThrow(/remember must be true or false/);
    expect(validateOptions({ defaultAmount: 250 }).defaultAmount).toBe('250');
    expect(() => validateOptions({ defaultAmount: '-1' })).toThrow(
      /defaultAmount must be a positive decimal/,
    );
    expect(() => validateOptions({ amount: '10', defaultAmount: '20' })).toThrow(/not both/);
    expect(checkoutInit(validateOptions({ defaultAmount: '250' }), 'k').prefill?.defaultAmount).toBe('250');
  });
});
