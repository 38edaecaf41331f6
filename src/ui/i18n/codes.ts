import { isNoValidQuotes } from '../../api/errors';
import { ORIGIN_NOT_ALLOWED } from '../../api/origin-check';
import { inDevelopment } from '../development';
import type { MessageKey } from './en';
import { isMessageKey } from './translator';

/** The message for a transaction status; unknown statuses use `status.unknown` with `{status}`. */
export function statusKey(status: string): MessageKey {
  const key = `status.${status.toUpperCase()}`;
  return isMessageKey(key) ? key : 'status.unknown';
}

const UNAVAILABLE = new Set(['UNAVAILABLE', 'NOT_SUPPORTED', 'ROUTE_UNAVAILABLE', 'NO_ROUTES']);

/**
 * The message for an error: accepts a RampError (or anything with `code`/`status`/`message`)
 * or a bare code string. The UI says errors in words; it never shows raw codes.
 */
export function errorKey(error: unknown): MessageKey {
  const e: { code?: unknown; status?: unknown; message?: unknown } =
    typeof error === 'string' ? { code: error } : typeof error === 'object' && error ? error : {};
  const code = typeof e.code === 'string' ? e.code : '';
  const status = typeof e.status === 'number' ? e.status : 0;
  if (isNoValidQuotes(e)) return 'error.NO_VALID_QUOTES';
  // The shopper is told the checkout is not offered here; the developer, which variable allows it.
  if (code === ORIGIN_NOT_ALLOWED)
    return inDevelopment() ? 'error.ORIGIN_NOT_ALLOWED_DEV' : 'error.ORIGIN_NOT_ALLOWED';
  if (code === 'NETWORK_ERROR' || code === 'TIMEOUT' || code === 'MALFORMED_RESPONSE') return `error.${code}`;
  if (code === 'RATE_LIMITED' || code === 'TOO_MANY_REQUESTS' || status === 429) return 'error.RATE_LIMITED';
  if (UNAVAILABLE.has(code)) return 'error.UNAVAILABLE';
  if (status >= 500) return 'error.SERVER';
  return 'error.GENERIC';
}
