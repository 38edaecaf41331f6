// POST /api/ramp/sessions/lookup (docs/CONTRACTS.md §1): the states of the shopper's own orders, read
// by their tracking tokens in one request. The shape the server answers (src/server/proxy/sessions/
// lookup.ts) and the browser reads, written once.

/** Where the lookup is answered, below API_PREFIX. */
export const SESSION_LOOKUP_PATH = '/sessions/lookup';

/** Tracking tokens one lookup takes at most. */
export const MAX_LOOKUP_TOKENS = 10;

/**
 * How long a tracking token reads its order (its transaction and this lookup): as long as a browser
 * keeps an order among its recent ones.
 */
export const TRACKING_TOKEN_DAYS = 90;

export interface SessionLookupRequest {
  /** Each a session's `trackingToken`, 1 to MAX_LOOKUP_TOKENS of them. */
  trackingTokens: string[];
}

/** An order as its shopper may see it: never the merchant's reference or customer id. */
export interface TrackedOrder {
  sessionId: string;
  /**
   * `SESSION_CREATED` until the service reports a transaction, then the service's status
   * (`SETTLED`, `FAILED`, `REFUNDED`, …); `EXPIRED` when no transaction came in time.
   */
  status: string;
  /** The status will not change again (an `EXPIRED` order may still take a late transaction). */
  terminal: boolean;
  partner: string;
  direction: 'buy' | 'sell';
  /** Decimal strings; the destination amount once the service reports the transaction. */
  sourceAmount: string;
  sourceCurrency: string;
  destinationAmount: string | null;
  destinationCurrency: string;
  walletAddress: string | null;
  /** The canonical payment method (`CREDIT_DEBIT_CARD`); null when the session named none. */
  paymentMethod: string | null;
  /** The service's transaction id, once there is one. */
  transactionId: string | null;
  /** The chain's transaction hash, once known. */
  txHash: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
}

export interface SessionLookupResponse {
  /**
   * One per token, in the request's order: the order, or null when this server does not know it
   * (a token it did not sign, a forged or expired one, or no such order: never said which).
   */
  orders: (TrackedOrder | null)[];
}
