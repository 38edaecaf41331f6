import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';
import { manualClock } from '../testing/clock';

describe('RateLimiter', () => {
  it('allows a burst, then refuses with the time until the next token', () => {
    const clock = manualClock();
    const rl = new RateLimiter({ burst: 3, perMinute: 6 }, { now: clock.now });
    expect([rl.take('a'), rl.take('a'), rl.take('a')].every((d) => d.ok)).toBe(true);
    expect(rl.take('a')).toEqual({ ok: false, retryAfterSec: 10 });
    clock.advance(10_000);
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(false);
  });

  it('keeps one bucket per client', () => {
    const rl = new RateLimiter({ burst: 1, perMinute: 1 }, { now: manualClock().now });
    expect(rl.take('a').ok).toBe(true);
    expect(rl.take('a').ok).toBe(false);
    expect(rl.take('b').ok).toBe(true);
  });

  it('refills no further than the burst', () => {
    const clock = manualClock();
    const rl = new RateLimiter({ burst: 2, perMinute: 60 }, { now: clock.now });
    rl.take('a');
    clock.advance(3_600_000);
    expect([rl.take('a'), rl.take('a'), rl.take('a')].map((d) => d.ok)).toEqual([true, true, false]);
  });

  it('bounds the number of tracked clients', () => {
    const rl = new RateLimiter({ burst: 1, perMinute: 1 }, { now: manualClock().now, maxClients: 2 });
    rl.take('a');
    rl.take('b');
    rl.take('c'); // evicts a, whose bucket starts full again
    expect(rl.take('a').ok).toBe(true);
  });
});
