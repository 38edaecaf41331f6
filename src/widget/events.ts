// The widget's events (CONTRACTS §2): each carries `type` and a typed payload. None carries the API key
// or a tracking token. One emitter per widget instance.
import type { Direction } from '../api/types';
import type { Step } from '../checkout';

/** A quote as events report it: what the shopper pays and gets, and from whom. */
export interface QuoteSummary {
  partner: string;
  sourceAmount: number;
  sourceCurrency: string;
  destinationAmount: number;
  destinationCurrency: string;
  totalFee?: number;
  paymentMethod?: string;
}

/**
 * What a finished checkout was for. For the UI only: a browser event can be forged, so fulfil orders
 * from the server's signed webhooks.
 */
export interface OrderSummary {
  /** The intent's reference (the merchant's order id), when the checkout had an intent. */
  reference?: string;
  direction?: Direction;
  /** In the source currency (fiat on buy, crypto on sell), as the shopper chose it. */
  sourceAmount?: string;
  sourceCurrency?: string;
  /** As quoted. */
  destinationAmount?: number;
  destinationCurrency?: string;
  partner?: string;
  /** The on-chain transaction hash, when the upstream gives one. */
  txHash?: string;
}

export type RampCheckoutEvent =
  | { type: 'ready'; direction: Direction; country?: string }
  | { type: 'stepChanged'; step: Step; previous?: Step }
  | { type: 'quotesUpdated'; quotes: QuoteSummary[] }
  | { type: 'quoteSelected'; quote: QuoteSummary }
  | { type: 'sessionCreated'; sessionId: string; partner: string }
  | { type: 'providerLaunched'; partner: string; mode: 'popup' | 'tab' | 'redirect' | 'link' }
  | { type: 'transactionUpdated'; sessionId: string; transactionId?: string; status: string }
  | ({ type: 'completed'; sessionId: string; transactionId?: string; status: string } & OrderSummary)
  | ({ type: 'failed'; sessionId: string; transactionId?: string; status: string } & OrderSummary)
  | { type: 'closed'; step: Step; sessionId?: string; reference?: string }
  | { type: 'error'; code: string; message: string };

export type RampCheckoutEventType = RampCheckoutEvent['type'];

export const EVENT_TYPES: readonly RampCheckoutEventType[] = [
  'ready',
  'stepChanged',
  'quotesUpdated',
  'quoteSelected',
  'sessionCreated',
  'providerLaunched',
  'transactionUpdated',
  'completed',
  'failed',
  'closed',
  'error',
];

export type EventListener = (event: RampCheckoutEvent) => void;

export interface EventEmitter {
  emit(event: RampCheckoutEvent): void;
  /** Returns the unsubscribe function. */
  on(listener: EventListener): () => void;
}

/** A per-instance emitter; a listener that throws is logged and does not stop the others. */
export function createEmitter(): EventEmitter {
  const listeners = new Set<EventListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('ramp-checkout: an onEvent listener threw', error);
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
