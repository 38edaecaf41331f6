// Replay protection for session creation, behind a narrow store interface. A browser sends the same
// Idempotency-Key when it retries (a lost response, a double click, a timeout); the first request's
// result is recorded under the key and every replay gets it, without a second upstream session.
//
// The records live in a store (storage/stores/idempotency.ts: in process, or Redis for several
// instances). The same key with a different body (another fingerprint) is refused. Stores are fast
// and forgetful (a restart, an expiry): behind them, the ledger's pending order of the key's
// externalSessionId is the durable record (sessions.ts asks it before creating anything).
import { SESSION_PENDING } from '../../../api/proxy/contract';
import { HttpError } from '../../http/errors';
import type { IdempotencyStore } from '../../storage/stores/idempotency';

export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

export const idempotencyKeyReused = () =>
  new HttpError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used for a different request: send a new key',
  );

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
