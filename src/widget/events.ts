// The widget's events (CONTRACTS §2): each carries `type` and a typed payload. None carries the API key
// or a tracking token. One emitter per widget instance.
import type { Direction, TransactionStatus } from '../api/types';
import type { OfferFigures } from '../checkout/offerFigures';
import type { Step } from '../checkout/state';

/**
 * A quote as events report it: what the shopper pays and gets, and from whom. Amounts are decimal
 * strings ("0.0000001", never "1e-7"), as in the webhooks: compare and store them as text or with a
 * decimal library, not as floats.
 */
export interface QuoteSummary extends OfferFigures {
  paymentMethod?: string;
}

/**
 * A transaction's status as events report it: the service's statuses, and 'UNKNOWN' for one this
 * version does not know (the raw value is then in `serviceStatus`). A `switch` over it can be exhaustive.
 */
export type RampCheckoutStatus = TransactionStatus | 'UNKNOWN';

/** What went wrong, in words a merchant's `switch` can check exhaustively. */
export type RampCheckoutErrorCode =
  /** The options (props, mount options, query string) are invalid; `message` lists every problem. */
  | 'INVALID_OPTIONS'
  /** No answer: offline, the host server unreachable, or the widget's own code did not load. */
  | 'NETWORK_ERROR'
  /** The host server did not answer in time. */
  | 'TIMEOUT'
  /** No partner quotes this request (amount, currencies, country). */
  | 'NO_VALID_QUOTES'
  /** Too many requests from this shopper: try again shortly. */
  | 'RATE_LIMITED'
  /** The ramp service is down, unreachable or timed out behind the host server. */
  | 'SERVICE_UNAVAILABLE'
  /** The host server or the service refused the request (a 4xx: its policy, a missing field, a conflict). */
  | 'REQUEST_REJECTED'
  /** Any other failure of the service or the host server. */
  | 'SERVICE_ERROR';

export const ERROR_CODES: readonly RampCheckoutErrorCode[] = [
  'INVALID_OPTIONS',
  'NETWORK_ERROR',
  'TIMEOUT',
  'NO_VALID_QUOTES',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'REQUEST_REJECTED',
  'SERVICE_ERROR',
];

const SERVICE_CODES: Record<string, RampCheckoutErrorCode> = {
  ABORTED: 'NETWORK_ERROR',
  /** The host server refuses the page's origin (RAMP_ALLOWED_ORIGINS): its CORS policy. */
  ORIGIN_NOT_ALLOWED: 'REQUEST_REJECTED',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  REQUEST_TIMEOUT: 'TIMEOUT',
  // No session within the widget's 30 s: the partner or the service did not answer in time.
  SESSION_TIMEOUT: 'TIMEOUT',
  UPSTREAM_TIMEOUT: 'SERVICE_UNAVAILABLE',
  UPSTREAM_UNREACHABLE: 'SERVICE_UNAVAILABLE',
  UPSTREAM_AUTH_FAILED: 'SERVICE_UNAVAILABLE',
  MALFORMED_RESPONSE: 'SERVICE_ERROR',
  UNEXPECTED_ERROR: 'SERVICE_ERROR',
  INTERNAL_ERROR: 'SERVICE_ERROR',
};
/** Codes of the host server and the service for a refused request (docs/CONTRACTS.md §1). */
const REJECTED =
  /^(BAD_REQUEST|UNAUTHORIZED|FORBIDDEN|NOT_FOUND|CONFLICT|GONE|UNPROCESSABLE_ENTITY|TOO_EARLY|HTTP_4\d\d|INVALID_[A-Z_]+|FIELD_NOT_ALLOWED|IDEMPOTENCY_KEY_REUSED|DUPLICATE_[A-Z_]+)$/;

/** An error code of the api layer (the service's, the host server's or the client's) as an event's code. */
export function errorCode(code: string): RampCheckoutErrorCode {
  if ((ERROR_CODES as readonly string[]).includes(code)) return code as RampCheckoutErrorCode;
  return SERVICE_CODES[code] ?? (REJECTED.test(code) ? 'REQUEST_REJECTED' : 'SERVICE_ERROR');
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
  /** As quoted, a decimal string. */
  destinationAmount?: string;
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
  | ({ type: 'transactionUpdated' } & TransactionFacts)
  | ({ type: 'completed' } & TransactionFacts & OrderSummary)
  | ({ type: 'failed' } & TransactionFacts & OrderSummary)
  /** The shopper left before the checkout ended (closed the page, or the host unmounted it). */
  | { type: 'closed'; step: Step; sessionId?: string; reference?: string }
  /**
   * The shopper opened one of their recent orders on this device (its status screen follows). An
   * order that had ended is shown as it ended: no `transactionUpdated`, `completed` or `failed` again.
   */
  | { type: 'recentOrderOpened'; sessionId: string }
  /** `serviceCode`: the service's or host server's own code, when it said more than `code`. */
  | { type: 'error'; code: RampCheckoutErrorCode; message: string; serviceCode?: string };

export interface TransactionFacts {
  sessionId: string;
  transactionId?: string;
  status: RampCheckoutStatus;
  /** The status as the service sent it, when `status` is 'UNKNOWN'. */
  serviceStatus?: string;
}

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
