// Per-client token buckets. Each client (an IP address, see client.ts) may spend `burst` requests
// at once and gets `perMinute` back per minute; a refused request learns when to retry.
import { systemClock } from './clock';
import type { RateRule } from '../config/config';
import { DependencyUnavailable } from './errors';

export type RateDecision = { ok: true } | { ok: false; retryAfterSec: number };

/** One named token-bucket rule (quote, session, …); buckets are per client. In process (RateLimiter) or in Redis. */
export interface RateLimiterStore {
  take(client: string): RateDecision | Promise<RateDecision>;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  readonly #rule: RateRule;
  readonly #now: () => number;
  readonly #maxClients: number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(rule: RateRule, opts: { now?: () => number; maxClients?: number } = {}) {
    this.#rule = rule;
    this.#now = opts.now ?? systemClock;
    this.#maxClients = opts.maxClients ?? 10_000;
  }

  take(client: string): RateDecision {
    const now = this.#now();
    const perMs = this.#rule.perMinute / 60_000;
    const prev = this.#buckets.get(client);
    const tokens = prev
      ? Math.min(this.#rule.burst, prev.tokens + (now - prev.at) * perMs)
      : this.#rule.burst;
    // Re-insert so the Map's order is least recently seen first, for eviction.
    this.#buckets.delete(client);
    if (tokens >= 1) {
      this.#buckets.set(client, { tokens: tokens - 1, at: now });
      this.#evict();
      return { ok: true };
    }
    this.#buckets.set(client, { tokens, at: now });
    return { ok: false, retryAfterSec: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
  }

  /** Whether `client` could take one now, without taking it. */
  peek(client: string): RateDecision {
    const prev = this.#buckets.get(client);
    if (!prev) return { ok: true };
    const perMs = this.#rule.perMinute / 60_000;
    const tokens = Math.min(this.#rule.burst, prev.tokens + (this.#now() - prev.at) * perMs);
    return tokens >= 1
      ? { ok: true }
      : { ok: false, retryAfterSec: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
  }

  /** Drops the least recently seen clients beyond the bound (their buckets refill meanwhile anyway). */
  #evict(): void {
    while (this.#buckets.size > this.#maxClients) {
      const oldest = this.#buckets.keys().next().value as string;
      this.#buckets.delete(oldest);
    }
  }
}

/**
 * A shared limiter that falls back to this instance's own buckets while its store (Redis) cannot be
 * reached: for reads whose caller is already bound by a token (a shopper's tracking reads), a limit
 * per instance for a while is better than no answer at all.
 */
export function withLocalFallback(shared: RateLimiterStore, local: RateLimiter): RateLimiterStore {
  return {
    async take(client) {
      try {
        return await shared.take(client);
      } catch (e) {
        if (e instanceof DependencyUnavailable) return local.take(client);
        throw e;
      }
    },
  };
}
