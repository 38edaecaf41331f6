// Issue 14 in the checkout: lockFields from the widget's locks, and the destination tag of chains
// that need one (asked, validated and sent).
import { describe, expect, it } from 'vitest';
import { BUY_STEPS, FACTS, T0, buyAt, quote, runWith, start } from './test-fixtures';
import type { CheckoutEvent } from './events';
import { guardStatus, walletTagFor } from './guards';
import { lockFieldsFor, sessionRequest } from './requests';

const XRP_WALLET = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

/** What the data says of the XRP buy: one quote for it. */
const XRP_FACTS = { ...FACTS, cryptoDecimals: 6, quotes: [quote({ destinationCurrencyCode: 'XRP' })] };
const run = (s: Parameters<typeof runWith>[1], ...events: CheckoutEvent[]) =>
  runWith(XRP_FACTS, s, ...events);

/** A buy of XRP on the XRP ledger, up to the wallet step. */
function xrpAtWallet() {
  const events: CheckoutEvent[] = [];
  for (const [step, group] of Object.entries(BUY_STEPS)) {
    if (step === 'wallet') break;
    const g =
      step === 'currencies'
        ? [
            { type: 'SET_FIAT', fiatCurrency: 'USD' } as const,
            { type: 'SET_CRYPTO', crypto: { currencyCode: 'XRP', chainCode: 'XRP_LEDGER' } } as const,
          ]
        : group;
    events.push(...g, { type: 'CONTINUE', at: T0 });
  }
  return run(start(), ...events, { type: 'SET_WALLET', address: XRP_WALLET });
}

describe('lockFields', () => {
  it('is empty when nothing is locked, and sent only when something is', () => {
    expect(lockFieldsFor(buyAt('launch'))).toEqual([]);
    expect(sessionRequest(buyAt('launch'), FACTS)?.sessionData).not.toHaveProperty('lockFields');
  });

  it('maps each locked option of a buy to the spec’s names', () => {
    const locked = buyAt(
      'launch',
      start({
        prefill: {
          amount: '100',
          walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          fiatCurrency: 'USD',
          cryptoCurrency: 'ETH',
          paymentMethod: 'CREDIT_DEBIT_CARD',
        },
        locked: ['amount', 'walletAddress', 'fiatCurrency', 'cryptoCurrency', 'paymentMethod', 'country'],
      }),
    );
    expect(sessionRequest(locked, FACTS)?.sessionData.lockFields).toEqual([
      'cryptoCurrency',
      'destinationCurrencyCode',
      'sourceCurrencyCode',
      'walletAddress',
      'sourceAmount',
      'paymentMethodType',
    ]);
  });

  it('on a sell, the crypto is the source and the fiat the destination', () => {
    const sell = {
      ...start({ direction: 'sell', directions: ['sell'] }),
      locked: ['fiatCurrency', 'cryptoCurrency'] as const,
    };
    expect(lockFieldsFor({ ...sell, locked: [...sell.locked] })).toEqual([
      'cryptoCurrency',
      'destinationCurrencyCode',
      'sourceCurrencyCode',
    ]);
    expect(lockFieldsFor({ ...sell, locked: ['fiatCurrency'] })).toEqual(['destinationCurrencyCode']);
    expect(lockFieldsFor({ ...sell, locked: ['cryptoCurrency'] })).toEqual([
      'cryptoCurrency',
      'sourceCurrencyCode',
    ]);
  });
});

describe('wallet tag', () => {
  it('is asked for an XRP buy: the wallet step holds only with a valid tag', () => {
    const s = xrpAtWallet();
    expect(walletTagFor(s)).toMatchObject({ kind: 'destinationTag' });
    expect(guardStatus(s, 'wallet', XRP_FACTS)).toBe('failed');
    expect(guardStatus(run(s, { type: 'SET_WALLET_TAG', tag: 'abc' }), 'wallet', XRP_FACTS)).toBe('failed');
    const tagged = run(s, { type: 'SET_WALLET_TAG', tag: ' 12345 ' });
    expect(guardStatus(tagged, 'wallet', XRP_FACTS)).toBe('ok');
    expect(sessionRequest(tagged, XRP_FACTS)?.sessionData).toMatchObject({
      walletAddress: XRP_WALLET,
      walletTag: '12345',
    });
  });

  it('is not asked (nor sent) for a crypto without tags', () => {
    const s = runWith(FACTS, buyAt('launch'), { type: 'SET_WALLET_TAG', tag: '1' });
    expect(walletTagFor(s)).toBeUndefined();
    expect(sessionRequest(s, FACTS)?.sessionData).not.toHaveProperty('walletTag');
  });

  it('is cleared when the chain changes', () => {
    const tagged = run(xrpAtWallet(), { type: 'SET_WALLET_TAG', tag: '7' });
    const moved = run(tagged, {
      type: 'SET_CRYPTO',
      crypto: { currencyCode: 'XLM', chainCode: 'STELLAR' },
    });
    expect(moved.selection.walletTag).toBeUndefined();
  });
});
