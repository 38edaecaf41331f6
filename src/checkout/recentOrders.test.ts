import { describe, expect, it } from 'vitest';
import type { Quote } from '../api/types';
import type { RecentOrder, Selection } from '.';
import {
  RECENT_ORDERS_MAX,
  asRecentOrder,
  kept,
  quoteOfOrder,
  recentOrderOf,
  withOrder,
  withStates,
} from '.';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 11, 7);
const SELECTION: Selection = {
  direction: 'buy',
  country: 'US',
  subdivision: 'US-CA',
  fiatCurrency: 'USD',
  crypto: { currencyCode: 'BTC', chainCode: 'BITCOIN' },
  network: 'BITCOIN',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '150',
  walletAddress: 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp',
};
const QUOTE: Quote = {
  serviceProvider: 'TOPPER',
  sourceAmount: 150,
  sourceCurrencyCode: 'USD',
  destinationAmount: 0.00151586,
  destinationCurrencyCode: 'BTC',
  totalFee: 3.75,
};
const order = (sessionId: string, createdAt = NOW): RecentOrder =>
  recentOrderOf({ sessionId, trackingToken: `tok.${sessionId}` }, SELECTION, QUOTE, createdAt, 'shop.test')!;

describe('a recent order', () => {
  it('is made at launch from the session, the choices and the chosen offer, amounts as decimal strings', () => {
    expect(order('s1')).toEqual({
      sessionId: 's1',
      trackingToken: 'tok.s1',
      createdAt: NOW,
      site: 'shop.test',
      selection: { ...SELECTION, offer: 'TOPPER' },
      partner: 'TOPPER',
      sourceAmount: '150',
      sourceCurrency: 'USD',
      destinationAmount: '0.00151586',
      destinationCurrency: 'BTC',
      totalFee: '3.75',
      // (150 − 3.75) / 0.00151586: the offer's rate, fees apart.
      rate: '96479.8860053',
    });
    expect(quoteOfOrder(order('s1'))).toMatchObject({
      sourceAmount: 150,
      totalFee: 3.75,
      exchangeRate: 96479.8860053,
    });
  });

  it('is not made without an offer or currencies', () => {
    const tracking = { sessionId: 's', trackingToken: 't' };
    expect(recentOrderOf(tracking, SELECTION, undefined, NOW, '')).toBeNull();
    expect(recentOrderOf(tracking, { direction: 'buy' }, QUOTE, NOW, '')).toBeNull();
  });
});

describe('the list', () => {
  it('keeps the newest ten of the last 90 days, newest first, one entry per session', () => {
    let list: RecentOrder[] = [];
    for (let i = 0; i < 12; i++) list = withOrder(list, order(`s${i}`, NOW - i * 1000), NOW);
    expect(list).toHaveLength(RECENT_ORDERS_MAX);
    expect(list.map((o) => o.sessionId)).toEqual([
      's0',
      's1',
      's2',
      's3',
      's4',
      's5',
      's6',
      's7',
      's8',
      's9',
    ]);
    list = withOrder(list, { ...order('s5'), status: 'SETTLED' }, NOW);
    expect(list.filter((o) => o.sessionId === 's5')).toEqual([{ ...order('s5'), status: 'SETTLED' }]);
    expect(
      kept([order('old', NOW - 91 * DAY), order('new', NOW - 89 * DAY)], NOW).map((o) => o.sessionId),
    ).toEqual(['new']);
  });

  it('takes what a lookup says, and stays the same array when it says nothing new', () => {
    const list = [order('a'), order('b')];
    const read = new Map([
      ['b', { status: 'SETTLED', terminal: true, transactionId: 'tx1', txHash: '0xabc' }],
    ]);
    const next = withStates(list, read);
    expect(next[1]).toMatchObject({ status: 'SETTLED', ended: true, transactionId: 'tx1', txHash: '0xabc' });
    expect(next[0]).toBe(list[0]);
    expect(withStates(next, read)).toBe(next);
  });

  it('shows an order the server cannot read as last read, and asks no more', () => {
    const list = [{ ...order('a'), status: 'PROCESSING' }];
    const next = withStates(list, new Map([['a', null]]));
    expect(next[0]).toEqual({ ...list[0], ended: true });
    expect(withStates(next, new Map([['a', null]]))).toBe(next);
  });

  it('reads back only what it wrote: a tampered or foreign entry is dropped', () => {
    const good = JSON.parse(JSON.stringify(order('a'))) as unknown;
    expect(asRecentOrder(good)).toEqual(order('a'));
    expect(asRecentOrder({ ...(good as object), createdAt: 'yesterday' })).toBeNull();
    expect(asRecentOrder({ ...(good as object), sessionId: 5 })).toBeNull();
    expect(asRecentOrder({ ...(good as object), selection: { direction: 'sideways' } })).toBeNull();
    expect(asRecentOrder({ ...(good as object), ended: 'yes' })).toBeNull();
    // A token of another form would have the whole lookup refused.
    expect(asRecentOrder({ ...(good as object), trackingToken: 'not a token' })).toBeNull();
    expect(asRecentOrder({ ...(good as object), trackingToken: `a.${'b'.repeat(600)}` })).toBeNull();
    expect(asRecentOrder(null)).toBeNull();
  });
});
