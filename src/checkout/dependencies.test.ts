import { describe, expect, it } from 'vitest';
import { SOL_WALLET, T0, buyAt, run } from './test-fixtures';
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
    ['direction', ['paymentMethod', 'amount', 'limits', 'rate', 'quote']],
    [
      'country',
      [
        'subdivision',
        'fiatCurrency',
        'crypto',
        'chain',
        'fiatDecimals',
        'cryptoDecimals',
        'paymentMethod',
        'limits',
        'rate',
        'quote',
        'walletAddress',
        'walletTag',
      ],
    ],
    ['subdivision', ['limits', 'quote']],
    ['fiatCurrency', ['fiatDecimals', 'paymentMethod', 'limits', 'rate', 'quote']],
    ['crypto', ['chain', 'cryptoDecimals', 'limits', 'rate', 'quote', 'walletAddress', 'walletTag']],
    ['paymentMethod', ['limits', 'quote']],
    ['amount', ['quote']],
    ['quote', []],
    ['walletAddress', []],
    ['walletTag', []],
  ])('a change of %s may clear %j', (piece, dependents) => {
    expect(dependentsOf(piece).sort()).toEqual([...dependents].sort());
  });
});

/** The selection and fact fields whose values differ. */
function changed(a: CheckoutState, b: CheckoutState): string[] {
  const diff = (x: object, y: object) =>
    [...new Set([...Object.keys(x), ...Object.keys(y)])].filter(
      (k) => JSON.stringify(x[k as keyof typeof x]) !== JSON.stringify(y[k as keyof typeof y]),
    );
  return [...diff(a.selection, b.selection), ...diff(a.facts, b.facts)].sort();
}

describe('invalidation through the machine', () => {
  // A complete buy with every fact known.
  const full = () => run(buyAt('launch'), { type: 'SET_RATE', fiatPerCrypto: 3000 });

  it.each<[string, CheckoutEvent, string[]]>([
    [
      'direction',
      { type: 'SET_DIRECTION', direction: 'sell' },
      // Who set the amount goes with it: the new direction's amount gets its own default.
      ['direction', 'paymentMethod', 'amount', 'amountBy', 'limits', 'fiatPerCrypto', 'quote'],
    ],
    [
      'country',
      { type: 'SET_COUNTRY', country: 'DE', requiresSubdivision: false },
      [
        'country',
        'requiresSubdivision',
        'subdivision',
        'fiatCurrency',
        'crypto',
        'network',
        'fiatDecimals',
        'cryptoDecimals',
        'paymentMethod',
        'limits',
        'fiatPerCrypto',
        'quote',
        'walletAddress',
      ],
    ],
    ['subdivision', { type: 'SET_SUBDIVISION', subdivision: 'US-CA' }, ['subdivision', 'limits', 'quote']],
    [
      'fiat',
      { type: 'SET_FIAT', fiatCurrency: 'EUR' },
      ['fiatCurrency', 'fiatDecimals', 'paymentMethod', 'limits', 'fiatPerCrypto', 'quote'],
    ],
    [
      'fiat with its decimals',
      { type: 'SET_FIAT', fiatCurrency: 'JPY', decimals: 0 },
      ['fiatCurrency', 'fiatDecimals', 'paymentMethod', 'limits', 'fiatPerCrypto', 'quote'],
    ],
    [
      'crypto on the same chain (the wallet stays)',
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'USDC', chainCode: 'ETHEREUM' }, decimals: 6 },
      ['crypto', 'cryptoDecimals', 'limits', 'fiatPerCrypto', 'quote'],
    ],
    [
      'crypto on another chain (the wallet goes)',
      { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'BASE' }, decimals: 18 },
      ['crypto', 'network', 'limits', 'fiatPerCrypto', 'quote', 'walletAddress'],
    ],
    ['method', { type: 'SET_PAYMENT_METHOD', method: 'APPLE_PAY' }, ['paymentMethod', 'limits', 'quote']],
    ['amount', { type: 'SET_AMOUNT', text: '250' }, ['amount', 'quote']],
    ['wallet', { type: 'SET_WALLET', address: SOL_WALLET }, ['walletAddress']],
    ['quote', { type: 'QUOTES_CHANGED', quotes: [], at: T0 }, ['quote']],
  ])('changing the %s clears exactly what depends on it', (_, event, expected) => {
    const before = full();
    expect(changed(before, next(before, event))).toEqual([...expected].sort());
  });

  it.each<CheckoutEvent>([
    { type: 'SET_DIRECTION', direction: 'buy' },
    { type: 'SET_COUNTRY', country: 'US', requiresSubdivision: true },
    { type: 'SET_SUBDIVISION', subdivision: 'US-NY' },
    { type: 'SET_FIAT', fiatCurrency: 'USD', decimals: 2 },
    { type: 'SET_CRYPTO', crypto: { currencyCode: 'ETH', chainCode: 'ETHEREUM' }, decimals: 18 },
    { type: 'SET_PAYMENT_METHOD', method: 'CREDIT_DEBIT_CARD' },
    { type: 'SET_AMOUNT', text: '100.00' },
  ])('re-choosing the current value clears nothing: %j', (event) => {
    const before = full();
    expect(next(before, event)).toBe(before);
  });
});
