// Retention: terminal orders and delivered webhooks older than RAMP_RETENTION_DAYS leave the ledger,
// so it does not grow without end. It runs in the background (soon after start, then hourly) under
// a lease like the other jobs, in small batches with a pause between them, so the ledger's one
// writer (embedded) or its rows (PostgreSQL) are never held for long by it.
import type { LedgerRetention } from '../../storage/ledger/ledger';
import type { Logger } from '../../http/log';
import type { Leases } from '../../storage/stores/leases';
import { createWorker } from './worker';
import type { Worker } from './worker';

export const DAY_MS = 86_400_000;
/** Rows of each kind per batch (one short transaction). */
export const RETENTION_BATCH = 200;
const PAUSE_MS = 25;
const EVERY_MS = 3_600_000;
/** The first run waits a little: a server starting has other work first. */
const FIRST_RUN_MS = 5_000;

export interface RetentionOptions {
  retention: LedgerRetention;
  leases: Leases;
  log: Logger;
  now: () => number;
  days: number;
  leaseTtlMs?: number;
  /** @default 5000 */
  firstRunMs?: number;
}

export function createRetention(o: RetentionOptions): Worker {
  let dueAt = o.now() + (o.firstRunMs ?? FIRST_RUN_MS);
  return createWorker({
    name: 'retention',
    leases: o.leases,
    log: o.log,
    now: o.now,
    nextDueAt: async () => dueAt,
    leaseTtlMs: o.leaseTtlMs,
    async pass(stopped) {
      if (o.now() < dueAt) return 0;
      const before = o.now() - o.days * DAY_MS;
      let removed = 0;
      for (;;) {
        const n = await o.retention.prune(before, RETENTION_BATCH);
        removed += n;
        if (n === 0 || stopped()) break;
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      dueAt = o.now() + EVERY_MS;
      if (removed > 0) o.log.info('ledger retention', { removed, olderThanDays: o.days });
      return removed;
    },
  });
}
