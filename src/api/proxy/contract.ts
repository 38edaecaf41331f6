// The wire between the browser and the host server (docs/CONTRACTS.md §1): the names both sides use,
// defined once. The browser's client and the server's routes import them from here.

/** Where the host server answers the browser. */
export const API_PREFIX = '/api/ramp';

/** The session's tracking token, which a transaction read must carry. */
export const TRACKING_HEADER = 'X-Ramp-Tracking';
/** A checkout intent's client secret, sent with its reads and its session. */
export const INTENT_HEADER = 'X-Ramp-Intent';
/** A session creation's retry key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** POST /api/ramp/sessions/lookup (session-lookup.ts): tracking tokens one lookup takes at most. */
export const MAX_LOOKUP_TOKENS = 10;
/**
 * How long a tracking token reads its order (its transaction and the lookup): as long as a browser
 * keeps an order among its recent ones.
 */
export const TRACKING_TOKEN_DAYS = 90;
/** A tracking token's form (server/http/tokens.ts signs and reads them): payload.signature. */
export const MAX_TOKEN_LENGTH = 512;
export const TRACKING_TOKEN_RE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The transaction read's `pending` while the shopper has not acted at the partner yet. */
export const PENDING_NOT_YET_CREATED = 'NOT_YET_CREATED';
/**
 * The service's by-session error code for that state (a 404): the server turns it into the
 * pending answer; the browser still understands it from a proxy that sends it.
 */
export const NOT_YET_CREATED_CODE = 'TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER';
/** A session whose creation was still under way at the deadline: retry with the same Idempotency-Key. */
export const SESSION_PENDING = 'SESSION_PENDING';

/** The transaction read's answer before there is a transaction. */
export interface PendingTransaction {
  transaction: null;
  pending: typeof PENDING_NOT_YET_CREATED;
}
