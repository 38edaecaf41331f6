// The records behind replay protection of session creation (proxy/sessions/idempotency.ts runs the
// work once over them): one record per Idempotency-Key, `pending` from the moment a request claims
// the key until the upstream answers, then `done` with the result; a failure removes the record so
// a retry may try again.
//
// The in-process store below is the default; the Redis one (redis.ts) implements the same four
// methods, each atomic per key: `putPending` claims a key for exactly one caller across every
// instance (SET NX semantics).
import { systemClock } from '../../http/clock';

export const IDEMPOTENCY_TTL_MS = 60 * 60 * 1000;

export type IdempotencyRecord<T> =
  { state: 'pending'; fingerprint: string; since: number } | { state: 'done'; fingerprint: string; value: T };

export interface IdempotencyStore<T> {
  /** The live record of `key`, if any. */
  get(key: string): Promise<IdempotencyRecord<T> | undefined>;
  /** Claims `key` as pending for this request: true when claimed, false when a record exists. */
  putPending(key: string, fingerprint: string): Promise<boolean>;
  /** Records the result of the pending `key` (replays get it until the record expires). */
  complete(key: string, value: T): Promise<void>;
  /** Removes the pending `key`: the work failed and a retry may start it again. */
  fail(key: string): Promise<void>;
}

interface Entry<T> {
  record: IdempotencyRecord<T>;
  at: number;
}

/** The in-process store: records live `ttlMs`, at most `maxEntries` of them (oldest out first). */
export class MemoryIdempotencyStore<T> implements IdempotencyStore<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #now: () => number;
  readonly #ttl: number;
  readonly #max: number;

  constructor(opts: { now?: () => number; ttlMs?: number; maxEntries?: number } = {}) {
    this.#now = opts.now ?? systemClock;
    this.#ttl = opts.ttlMs ?? IDEMPOTENCY_TTL_MS;
    this.#max = opts.maxEntries ?? 10_000;
  }

  get(key: string): Promise<IdempotencyRecord<T> | undefined> {
    return Promise.resolve(this.#live(key)?.record);
  }

  putPending(key: string, fingerprint: string): Promise<boolean> {
    if (this.#live(key)) return Promise.resolve(false);
    const now = this.#now();
    this.#entries.set(key, { record: { state: 'pending', fingerprint, since: now }, at: now });
    while (this.#entries.size > this.#max) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return Promise.resolve(true);
  }

  complete(key: string, value: T): Promise<void> {
    const e = this.#entries.get(key);
    if (e) e.record = { state: 'done', fingerprint: e.record.fingerprint, value };
    return Promise.resolve();
  }

  fail(key: string): Promise<void> {
    if (this.#entries.get(key)?.record.state === 'pending') this.#entries.delete(key);
    return Promise.resolve();
  }

  #live(key: string): Entry<T> | undefined {
    const e = this.#entries.get(key);
    if (e && this.#now() - e.at >= this.#ttl) {
      this.#entries.delete(key);
      return undefined;
    }
    return e;
  }
}
