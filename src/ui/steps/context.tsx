// What the steps get from the widget around them: the instance's checkout store and the host
// settings (launch mode, partners, timings) plus a way to report what happened. Per tree, so two
// widgets on a page never share either.
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Direction, Quote, QuoteRequest, Transaction } from '../../api/types';
import type { CheckoutState, CheckoutStoreApi, RecentOrdersStore } from '../../checkout';
import type { LaunchMode, LaunchedMode } from './launchMode';

export type { LaunchMode, LaunchedMode };

/** What the screens report upward; the widget turns these into its public events. */
export type UiSignal =
  | { type: 'ready' }
  | { type: 'quotesUpdated'; quotes: readonly Quote[] }
  | { type: 'providerLaunched'; partner: string; mode: LaunchedMode }
  /** The launched checkout's transaction as last read, once per new status or id. */
  | {
      type: 'transaction';
      sessionId: string;
      transaction: Transaction;
      partner?: string;
      destinationAmount?: number;
    }
  | { type: 'error'; code: string; message: string };

export interface CheckoutHost {
  /** @default 'popup' */
  launch: LaunchMode;
  redirectUrl?: string;
  /** Only these partners (routes and quotes). */
  partners?: readonly string[];
  /** The country to start from when the merchant gave none: the browser's region. */
  countryHint?: string;
  /** The quote the merchant's options ask for from the start, in their direction: asked with the first data. */
  openingQuote?: { direction: Direction; request: QuoteRequest };
  /** The shopper may have the wallet address remembered on this device (absent: nothing is remembered). */
  rememberWallet?: { readonly on: boolean; set: (on: boolean) => void };
  /** The shopper's recent orders on this device (absent: none are kept, `remember: false`). */
  recentOrders?: RecentOrdersStore;
  /** Payment methods this device cannot pay with (Apple Pay without a wallet): never offered. */
  hiddenMethods?: readonly string[];
  onSignal: (signal: UiSignal) => void;
  /** A fresh idempotency seed for "Start over". */
  newRunKey: () => string;
  now: () => number;
  /** Status polling: first pause and longest pause. */
  pollMs: { base: number; max: number };
  /** The checkout is the whole page: the browser's Back and Forward move between its screens. */
  pageHistory?: boolean;
}

const StoreContext = createContext<CheckoutStoreApi | null>(null);
const HostContext = createContext<CheckoutHost | null>(null);

export function CheckoutProvider({
  store,
  host,
  children,
}: {
  store: CheckoutStoreApi;
  host: CheckoutHost;
  children: ReactNode;
}) {
  return (
    <StoreContext.Provider value={store}>
      <HostContext.Provider value={host}>{children}</HostContext.Provider>
    </StoreContext.Provider>
  );
}

function need<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`ramp-checkout: ${what} is missing (render inside CheckoutProvider)`);
  return value;
}

export const useCheckoutStore = (): CheckoutStoreApi => need(useContext(StoreContext), 'the checkout store');
export const useHost = (): CheckoutHost => need(useContext(HostContext), 'the checkout host');

export function useCheckoutState(): CheckoutState {
  return useStore(useCheckoutStore(), (s) => s.state);
}
