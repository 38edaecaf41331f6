// Status sync: one poller (under a lease) follows every non-terminal order in the ledger until its
// transaction reaches a terminal status, however many browsers watch it. Each order has its own
// next check time in the ledger, backing off while nothing changes, so a restart resumes where the
// last process stopped. A change is written once (the ledger compares and sets) with its webhook.
import { RampError } from '../../api';
import { DEFAULTS } from '../config/defaults';
import type { Transaction } from '../../api/types';
import { isTerminalStatus } from '../../domain';
import type { Leases } from './jobs/leases';
import type { Ledger, OrderRecord } from '../storage/ledger/types';
import type { Logger } from '../http/log';
import type { RecordStatus } from './record-status';
import type { Upstream } from '../upstream/client';
import { createWorker } from './jobs/worker';
import type { Worker } from './jobs/worker';

export interface SyncIntervals {
  /** First wait between checks of an order. @default DEFAULTS.syncIntervalMs */
  baseMs: number;
  /** Longest wait between checks while nothing changes. @default 300_000 */
  maxMs: number;
}

export const DEFAULT_SYNC: SyncIntervals = { baseMs: DEFAULTS.syncIntervalMs, maxMs: 300_000 };

export interface StatusSyncOptions {
  ledger: Ledger;
  upstream: Upstream;
  leases: Leases;
  log: Logger;
  now: () => number;
  /** Records what a read found (record-status.ts: the path webhooks take too). */
  recordStatus: RecordStatus;
  intervals?: Partial<SyncIntervals>;
  /** Told after a change is recorded (kicks the webhook sender). */
  onChange: () => void;
  /** The sync lease's time to live (worker.ts). */
  leaseTtlMs?: number;
}

export type StatusSync = Worker;

const BATCH = 20;

export function nextCheckDelay(attempts: number, iv: SyncIntervals): number {
  return Math.min(iv.maxMs, Math.round(iv.baseMs * 1.5 ** attempts));
}

export function createStatusSync(o: StatusSyncOptions): StatusSync {
  const iv: SyncIntervals = { ...DEFAULT_SYNC, ...o.intervals };
  async function read(order: OrderRecord): Promise<Transaction | null> {
    try {
      return await o.upstream.read((cl) => cl.transactionBySession(order.sessionId));
    } catch (e) {
      // Not yet created with the partner (or not found yet): keep looking.
      if (e instanceof RampError && e.status === 404) return null;
      throw e;
    }
  }

  /** When to look at an order next, after a check. */
  type Next = { sessionId: string; nextCheckAt: number; checkAttempts: number };

  async function check(order: OrderRecord): Promise<{ changed: boolean; next: Next | null }> {
    let tx: Transaction | null;
    try {
      tx = await read(order);
    } catch (e) {
      o.log.warn('status sync read failed', {
        sessionId: order.sessionId,
        error: e instanceof RampError ? e.code : String(e),
      });
      tx = null;
    }
    if (tx && (await o.recordStatus(order, tx, 'poll'))) {
      const again = isTerminalStatus(tx.status)
        ? null
        : { sessionId: order.sessionId, nextCheckAt: o.now() + iv.baseMs, checkAttempts: 0 };
      return { changed: true, next: again };
    }
    const attempts = order.checkAttempts + 1;
    return {
      changed: false,
      next: {
        sessionId: order.sessionId,
        nextCheckAt: o.now() + nextCheckDelay(attempts, iv),
        checkAttempts: attempts,
      },
    };
  }

  return createWorker({
    name: 'status-sync',
    leases: o.leases,
    log: o.log,
    now: o.now,
    nextDueAt: () => o.ledger.nextCheckAt(),
    leaseTtlMs: o.leaseTtlMs,
    async pass(stopped) {
      let changes = 0;
      for (;;) {
        const due = await o.ledger.dueOrders(o.now(), BATCH);
        if (due.length === 0 || stopped()) break;
        const results = await Promise.all(due.map(check));
        // The batch's next check times in one transaction: one write for the batch, not one per
        // order, so following thousands of open orders leaves the ledger free for new sessions.
        await o.ledger.scheduleChecks(results.flatMap((r) => (r.next ? [r.next] : [])));
        const n = results.filter((r) => r.changed).length;
        changes += n;
        if (n > 0) o.onChange();
        // Let requests in between batches: with the in-process sandbox (or a ledger that answers
        // synchronously) nothing here waits for I/O, and thousands of due orders would otherwise
        // hold the event loop until the last one is checked.
        await new Promise((r) => setImmediate(r));
      }
      return changes;
    },
  });
}
