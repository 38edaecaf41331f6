// One error type for everything the proxy refuses or fails with. The app turns it into the JSON
// body of docs/CONTRACTS.md §1, `{ code, message, requestId }`, plus any documented extra fields.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SESSION_PENDING } from '../../api/proxy/contract';

/** Every code the server answers with of its own (docs/CONTRACTS.md §1), in one list. */
export const SERVER_ERROR_CODES = [
  'AMOUNT_OUT_OF_RANGE',
  'CLIENT_ADDRESS_UNKNOWN',
  'COUNTRY_NOT_SUPPORTED',
  'CURRENCY_NOT_SUPPORTED',
  'DEPENDENCY_UNAVAILABLE',
  'DUPLICATE_HEADER',
  'FIELD_NOT_ALLOWED',
  'FORBIDDEN',
  'GONE',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'INTENT_ALREADY_USED',
  'INTENT_EXPIRED',
  'INTENT_MISMATCH',
  'INTENT_NOT_FOUND',
  'INTERNAL_ERROR',
  'INVALID_BODY',
  'INVALID_EVENT',
  'INVALID_IDEMPOTENCY_KEY',
  'INVALID_INTENT',
  'INVALID_JSON',
  'INVALID_PATH',
  'INVALID_QUERY_PARAMETER',
  'INVALID_SIGNATURE',
  'INVALID_WALLET_ADDRESS',
  'INVALID_WALLET_TAG',
  'LEDGER_UNAVAILABLE',
  'MALFORMED_RESPONSE',
  'METHOD_NOT_ALLOWED',
  'NOT_FOUND',
  'NOT_READY',
  'NOT_SUPPORTED',
  'NO_SUPPORTED_COUNTRIES',
  'NO_VALID_QUOTES',
  'PAYLOAD_TOO_LARGE',
  'QUOTE_REQUIRED',
  'RATE_LIMITED',
  'REDIRECT_URL_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'ROUTE_UNAVAILABLE',
  'SESSION_ALREADY_CREATED',
  SESSION_PENDING,
  'UNAUTHORIZED',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPSTREAM_AUTH_FAILED',
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNREACHABLE',
  'URI_TOO_LONG',
  'WALLET_MISMATCH',
  'WALLET_TAG_NOT_ALLOWED',
  'WALLET_TAG_REQUIRED',
  'WEBHOOKS_DISABLED',
] as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** An upstream's own code, passed on to the browser (its shape checked in upstream/scrub.ts). */
export type PassedCode = string & { readonly passedFromUpstream: true };

export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ServerErrorCode | PassedCode;
  /** Extra body fields (e.g. `details`, `replacement`). */
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: ServerErrorCode | PassedCode,
    message: string,
    opts: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

export const notFound = (message = 'Not found'): HttpError => new HttpError(404, 'NOT_FOUND', message);
export const badRequest = (code: ServerErrorCode, message: string, details?: string[]): HttpError =>
  new HttpError(400, code, message, details ? { extra: { details } } : {});

/**
 * The browser went away before the server had its request (a body cut off, the connection closed):
 * nobody's fault and nobody to answer. Recorded as a client abort (status 499), never as a 5xx.
 */
export class ClientAbort extends Error {
  constructor(cause?: unknown) {
    super('The client closed the request', cause === undefined ? undefined : { cause });
    this.name = 'ClientAbort';
  }
}

/** The status a client abort is logged with (nginx's "client closed request"). */
export const CLIENT_CLOSED_REQUEST = 499;

/** A shared dependency is down: the request is refused at once with a 503 that says what is missing. */
export class DependencyUnavailable extends HttpError {
  constructor(what: string) {
    super(503, 'DEPENDENCY_UNAVAILABLE', `${what} is unavailable for a moment: retry shortly`, {
      headers: { 'Retry-After': '5' },
    });
  }
}
