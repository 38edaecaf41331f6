// When a failed request is worth repeating, and how long to wait: only errors the api layer marked
// retryable (network, timeout, 408/425/429/5xx), a few times, with growing pauses.
import { RampError } from '../api';

/** A react-query `retry` that repeats retryable failures up to `max` times. */
export const retryTransient =
  (max: number) =>
  (failureCount: number, error: unknown): boolean =>
    error instanceof RampError && error.retryable && failureCount < max;

export const retryDelay = (attempt: number): number => Math.min(4000, 500 * 2 ** attempt);

/**
 * The pause before poll number `attempt` (0-based, counted since the last change): `baseMs`
 * doubling up to `maxMs`, ±20 % jitter so many widgets do not poll in step.
 */
export function pollDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(plain * (0.8 + 0.4 * random()));
}
