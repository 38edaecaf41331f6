// Replay protection for session creation. A browser sends the same Idempotency-Key when it retries
// (a lost response, a double click); the first request's answer is kept for a while and every replay
// gets it, without a second upstream session. Concurrent replays wait for the first one. The same key
// with a different body is refused rather than answered with a session the caller did not ask for.
import { HttpError } from './http-error';

export const IDEMPOTENCY_TTL_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

interface Entry<T> {
  fingerprint: string;
  at: number;
  promise: Promise<T>;
}

export class IdempotencyStore<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #now: () => number;
  readonly #ttl: number;
  readonly #max: number;

  constructor(opts: { now?: () => number; ttlMs?: number; maxEntries?: number } = {}) {
    this.#now = opts.now ?? Date.now;
    this.#ttl = opts.ttlMs ?? IDEMPOTENCY_TTL_MS;
    this.#max = opts.maxEntries ?? 10_000;
  }

  async run(
    key: string,
    fingerprint: string,
    create: () => Promise<T>,
  ): Promise<{ value: T; replayed: boolean }> {
    const existing = this.#live(key);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new HttpError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request: send a new key',
        );
      }
      return { value: await existing.promise, replayed: true };
    }
    const promise = create();
    this.#entries.set(key, { fingerprint, at: this.#now(), promise });
    this.#evict();
    try {
      return { value: await promise, replayed: false };
    } catch (e) {
      // Failures are not remembered: a retry with the same key may succeed.
      if (this.#entries.get(key)?.promise === promise) this.#entries.delete(key);
      throw e;
    }
  }

  #live(key: string): Entry<T> | undefined {
    const e = this.#entries.get(key);
    if (e && this.#now() - e.at >= this.#ttl) {
      this.#entries.delete(key);
      return undefined;
    }
    return e;
  }

  #evict(): void {
    while (this.#entries.size > this.#max) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }
}
