// The shopper's recent orders on this device, in the site's localStorage beside its remembered
// choices (remember.ts; `remember: false` keeps neither): read once, written on each change, and
// read again before a write so that two widgets (or tabs) of one site add to one list.
import type {
  CheckoutEvent,
  CheckoutState,
  Facts,
  OrderState,
  RecentOrder,
  RecentOrdersStore,
  StorageLike,
} from '../checkout';
import {
  asRecentOrder,
  decimalOf,
  kept,
  recentOrderOf,
  resolveStatusView,
  selectedQuote,
  withOrder,
  withStates,
} from '../checkout';
import type { UiSignal } from '../ui/steps';

export const RECENT_ORDERS_KEY = 'ramp-checkout:orders';
const VERSION = 1;

function load(storage: StorageLike, now: number): RecentOrder[] {
  try {
    const data: unknown = JSON.parse(storage.getItem(RECENT_ORDERS_KEY) ?? 'null');
    const orders = (data as { v?: unknown; orders?: unknown } | null)?.orders;
    if ((data as { v?: unknown } | null)?.v !== VERSION || !Array.isArray(orders)) return [];
    return kept(
      orders.map(asRecentOrder).filter((o): o is RecentOrder => o !== null),
      now,
    );
  } catch {
    return [];
  }
}

export function createRecentOrders(storage: StorageLike, now: () => number): RecentOrdersStore {
  let orders: readonly RecentOrder[] = load(storage, now());
  const listeners = new Set<() => void>();
  const set = (next: readonly RecentOrder[]) => {
    if (next === orders) return;
    orders = next;
    try {
      if (next.length) storage.setItem(RECENT_ORDERS_KEY, JSON.stringify({ v: VERSION, orders: next }));
      else storage.removeItem(RECENT_ORDERS_KEY);
    } catch {
      // Full or denied storage: the list lives as long as the page.
    }
    listeners.forEach((l) => l());
  };
  return {
    list: () => orders,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    add: (order) => set(withOrder(load(storage, now()), order, now())),
    update: (states) => set(withStates(orders, states)),
    forget: () => set([]),
  };
}

/** The site the shopper buys on, as its receipt names it. */
const siteOf = () => globalThis.location?.host ?? '';

/**
 * One widget's part in the device's list: each launch adds its order, each read of the launched
 * order's transaction updates it, and an order opened that had ended is shown as it ended.
 */
export function deviceOrders(storage: StorageLike, now: () => number) {
  const store = createRecentOrders(storage, now);
  const endedWhenOpened = new Set<string>();
  return {
    store,
    /** After a transition; true when it opened an order that had ended (the checkout has nothing left to tell). */
    onTransition(prev: CheckoutState, next: CheckoutState, event: CheckoutEvent, facts: Facts): boolean {
      if (!next.tracking) return false;
      if (event.type === 'LAUNCHED') {
        const quote = selectedQuote(prev, facts);
        const order = recentOrderOf(next.tracking, next.selection, quote, now(), siteOf());
        if (order) store.add(order);
      }
      const { sessionId } = next.tracking;
      if (event.type !== 'ORDER_OPENED' || !store.list().find((o) => o.sessionId === sessionId)?.ended)
        return false;
      endedWhenOpened.add(sessionId);
      return true;
    },
    /** A read of a transaction, kept; false when its events are not to be told (an ended order opened again). */
    onTransaction(signal: Extract<UiSignal, { type: 'transaction' }>): boolean {
      const tx = signal.transaction;
      const amount = tx.destinationAmount === undefined ? null : decimalOf(tx.destinationAmount);
      const state: OrderState = {
        status: tx.status,
        terminal: resolveStatusView(tx.status).terminal,
        transactionId: tx.id,
        txHash: tx.cryptoDetails?.blockchainTransactionId ?? null,
        destinationAmount: amount,
      };
      store.update(new Map([[signal.sessionId, state]]));
      return !endedWhenOpened.has(signal.sessionId);
    },
  };
}
