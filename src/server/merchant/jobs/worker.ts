// A background job that runs when kicked and again at the next time its store says work is due:
// the shape shared by the status sync and the webhook sender. One run at a time; a kick during a
// run makes it go round once more. Runs happen under a lease, so one instance works at a time: the
// holder renews it in the background every third of its time to live (a slow step never lets it
// lapse), stops at once when it is lost, and an instance that dies simply stops renewing, so the
// lease expires and another instance takes the work over. Work may be queued by another instance,
// so each looks at least once a lease's time to live even when it knows of nothing due; refused the
// lease while work is due, it tries again a third of a lease later, not in a busy loop; so does a
// pass that failed (its database or Redis unreachable): a job never stops looking.
import { DEFAULTS } from '../../config/defaults';
import type { Leases } from '../../storage/stores/leases';
import type { Logger } from '../../http/log';

export interface Worker {
  /** Looks for due work now. */
  kick(): void;
  /** Does what is due and returns how much (tests; also what each timer tick runs). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** What every job is given: the leases it works under, its log and its clock. */
export interface JobParts {
  leases: Leases;
  log: Logger;
  now: () => number;
  /** How long the lease lives without renewal: how soon another instance takes over a dead one's work. @default DEFAULTS.leaseTtlMs */
  leaseTtlMs?: number;
}

/** A job's own parts, out of its larger options. */
export const jobParts = ({ leases, log, now, leaseTtlMs }: JobParts): JobParts => ({
  leases,
  log,
  now,
  leaseTtlMs,
});

export interface WorkerOptions extends JobParts {
  name: string;
  /**
   * One pass over due work, while holding the lease. `stopped()` turns true when the worker stops or
   * the lease is lost; `signal` aborts then too (for work in flight, e.g. an HTTP request).
   */
  pass(stopped: () => boolean, signal: AbortSignal): Promise<number>;
  /** When work is next due, or null. */
  nextDueAt(): Promise<number | null>;
}

export interface DueWorkOptions<T> extends Omit<WorkerOptions, 'pass'> {
  /** Up to `limit` items due at `now`, in the order they are to be done. */
  due(now: number, limit: number): Promise<T[]>;
  /** How many items one batch takes. */
  batch: number;
  /** Does one batch; returns how many of its items count as done. */
  handle(items: T[]): Promise<number>;
}

/**
 * The loop of a job over due items (orders to check, events to apply, pending orders to settle):
 * a batch of what is due, handled, then the next, until nothing is due or the worker stops.
 */
export function createDueWorker<T>(o: DueWorkOptions<T>): Worker {
  const { due, batch, handle, ...worker } = o;
  return createWorker({
    ...worker,
    async pass(stopped) {
      let done = 0;
      for (;;) {
        const items = await due(o.now(), batch);
        if (items.length === 0 || stopped()) break;
        done += await handle(items);
      }
      return done;
    },
  });
}

export function createWorker(o: WorkerOptions): Worker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  const ttlMs = o.leaseTtlMs ?? DEFAULTS.leaseTtlMs;

  /** One pass under the lease; null when another instance holds it. */
  async function leased(): Promise<number | null> {
    const lease = await o.leases.acquire(o.name, ttlMs);
    if (!lease) return null;
    const lost = new AbortController();
    const keepAlive = setInterval(() => {
      lease.renew().then(
        (kept) => {
          if (!kept && !lost.signal.aborted) {
            o.log.warn(`${o.name} lease lost`, {});
            lost.abort();
          }
        },
        // Redis unreachable: the lease may lapse; stop rather than risk working beside another.
        () => lost.abort(),
      );
    }, ttlMs / 3);
    keepAlive.unref?.();
    try {
      return await o.pass(() => stopped || lost.signal.aborted, lost.signal);
    } finally {
      clearInterval(keepAlive);
      if (!lost.signal.aborted) await lease.release().catch(() => undefined);
    }
  }

  async function schedule(refused: boolean): Promise<void> {
    if (stopped) return;
    // The store unreachable (a database outage): look again in a while, never stop looking.
    const next = await o.nextDueAt().catch(() => undefined);
    clearTimeout(timer);
    if (stopped) return;
    // Another instance may queue work here without telling this one, or die holding some: look at
    // least once a lease's time to live, even with nothing due.
    let wait = next === null ? ttlMs : next === undefined ? 0 : Math.min(Math.max(0, next - o.now()), ttlMs);
    // Refused the lease (the holder does what is due), or the pass or the store failed: look again
    // in a while, in case the holder died or the store is back.
    if (refused || next === undefined) wait = Math.max(wait, ttlMs / 3);
    timer = setTimeout(() => worker.kick(), wait);
    timer.unref?.();
  }

  const worker: Worker = {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      void worker.runOnce().catch((e: unknown) => o.log.error(`${o.name} failed`, { error: e }));
    },
    runOnce() {
      if (running) return running;
      running = (async () => {
        let total = 0;
        let refused = false;
        try {
          do {
            again = false;
            const n = await leased();
            refused = n === null;
            total += n ?? 0;
          } while (again && !stopped && !refused);
        } catch (e) {
          // A failed pass (its store unreachable) is tried again later, not given up.
          await schedule(true);
          throw e;
        }
        await schedule(refused);
        return total;
      })().finally(() => (running = null));
      return running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
  return worker;
}
