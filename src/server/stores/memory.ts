// The in-process stores: one instance, nothing to run beside it (the default).
import { randomUUID } from 'node:crypto';
import { IdempotencyStore as InProcessIdempotency } from '../idempotency';
import { RateLimiter } from '../ratelimit';
import type { Lease, LeaseStore, Stores } from './types';

export function createMemoryStores(opts: { now?: () => number } = {}): Stores {
  const now = opts.now ?? Date.now;
  return {
    kind: 'memory',
    rateLimiter: (_name, rule) => new RateLimiter(rule, { now }),
    // The process's own TtlCache already answers concurrent misses with one call: nothing is shared.
    cache: { load: (_key, _ttlMs, load) => load(), clear: async () => {} },
    idempotency: (_name, o) => new InProcessIdempotency({ now, ttlMs: o?.ttlMs }),
    leases: memoryLeases(now),
    health: async () => ({ up: true }),
    close: async () => {},
  };
}

function memoryLeases(now: () => number): LeaseStore {
  const held = new Map<string, { token: string; expiresAt: number }>();
  return {
    async acquire(name, ttlMs) {
      const current = held.get(name);
      if (current && current.expiresAt > now()) return null;
      const token = randomUUID();
      held.set(name, { token, expiresAt: now() + ttlMs });
      const mine = () => held.get(name)?.token === token && held.get(name)!.expiresAt > now();
      const lease: Lease = {
        name,
        async renew(ttl) {
          if (!mine()) return false;
          held.set(name, { token, expiresAt: now() + ttl });
          return true;
        },
        async release() {
          if (held.get(name)?.token === token) held.delete(name);
        },
      };
      return lease;
    },
  };
}
