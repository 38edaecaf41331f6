// The shopper's recent orders on this device, in the site's localStorage beside its remembered
// choices (remember.ts; `remember: false` keeps neither), one list per host server (an order's
// token is only ever sent to the server that signed it). Every write starts from what storage holds
// (two widgets or tabs of one site add to one list, and "Forget my orders" stays forgotten), and the
// list follows other tabs' writes while it is shown.
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

const RECENT_ORDERS_KEY = 'ramp-checkout:orders';
const VERSION = 1;

/** The storage key of the list of orders made through the host server at `apiBaseUrl`. */
export const recentOrdersKey = (apiBaseUrl: string): string => {
  let server = apiBaseUrl;
  try {
    server = new URL(apiBaseUrl, globalThis.location?.href).href;
  } catch {
    // Not a URL this page can resolve: the option's own text names the server.
  }
  return `${RECENT_ORDERS_KEY}:${server}`;
};

function load(storage: StorageLike, key: string, now: number): RecentOrder[] {
  try {
    const data: unknown = JSON.parse(storage.getItem(key) ?? 'null');
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

export function createRecentOrders(storage: StorageLike, key: string, now: () => number): RecentOrdersStore {
  let orders: readonly RecentOrder[] = load(storage, key, now());
  let shown = JSON.stringify(orders);
  const listeners = new Set<() => void>();
  const show = (next: readonly RecentOrder[]) => {
    const text = JSON.stringify(next);
    if (text === shown) return;
    orders = next;
    shown = text;
    listeners.forEach((l) => l());
  };
  const write = (change: (stored: readonly RecentOrder[]) => readonly RecentOrder[]) => {
    const stored = load(storage, key, now());
    const next = change(stored);
    if (JSON.stringify(next) !== JSON.stringify(stored)) {
      try {
        if (next.length) storage.setItem(key, JSON.stringify({ v: VERSION, orders: next }));
        else storage.removeItem(key);
      } catch {
        // Full or denied storage: the list lives as long as the page.
      }
    }
    show(next);
  };
  // Another tab's write (the storage event fires in every other tab of the origin).
  const changedElsewhere = (e: StorageEvent) => {
    if (e.key === key || e.key === null) show(load(storage, key, now()));
  };
  return {
    list: () => orders,
    subscribe(listener) {
      if (!listeners.size) globalThis.addEventListener?.('storage', changedElsewhere);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (!listeners.size) globalThis.removeEventListener?.('storage', changedElsewhere);
      };
    },
    add: (order) => write((stored) => withOrder(stored, order, now())),
    update: (states) => write((stored) => withStates(stored, states)),
    forget: () => write(() => []),
  };
}

/** The site the shopper buys on, as its receipt names it. */
const siteOf = () => globalThis.location?.host ?? '';

/**
 * One widget's part in the device's list: each launch adds its order, each read of the launched
 * order's transaction updates it, and an order opened that had ended is shown as it ended.
 */
export function deviceOrders(storage: StorageLike, apiBaseUrl: string, now: () => number) {
  const store = createRecentOrders(storage, recentOrdersKey(apiBaseUrl), now);
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
