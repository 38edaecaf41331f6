// The upstream's error body: {code, message, requestId, timestamp} (+ errors[] on validation 400s).
// Messages are the documented ones, so clients can be tested against realistic text.

import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface ErrorBody {
  code: string;
  message: string;
  requestId: string;
  timestamp: string;
  errors?: string[];
}

/** Documented messages per code (src/api/__fixtures__/errors.json). */
export const ERROR_MESSAGES: Readonly<Record<string, string>> = {
  BAD_REQUEST: 'Bad request',
  UNAUTHORIZED: 'Access denied',
  FORBIDDEN: 'Access denied',
  NOT_FOUND: 'Resource not found',
  CONFLICT: 'Conflict',
  UNEXPECTED_ERROR: 'Unexpected error',
  TOO_MANY_REQUESTS: 'Too many requests',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable',
  QUOTE_TIMEOUT: 'Service provider took too long to respond',
  NO_VALID_QUOTES: 'No valid quotes available for this request',
  INVALID_QUERY_PARAMETER: 'Invalid query parameter',
  INVALID_AMOUNT: 'Invalid currency amount',
  INVALID_AMOUNT_OR_CURRENCY: 'Invalid amount or currency',
  INVALID_AMOUNT_TOO_HIGH: 'Source amount is above the maximum allowed',
  INVALID_AMOUNT_TOO_LOW: 'Source amount is below the minimum allowed',
  INVALID_CRYPTO_CURRENCY: 'Invalid Crypto Currency requested',
  INVALID_FIAT_CURRENCY: 'Invalid Fiat Currency requested',
  INCOMPATIBLE_REQUEST: 'Incompatible request: Body does not match service providers',
  NOT_SUPPORTED: 'Operation not supported for service provider',
  CUSTOMER_NOT_FOUND: 'Customer not found',
  DUPLICATE_EXTERNAL_SESSION_ID: 'Duplicate external session ID',
  TRANSACTION_INVALID_PARAMETER: 'Invalid parameter to create transaction',
  TRANSACTION_INVALID_PROVIDER: 'Invalid service provider',
  TRANSACTION_PROPERTY_COMBINATION_NOT_SUPPORTED_BY_SERVICE_PROVIDER: 'Property combination not supported',
  TRANSACTION_FAILED_GETTING_CRYPTO_QUOTE_FROM_PROVIDER: 'Failed getting crypto quote from provider',
  TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER:
    'Transaction associated with this session/order has not been created with the service provider yet',
  TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED:
    "Provider doesn't support fetching a transaction by session until it is created with the service",
  SERVICE_PROVIDER_ERROR: 'Service Provider Error',
  FAILED_GETTING_TRANSACTION: 'Failed getting transaction',
};

/** The code a bare status maps to when a fault rule names none. */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 408:
      return 'QUOTE_TIMEOUT';
    case 409:
      return 'CONFLICT';
    case 422:
      return 'TRANSACTION_FAILED_GETTING_CRYPTO_QUOTE_FROM_PROVIDER';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'UNEXPECTED_ERROR' : 'BAD_REQUEST';
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID-shaped request id (the documented example is one). */
export function newRequestId(now: number): string {
  let time = '';
  let t = Math.floor(now);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let rest = '';
  for (const b of crypto.getRandomValues(new Uint8Array(16))) rest += CROCKFORD[b % 32];
  return time + rest;
}

/** `2026-08-14T09:41:22.482+00:00`, the documented timestamp form. */
export const errorTimestamp = (now: number): string => new Date(now).toISOString().replace('Z', '+00:00');

export function errorBody(now: number, code: string, message?: string, errors?: string[]): ErrorBody {
  const body: ErrorBody = {
    code,
    message: message ?? ERROR_MESSAGES[code] ?? code,
    requestId: newRequestId(now),
    timestamp: errorTimestamp(now),
  };
  if (errors && errors.length > 0) body.errors = errors;
  return body;
}

/** An error response stamped with the sandbox clock (`now`). */
export function apiError(
  c: Context,
  now: number,
  status: ContentfulStatusCode,
  code: string,
  message?: string,
  errors?: string[],
): Response {
  return c.json(errorBody(now, code, message, errors), status);
}
