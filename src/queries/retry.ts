// When a failed request is worth repeating, and how long to wait: only errors the api layer marked
// retryable (network, timeout, 408/425/429/5xx), a few times, with growing pauses.
//
// The budget is aligned with the host server's: the proxy gives each request one deadline
// (RAMP_REQUEST_DEADLINE_MS, 10 s) and retries the upstream inside it. A 502 or 504 from the proxy
// means that budget is spent; repeating it would multiply the shopper's wait and the upstream
// attempts (3 × 3 for one read), so the widget leaves it to the shopper's "Try again".
import { SESSION_PENDING } from '../api/proxy/contract';
import { RampError } from '../api';
import { backoff } from '../domain/backoff';

/** How long the widget waits for one proxy answer: the server's 10 s deadline and a margin. */
export const REQUEST_BUDGET_MS = 12_000;

/** The proxy's gateway errors: it already retried the upstream within its deadline. */
const spentByServer = (e: RampError) => e.status === 502 || e.status === 504;

/** A react-query `retry` that repeats retryable failures up to `max` times. */
export const retryTransient =
  (max: number) =>
  (failureCount: number, error: unknown): boolean =>
    error instanceof RampError && error.retryable && !spentByServer(error) && failureCount < max;

/** The pause before retry `attempt` (0-based): 0.5, 1, 2, 4, 4… s. */
export const retryDelay = (attempt: number): number => backoff(attempt, { firstMs: 500, maxMs: 4000 });

/**
 * Discovery reads (the lists of the first screen) during a short upstream outage: the page must
 * come back by itself, without a reload. Reads are cheap and cached by the proxy, so a gateway error
 * is asked again too, with growing pauses (1, 2, 4, 8, 8, 8 s: about half a minute), before the
 * shopper is shown the failure with "Try again".
 */
export const DISCOVERY_RETRIES = 6;
export const retryDiscovery = (failureCount: number, error: unknown): boolean =>
  error instanceof RampError && error.retryable && failureCount < DISCOVERY_RETRIES;
export const discoveryRetryDelay = (attempt: number): number =>
  backoff(attempt, { firstMs: 1000, maxMs: 8000 });

/**
 * The pause before poll number `attempt` (0-based, counted since the last change): `baseMs`
 * doubling up to `maxMs`, ±20 % jitter so many widgets do not poll in step.
 */
export function pollDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  return Math.round(backoff(attempt, { firstMs: baseMs, maxMs }) * (0.8 + 0.4 * random()));
}

/** The proxy is still creating the session (its upstream call outlived the deadline). */
export const isSessionPending = (e: unknown): boolean => e instanceof RampError && e.code === SESSION_PENDING;

/** How long the widget keeps asking for a pending session: the server's session timeout (60 s). */
export const SESSION_PENDING_RETRIES = 30;
export const SESSION_PENDING_DELAY_MS = 2_000;

/**
 * How long the shopper waits for a session at most, retries included: then the checkout says the
 * partner did not answer and offers to try again (the same key: a session made meanwhile is
 * replayed) or to take another offer. A popup left blank for longer reads as broken.
 */
export const SESSION_DEADLINE_MS = 30_000;

/** Session creation: a pending session is asked for again (same key) until it is there. */
export const retrySession = (failureCount: number, error: unknown): boolean =>
  isSessionPending(error) ? failureCount < SESSION_PENDING_RETRIES : retryTransient(2)(failureCount, error);

export const retrySessionDelay = (attempt: number, error: unknown): number =>
  isSessionPending(error) ? SESSION_PENDING_DELAY_MS : retryDelay(attempt);
