// A small in-memory cache for discovery answers: fresh for a TTL, then served stale while one
// background refresh runs, and kept a while longer to answer when the upstream fails. Concurrent
// misses for the same key share one upstream call (single flight). Size-bounded, least recently
// used first out.
import { systemClock } from '../../http/clock';

export interface CacheOptions {
  /** How long an answer is fresh. */
  ttlMs: number;
  /** After the TTL: how long a stale answer is served at once while it is refreshed in the background. */
  staleWhileRevalidateMs: number;
  /** After the TTL: how long a stale answer may stand in when a refresh fails. */
  staleIfErrorMs: number;
  maxEntries: number;
  now: () => number;
  /** Which load failures may be answered with a stale value (default: all). */
  serveStaleOn: (error: unknown) => boolean;
  /** Failures of background refreshes, which have no caller to report to. */
  onBackgroundError: (key: string, error: unknown) => void;
  /** Which load failures are answers to keep (e.g. the upstream's 4xx): negative caching. */
  cacheError: (error: unknown) => boolean;
  /** How long such a failure is kept and given again without asking the upstream. */
  negativeTtlMs: number;
}

export type CacheStatus = 'HIT' | 'MISS' | 'STALE';

interface Entry {
  value: unknown;
  storedAt: number;
  /** A kept failure (negative caching): thrown to callers until negativeTtlMs passes. */
  error?: unknown;
}

export const DISCOVERY_CACHE_DEFAULTS = {
  ttlMs: 60_000,
  staleWhileRevalidateMs: 30_000,
  staleIfErrorMs: 10 * 60_000,
  maxEntries: 1000,
  negativeTtlMs: 30_000,
} as const;

export class TtlCache {
  readonly #o: CacheOptions;
  readonly #entries = new Map<string, Entry>();
  readonly #inflight = new Map<string, Promise<unknown>>();

  constructor(options: Partial<CacheOptions> = {}) {
    this.#o = {
      ...DISCOVERY_CACHE_DEFAULTS,
      now: systemClock,
      serveStaleOn: () => true,
      onBackgroundError: () => {},
      cacheError: () => false,
      ...options,
    };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** `freshUntil`: until when a fresh answer (HIT, MISS) stays fresh, for layers that keep it longer. */
  async get<T>(
    key: string,
    load: () => Promise<T>,
  ): Promise<{ value: T; status: CacheStatus; freshUntil?: number }> {
    const { ttlMs, staleWhileRevalidateMs, staleIfErrorMs, now } = this.#o;
    let entry = this.#entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (entry && 'error' in entry) {
      if (age < this.#o.negativeTtlMs) throw entry.error;
      this.#entries.delete(key);
      entry = undefined;
    }
    if (entry && age < ttlMs) {
      this.#touch(key, entry);
      return { value: entry.value as T, status: 'HIT', freshUntil: entry.storedAt + ttlMs };
    }
    if (entry && age >= ttlMs + Math.max(staleWhileRevalidateMs, staleIfErrorMs)) {
      this.#entries.delete(key);
      entry = undefined;
    }
    if (entry && age < ttlMs + staleWhileRevalidateMs) {
      this.#flight(key, load).catch((e: unknown) => this.#o.onBackgroundError(key, e));
      return { value: entry.value as T, status: 'STALE' };
    }
    try {
      const value = await this.#flight(key, load);
      const stored = this.#entries.get(key);
      return {
        value,
        status: 'MISS',
        ...(stored?.value === value ? { freshUntil: stored.storedAt + ttlMs } : {}),
      };
    } catch (e) {
      if (entry && age < ttlMs + staleIfErrorMs && this.#o.serveStaleOn(e)) {
        return { value: entry.value as T, status: 'STALE' };
      }
      throw e;
    }
  }

  clear(): void {
    this.#entries.clear();
  }

  #flight<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.#inflight.get(key);
    if (running) return running as Promise<T>;
    const p = (async () => {
      try {
        const value = await load();
        this.#set(key, value);
        return value;
      } catch (e) {
        // A definite answer ("no such thing") is kept briefly; a fault never is.
        if (this.#o.cacheError(e)) this.#store(key, { value: undefined, storedAt: this.#o.now(), error: e });
        throw e;
      } finally {
        this.#inflight.delete(key);
      }
    })();
    this.#inflight.set(key, p);
    return p;
  }

  #set(key: string, value: unknown): void {
    this.#store(key, { value, storedAt: this.#o.now() });
  }

  #store(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#o.maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  #touch(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }
}
