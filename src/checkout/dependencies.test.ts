import { describe, expect, it } from 'vitest';
import { FACTS, SOL_WALLET, buyAt } from './test-fixtures';
import { DEPENDS_ON, PIECE_ORDER, dependentsOf } from './dependencies';
import type { Piece } from './dependencies';
import type { CheckoutEvent } from './events';
import { next } from './machine';
import type { CheckoutState } from './state';

describe('the dependency table', () => {
  it('orders every piece after what it depends on', () => {
    for (const piece of PIECE_ORDER) {
      for (const dep of DEPENDS_ON[piece])
        expect(PIECE_ORDER.indexOf(dep)).toBeLessThan(PIECE_ORDER.indexOf(piece));
    }
    expect([...PIECE_ORDER].sort()).toEqual(Object.keys(DEPENDS_ON).sort());
  });

  it.each<[Piece, Piece[]]>([
    ['direction', ['paymentMethod', 'amount', 'offer']],
    [
      'country',
      [
        'subdivision',
        'fiatCurrency',
        'crypto',
        'chain',
        'paymentMethod',
        'offer',
        'walletAddress',
        'walletTag',
      ],
    ],
    ['subdivision', ['offer']],
    ['fiatCurrency', ['paymentMethod', 'offer']],
    ['crypto', ['chain', 'offer', 'walletAddress', 'walletTag']],
    ['paymentMethod', ['offer']],
    ['amount', ['offer']],
    ['offer', []],
    ['walletAddress', []],
    ['walletTag', []],
  ])('a change of %s may clear %j', (piece, dependents) => {
    expect(dependentsOf(piece).sort()).toEqual([...dependents].sort());
  });
});

/** The selection and preference fields whose values differ. */
function changed(a: CheckoutState, b: CheckoutState): string[] {
  const diff = (x: object, y: object) =>
    [...new Set([...Object.keys(x), ...Object.keys(y)])].filter(
      (k) => JSON.stringify(x[k as keyof typeof x]) !== JSON.stringify(y[k as keyof typeof y]),
    );
  return [...diff(a.selection, b.selection), ...diff(a.prefs, b.prefs)].sort();
}

describe('invalidation through the machine', () => {
  // A complete buy, the offer picked.
  const full = () => buyAt('launch');

  it.each<[string, CheckoutEvent, string[]]>([
    [
      'direction',
      { type: 'SET_DIRECTION', direction: 'sell' },
      // Who set the amount goes with it: the new direction's amount gets its own default.
      ['direction', 'paymentMethod', 'amount', 'amountBy', 'offer'],
    ],
    [
      'country',
      { type: 'SET_COUNTRY', country: 'DE' },
      [
        'country',
        'subdivision',
        'fiatCurrency',
        'crypto',
        'network',
        'paymentMethod',
        'offer',
        'walletAddress',
      ],
    ],
    ['subdivision', { type: 'SET_SUBDIVISION', subdivision: 'US-CA' }, ['subdivision', 'offer']],
    ['fiat', { type: 'SET_FIAT', fiatCurrency: 'EUR' }, ['fiatCurrency', 'paymentMethod', 'offer']],
    [
      'crypto on the same chain (the wallet stays)',
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'ETHEREUM' } },
      ['crypto', 'offer'],
    ],
    [
      'crypto on another chain (the wallet goes)',
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'BASE' } },
      ['crypto', 'network', 'offer', 'walletAddress'],
    ],
    ['method', { type: 'SET_PAYMENT_METHOD', method: 'APPLE_PAY' }, ['paymentMethod', 'offer']],
    ['amount', { type: 'SET_AMOUNT', text: '250' }, ['amount', 'offer']],
    ['wallet', { type: 'SET_WALLET', address: SOL_WALLET }, ['walletAddress']],
  ])('changing the %s clears exactly what depends on it', (_, event, expected) => {
    const before = full();
    expect(changed(before, next(before, event, FACTS))).toEqual([...expected].sort());
  });

  it.each<CheckoutEvent>([
    { type: 'SET_DIRECTION', direction: 'buy' },
    { type: 'SET_COUNTRY', country: 'US' },
    { type: 'SET_SUBDIVISION', subdivision: 'US-NY' },
    { type: 'SET_FIAT', fiatCurrency: 'USD' },
    { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' } },
    { type: 'SET_PAYMENT_METHOD', method: 'CREDIT_DEBIT_CARD' },
    { type: 'SET_AMOUNT', text: '100.00' },
  ])('re-choosing the current value clears nothing: %j', (event) => {
    const before = full();
    expect(next(before, event, FACTS)).toBe(before);
  });
});
