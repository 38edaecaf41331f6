// Replay protection for session creation, behind a narrow store interface. A browser sends the same
// Idempotency-Key when it retries (a lost response, a double click, a timeout); the first request's
// result is recorded under the key and every replay gets it, without a second upstream session.
//
// The store holds one record per key: `pending` from the moment a request claims the key until the
// upstream answers, then `done` with the result; a failure removes the record so a retry may try
// again. The same key with a different body (another fingerprint) is refused by the caller.
//
// This in-process store is the default; a shared one (Redis, for several instances) implements the
// same four methods, each atomic per key: `putPending` claims a key for exactly one caller across
// every instance (SET NX semantics). Both are fast and forgetful (a restart, an expiry): behind
// them, the ledger's pending order of the key's externalSessionId is the durable record
// (sessions.ts asks it before creating anything).
import { systemClock } from '../../http/clock';
import { SESSION_PENDING } from '../../../api/proxy/contract';
import { HttpError } from '../../http/errors';

export const IDEMPOTENCY_TTL_MS = 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

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

export const idempotencyKeyReused = () =>
  new HttpError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request: send a new key',
  );

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

/** The answer while the work for a key is still running elsewhere or past the caller's wait. */
export const sessionPending = (retryAfterSec = 2) =>
  new HttpError(
    503,
    SESSION_PENDING,
    'The session is still being created: retry with the same Idempotency-Key',
    {
      headers: { 'Retry-After': String(retryAfterSec) },
    },
  );

/**
 * Runs work once per key over a store. The work is detached from the caller: it goes on when the
 * caller stops waiting (`wait` settles first, e.g. the browser's deadline), and its result is
 * recorded for the replays. A caller that finds the key pending waits for the work when it runs
 * in this process, and otherwise hears SESSION_PENDING at once.
 */
export class IdempotentRunner<T> {
  readonly #store: IdempotencyStore<T>;
  readonly #inflight = new Map<string, Promise<T>>();

  constructor(store: IdempotencyStore<T>) {
    this.#store = store;
  }

  async run(
    key: string,
    fingerprint: string,
    create: () => Promise<T>,
    wait?: Promise<never>,
  ): Promise<{ value: T; replayed: boolean }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await this.#store.get(key);
      if (existing) {
        if (existing.fingerprint !== fingerprint) throw idempotencyKeyReused();
        if (existing.state === 'done') return { value: existing.value, replayed: true };
        const running = this.#inflight.get(key);
        if (!running) throw sessionPending();
        return { value: await this.#race(running, wait), replayed: true };
      }
      if (await this.#store.putPending(key, fingerprint)) {
        const work = (async () => {
          try {
            const value = await create();
            await this.#store.complete(key, value);
            return value;
          } catch (e) {
            await this.#store.fail(key);
            throw e;
          } finally {
            this.#inflight.delete(key);
          }
        })();
        // Nobody may be left to hear how it ended: that is not an unhandled rejection.
        work.catch(() => {});
        this.#inflight.set(key, work);
        return { value: await this.#race(work, wait), replayed: false };
      }
      // Claimed by another request between get and putPending: look again.
    }
    throw sessionPending();
  }

  async #race(work: Promise<T>, wait: Promise<never> | undefined): Promise<T> {
    if (!wait) return work;
    try {
      return await Promise.race([work, wait]);
    } catch (e) {
      // The caller's wait ended first: the work goes on, and says so.
      if (e instanceof HttpError && e.code === 'UPSTREAM_TIMEOUT') throw sessionPending();
      throw e;
    }
  }
}
