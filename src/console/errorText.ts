// What the console says when a call fails. RampError codes were normalised in src/api; here they
// become sentences a merchant can act on.
import { RampError } from '../api/errors';

export const TOKEN_REJECTED = 'That token was not accepted.';

const isRamp = (e: unknown): e is RampError => e instanceof RampError;

export const isUnauthorized = (e: unknown): boolean =>
  isRamp(e) && (e.status === 401 || e.code === 'UNAUTHORIZED');

function common(e: RampError): string | undefined {
  if (e.code === 'NETWORK_ERROR' || e.code === 'TIMEOUT') {
    return 'The server could not be reached. Check the connection and try again.';
  }
  if (e.status === 429) return 'Too many requests. Wait a minute, then try again.';
  if (e.status >= 500) return `The server could not answer (${e.code}). Try again in a moment.`;
  return undefined;
}

/** Why signing in failed. */
export function signInErrorText(e: unknown): string {
  if (!isRamp(e)) return 'Signing in failed. Try again.';
  if (isUnauthorized(e)) return TOKEN_REJECTED;
  // The server hides the console endpoints entirely when RAMP_ADMIN_TOKEN is unset.
  if (e.status === 404) return 'The console is not enabled on this server: RAMP_ADMIN_TOKEN is not set.';
  return common(e) ?? e.message;
}

/** Why a page of a listing (or a detail) could not be loaded. */
export function loadErrorText(e: unknown): string {
  if (!isRamp(e)) return e instanceof Error ? e.message : 'Something went wrong.';
  if (isUnauthorized(e)) return TOKEN_REJECTED;
  if (e.status === 400) {
    const why = e.details?.length ? e.details.join('; ') : e.message;
    return `The server refused these filters: ${why}`;
  }
  if (e.code === 'PAGINATION_STUCK') return 'The listing repeated a page, so the walk was stopped.';
  return common(e) ?? e.message;
}
