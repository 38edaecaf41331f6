import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RampError } from '../api';
import { pollDelay, retryTransient } from './retry';

describe('retry', () => {
  it('repeats only retryable failures, a bounded number of times', () => {
    const retry = retryTransient(2);
    const transient = new RampError('NETWORK_ERROR', 'down', 0, { retryable: true });
    expect(retry(0, transient)).toBe(true);
    expect(retry(2, transient)).toBe(false);
    expect(retry(0, new RampError('NO_VALID_QUOTES', 'none', 400))).toBe(false);
    expect(retry(0, new Error('bug'))).toBe(false);
  });

  it('polls from the base pause up to the longest one, with at most 20 % jitter', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const d = pollDelay(attempt, 1000, 5000, () => r);
        const plain = Math.min(5000, 1000 * 2 ** attempt);
        expect(d).toBeGreaterThanOrEqual(Math.floor(plain * 0.8));
        expect(d).toBeLessThanOrEqual(Math.ceil(plain * 1.2));
      }),
    );
    expect(pollDelay(0, 1000, 5000, () => 0.5)).toBe(1000);
    expect(pollDelay(10, 1000, 5000, () => 0.5)).toBe(5000);
  });
});
