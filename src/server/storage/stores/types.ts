// The shared state of the host server, behind narrow interfaces: rate limits, the shared tier of the
// discovery cache, idempotency of session creation, work leases and recent quotes' terms.
// `memory.ts` keeps them in the process (one instance, the default); `redis.ts` keeps them in Redis
// (several instances behind a load balancer, RAMP_REDIS_URL). Switching one for the other touches
// one file each.
import type { InferOutput } from 'valibot';
import type { DependencyStateSchema } from '../../../api/proxy/health';
import type { RateRule } from '../../config/config';
import type { RateLimiterStore } from '../../http/rate-limit';
import type { IdempotencyStore } from './idempotency';
import type { Leases } from './leases';

export interface SharedCache {
  /**
   * The value under `key` if another instance (or this one) stored it less than `ttlMs` ago, else
   * `load()`'s, called once for concurrent identical misses however many instances ask.
   */
  load<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  /** Forgets every entry (the sandbox control's cache reset). */
  clear(): Promise<void>;
}

/**
 * Short-lived records under opaque keys, each with its own TTL: the terms this server quoted recently
 * (quote-binding.ts), which a session must match. Shared by every instance with Redis, so a quote
 * answered by one instance binds a session created through another.
 */
export interface ExpiringRecords {
  /** Keeps each entry for `ttlMs` (a later put of the same key replaces it and its TTL). */
  put(entries: readonly { key: string; value: string }[], ttlMs: number): Promise<void>;
  /** The value kept under `key` less than its TTL ago, else undefined. */
  get(key: string): Promise<string | undefined>;
}

/** A dependency as a probe found it (its wire shape: /readyz, api/proxy/health.ts). */
export type DependencyState = InferOutput<typeof DependencyStateSchema>;

export interface Stores {
  kind: 'memory' | 'redis';
  rateLimiter(name: string, rule: RateRule): RateLimiterStore;
  cache: SharedCache;
  /** Records per Idempotency-Key (idempotency.ts runs the work once over them). */
  idempotency<T>(name: string, opts?: { ttlMs?: number }): IdempotencyStore<T>;
  /** The terms of recent quotes (named sets of expiring records; quote-binding.ts). */
  records(name: string): ExpiringRecords;
  /** Work one instance at a time may do (follow a transaction, send a delivery); leases expire unless renewed. */
  leases: Leases;
  /** The state of the store's server (memory: always up). */
  health(): Promise<DependencyState>;
  close(): Promise<void>;
}
