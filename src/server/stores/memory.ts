// The in-process stores: one instance, nothing to run beside it (the default).
import { MemoryIdempotencyStore } from '../idempotency';
import { memoryLeases } from '../leases';
import { RateLimiter } from '../ratelimit';
import type { Stores } from './types';

export function createMemoryStores(opts: { now?: () => number } = {}): Stores {
  const now = opts.now ?? Date.now;
  return {
    kind: 'memory',
    rateLimiter: (_name, rule) => new RateLimiter(rule, { now }),
    // The process's own TtlCache already answers concurrent misses with one call: nothing is shared.
    cache: { load: (_key, _ttlMs, load) => load(), clear: async () => {} },
    idempotency: (_name, o) => new MemoryIdempotencyStore({ now, ttlMs: o?.ttlMs }),
    leases: memoryLeases(now),
    health: async () => ({ up: true }),
    close: async () => {},
  };
}
