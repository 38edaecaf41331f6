// @vitest-environment jsdom
// The device's list shared by every widget and tab of a site: each write starts from what storage
// holds, so none undoes another's, and "Forget my orders" stays forgotten.
import { describe, expect, it, vi } from 'vitest';
import type { RecentOrder } from '../checkout';
import { recentOrderOf } from '../checkout';
import { memoryStorage } from './test-mount';
import { createRecentOrders, recentOrdersKey } from './recentOrders';

const NOW = Date.UTC(2026, 11, 7);
const order = (sessionId: string): RecentOrder =>
  recentOrderOf(
    { sessionId, trackingToken: `tok.${sessionId}` },
    { direction: 'buy', fiatCurrency: 'USD', crypto: { currencyCode: 'BTC' } },
    {
      serviceProvider: 'BANXA',
      sourceAmount: 100,
      sourceCurrencyCode: 'USD',
      destinationAmount: 0.001,
      destinationCurrencyCode: 'BTC',
    },
    NOW,
    'shop.test',
  )!;
const KEY = recentOrdersKey('https://pay.shop.test/api/ramp');

describe('two widgets (or tabs) on one storage', () => {
  it('add to one list, a state read by one never dropping what the other added', () => {
    const storage = memoryStorage();
    const a = createRecentOrders(storage, KEY, () => NOW);
    const b = createRecentOrders(storage, KEY, () => NOW);
    a.add(order('s1'));
    b.add(order('s2'));
    a.update(new Map([['s1', { status: 'SETTLED', terminal: true }]]));
    const stored = JSON.parse(storage.getItem(KEY)!) as { orders: RecentOrder[] };
    expect(stored.orders.map((o) => [o.sessionId, o.status]).sort()).toEqual([
      ['s1', 'SETTLED'],
      ['s2', undefined],
    ]);
  });

  it('keep "Forget my orders" forgotten: a later state read writes nothing back', () => {
    const storage = memoryStorage();
    const a = createRecentOrders(storage, KEY, () => NOW);
    const b = createRecentOrders(storage, KEY, () => NOW);
    a.add(order('s1'));
    b.forget();
    a.update(new Map([['s1', { status: 'SETTLED', terminal: true }]]));
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('follow another tab’s write while the list is shown', () => {
    const storage = memoryStorage();
    const shown = createRecentOrders(storage, KEY, () => NOW);
    const listener = vi.fn();
    const unsubscribe = shown.subscribe(listener);
    createRecentOrders(storage, KEY, () => NOW).add(order('s1'));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(listener).toHaveBeenCalledOnce();
    expect(shown.list().map((o) => o.sessionId)).toEqual(['s1']);
    unsubscribe();
  });

  it('keep one list per host server: an order’s token goes only to the server that signed it', () => {
    expect(recentOrdersKey('https://a.test/api/ramp')).not.toBe(recentOrdersKey('https://b.test/api/ramp'));
  });
});
