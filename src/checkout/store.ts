// One zustand store per widget instance around the pure machine.
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { CheckoutEvent } from './events';
import type { CheckoutInit } from './initial';
import { initialState } from './initial';
import { next } from './machine';
import type { StorageLike } from './persistence';
import { loadCheckout, loadChoices, saveCheckout, saveChoices } from './persistence';
import type { CheckoutState, Facts } from './state';
import { NO_FACTS } from './state';

export interface CheckoutStore {
  /** The shopper's choices, locks and navigation: no server data. */
  state: CheckoutState;
  /** `facts`: what the data says now, read from the queries by the caller (none known by default). */
  send: (event: CheckoutEvent, facts?: Facts) => void;
}

/** Called after every event that changed the state (for the widget's public events), with its facts. */
export type TransitionListener = (
  prev: CheckoutState,
  next: CheckoutState,
  event: CheckoutEvent,
  facts: Facts,
) => void;

export interface CheckoutStoreOptions {
  onTransition?: TransitionListener;
  /** Where a launched checkout's tracking survives reloads; restored on creation. */
  persistence?: { storage: StorageLike; key: string };
}

export type CheckoutStoreApi = StoreApi<CheckoutStore>;

export function createCheckoutStore(
  init: CheckoutInit,
  options: CheckoutStoreOptions = {},
): CheckoutStoreApi {
  const { onTransition, persistence } = options;
  const restored = persistence ? loadCheckout(persistence.storage, persistence.key) : null;
  const start = initialState(init);
  const choices = !restored && persistence ? loadChoices(persistence.storage, persistence.key) : null;
  const state = restored
    ? next(start, { type: 'TRACKING_RESTORED', ...restored })
    : choices
      ? next(start, { type: 'CHOICES_RESTORED', ...choices })
      : start;

  return createStore<CheckoutStore>()((set, get) => ({
    state,
    send: (event, facts) => {
      const prev = get().state;
      const after = next(prev, event, facts);
      if (after === prev) return;
      set({ state: after });
      if (persistence && after.tracking !== prev.tracking)
        saveCheckout(persistence.storage, persistence.key, after);
      if (
        persistence &&
        (after.tracking !== prev.tracking ||
          (!after.tracking &&
            (after.selection !== prev.selection ||
              after.step !== prev.step ||
              after.prefs.quoteSort !== prev.prefs.quoteSort)))
      )
        saveChoices(persistence.storage, persistence.key, after);
      if (onTransition) {
        try {
          onTransition(prev, after, event, facts ?? NO_FACTS);
        } catch (error) {
          // A failing listener (a merchant's onEvent) must not break the checkout.
          console.error(error);
        }
      }
    },
  }));
}
