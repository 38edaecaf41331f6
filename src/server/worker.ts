// A background job that runs when kicked and again at the next time its store says work is due:
// the shape shared by the status sync and the webhook sender. One run at a time; a kick during a
// run makes it go round once more. Runs happen under a lease, so one instance works at a time.
import type { Leases } from './leases';
import type { Logger } from './log';

export interface Worker {
  /** Looks for due work now. */
  kick(): void;
  /** Does what is due and returns how much (tests; also what each timer tick runs). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export interface WorkerOptions {
  name: string;
  leases: Leases;
  log: Logger;
  now: () => number;
  /** One pass over due work, while holding the lease; `renew` keeps it. */
  pass(renew: () => Promise<boolean>, stopped: () => boolean): Promise<number>;
  /** When work is next due, or null. */
  nextDueAt(): Promise<number | null>;
}

const LEASE_MS = 60_000;

export function createWorker(o: WorkerOptions): Worker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;

  async function leased(): Promise<number> {
    const lease = await o.leases.acquire(o.name, LEASE_MS);
    if (!lease) return 0;
    try {
      return await o.pass(
        () => lease.renew(),
        () => stopped,
      );
    } finally {
      await lease.release();
    }
  }

  async function schedule(): Promise<void> {
    if (stopped) return;
    const next = await o.nextDueAt();
    clearTimeout(timer);
    if (next === null || stopped) return;
    timer = setTimeout(() => worker.kick(), Math.max(0, Math.min(next - o.now(), 2 ** 31 - 1)));
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
        do {
          again = false;
          total += await leased();
        } while (again && !stopped);
        await schedule();
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
