import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RampError } from '../api';
import {
  REQUEST_BUDGET_MS,
  discoveryRetryDelay,
  pollDelay,
  retryDelay,
  retrySession,
  retrySessionDelay,
  retryTransient,
} from './retry';

describe('retry', () => {
  it('repeats only retryable failures, a bounded number of times', () => {
    const retry = retryTransient(2);
    const transient = new RampError('NETWORK_ERROR', 'down', 0, { retryable: true });
    expect(retry(0, transient)).toBe(true);
    expect(retry(2, transient)).toBe(false);
    expect(retry(0, new RampError('NO_VALID_QUOTES', 'none', 400))).toBe(false);
    expect(retry(0, new Error('bug'))).toBe(false);
  });

  it('does not repeat what the server already retried within its deadline (502, 504)', () => {
    const retry = retryTransient(2);
    // The proxy answers these after spending its whole deadline and its own retries on the upstream:
    // repeating them would multiply the wait (and the upstream attempts) for the shopper.
    expect(retry(0, new RampError('UPSTREAM_TIMEOUT', 'slow', 504))).toBe(false);
    expect(retry(0, new RampError('UPSTREAM_UNREACHABLE', 'down', 502))).toBe(false);
    expect(retry(0, new RampError('SERVICE_UNAVAILABLE', 'down', 502))).toBe(false);
    // Not reaching the proxy at all, or being told to come back, is still worth a retry.
    expect(retry(0, new RampError('NETWORK_ERROR', 'offline', 0, { retryable: true }))).toBe(true);
    expect(retry(0, new RampError('RATE_LIMITED', 'slow down', 429))).toBe(true);
    expect(retry(0, new RampError('SESSION_PENDING', 'pending', 503))).toBe(true);
  });

  it('keeps the widget’s total wait for one read within one server deadline plus its pauses', () => {
    // Attempts the widget makes for a read the proxy answered with a gateway error: one.
    const retry = retryTransient(2);
    let attempts = 1;
    while (retry(attempts - 1, new RampError('UPSTREAM_TIMEOUT', 'slow', 504))) attempts++;
    expect(attempts).toBe(1);
    expect(REQUEST_BUDGET_MS).toBeLessThanOrEqual(12_000);
  });

  it('asks again for a pending session, with the same key, for as long as the server may take', () => {
    const pending = new RampError('SESSION_PENDING', 'pending', 503);
    expect(retrySession(10, pending)).toBe(true);
    expect(retrySessionDelay(10, pending)).toBe(2000);
    expect(retrySession(2, new RampError('SERVICE_UNAVAILABLE', 'down', 503))).toBe(false);
  });

  it('polls from the base pause up to the longest one, with at most 20 % jitter', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const d = pollDelay(attempt, 1000, 5000, () => r);
        const plain = [1000, 2000, 4000][attempt] ?? 5000;
        expect(d).toBeGreaterThanOrEqual(Math.floor(plain * 0.8));
        expect(d).toBeLessThanOrEqual(Math.ceil(plain * 1.2));
      }),
    );
    expect([0, 1, 2, 3, 10].map((n) => pollDelay(n, 1000, 5000, () => 0.5))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('pauses longer before each retry: 0.5 s doubling to 4 s; discovery reads 1 s doubling to 8 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect([0, 1, 2, 3, 4, 5].map(discoveryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
});
