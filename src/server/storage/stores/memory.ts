// The in-process stores: one instance, nothing to run beside it (the default).
import { systemClock } from '../../http/clock';
import { MemoryIdempotencyStore } from './idempotency';
import { memoryLeases } from './leases';
import { RateLimiter } from '../../http/rate-limit';
import type { ExpiringRecords, Stores } from './types';

/** The most records one named set keeps in process; the oldest go first. */
export const MEMORY_RECORDS_MAX = 20_000;

export function createMemoryStores(opts: { now?: () => number } = {}): Stores {
  const now = opts.now ?? systemClock;
  const sets = new Map<string, ExpiringRecords>();
  return {
    kind: 'memory',
    rateLimiter: (_name, rule) => new RateLimiter(rule, { now }),
    // The process's own TtlCache already answers concurrent misses with one call: nothing is shared.
    cache: { load: (_key, _ttlMs, load) => load(), clear: async () => {} },
    idempotency: (_name, o) => new MemoryIdempotencyStore({ now, ttlMs: o?.ttlMs }),
    records: (name) => {
      let set = sets.get(name);
      if (!set) sets.set(name, (set = memoryRecords(now)));
      return set;
    },
    leases: memoryLeases(now),
    health: async () => ({ up: true }),
    close: async () => {},
  };
}

/** Expiring records in a Map kept in insertion order: a put moves its key last, the oldest go first. */
export function memoryRecords(now: () => number, max = MEMORY_RECORDS_MAX): ExpiringRecords {
  const kept = new Map<string, { value: string; until: number }>();
  return {
    put: async (entries, ttlMs) => {
      for (const { key, value } of entries) {
        kept.delete(key);
        kept.set(key, { value, until: now() + ttlMs });
      }
      while (kept.size > max) kept.delete(kept.keys().next().value as string);
    },
    get: async (key) => {
      const r = kept.get(key);
      if (r && r.until > now()) return r.value;
      if (r) kept.delete(key);
      return undefined;
    },
  };
}
