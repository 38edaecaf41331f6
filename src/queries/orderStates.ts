// The shopper's recent orders on this device, with their states read in one request for all of the
// orders still open (by their tracking tokens: the host server answers only for tokens it signed),
// every 10 s while the list is on screen; orders that ended are not asked again. What is read is kept
// with the list (RecentOrdersStore.update), so a later visit shows it before any request.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { RampClient } from '../api';
import { SESSION_LOOKUP_PATH } from '../api/proxy/paths';
import type { SessionLookupRequest } from '../api/proxy/session-lookup';
import type { OrderState, RecentOrder, RecentOrdersStore } from '../checkout';
import { useRampClient } from './client';
import { rampKeys } from './keys';
import { isRecord } from '../domain/json';

/** How often the open orders' states are read while the list is shown. */
export const ORDER_STATES_MS = 10_000;

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * The lookup's answer (one entry per token, in order: api/proxy/session-lookup.ts) as states by
 * session id; null for an order the server cannot read (RecentOrdersStore.update).
 */
export function readOrderStates(
  data: unknown,
  asked: readonly RecentOrder[],
): Map<string, OrderState | null> {
  const out = new Map<string, OrderState | null>();
  const items: readonly unknown[] = isRecord(data) && Array.isArray(data.orders) ? data.orders : [];
  items.forEach((item, i) => {
    const order = asked[i];
    if (order && item === null) return void out.set(order.sessionId, null);
    if (!order || !isRecord(item) || item.sessionId !== order.sessionId || typeof item.status !== 'string')
      return;
    out.set(order.sessionId, {
      status: item.status,
      terminal: item.terminal === true,
      transactionId: text(item.transactionId),
      txHash: text(item.txHash),
      destinationAmount: text(item.destinationAmount),
    });
  });
  return out;
}

export function lookupOrderStates(client: RampClient, orders: readonly RecentOrder[], signal?: AbortSignal) {
  const body: SessionLookupRequest = { trackingTokens: orders.map((o) => o.trackingToken) };
  return client.request('POST', SESSION_LOOKUP_PATH, {
    body,
    signal,
    read: (data) => readOrderStates(data, orders),
  });
}

const none: readonly RecentOrder[] = [];
const noStore = { subscribe: () => () => {}, list: () => none };

/**
 * The device's recent orders, newest first; with `lookup`, the open ones' states are read while this
 * is mounted (the list on screen), else the list is only followed (the status screen reads its own).
 */
export function useRecentOrders(
  store: RecentOrdersStore | undefined,
  { lookup = false } = {},
): readonly RecentOrder[] {
  const s = store ?? noStore;
  const orders = useSyncExternalStore(s.subscribe, s.list, () => none);
  const client = useRampClient();
  const open = orders.filter((o) => !o.ended);
  const q = useQuery({
    queryKey: rampKeys.orderStates(open.map((o) => o.sessionId)),
    queryFn: ({ signal }) => lookupOrderStates(client, open, signal),
    enabled: lookup && open.length > 0,
    refetchInterval: ORDER_STATES_MS,
    retry: false,
  });
  useEffect(() => {
    if (q.data?.size) store?.update(q.data);
  }, [q.data, store]);
  return orders;
}
