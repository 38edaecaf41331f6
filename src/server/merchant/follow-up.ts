// Status sync: one poller (under a lease) follows every non-terminal order in the ledger until its
// transaction ends or its checkout expires, however many browsers watch it. With the service's
// webhooks received it is their backstop, reading an order older than an hour at most every ten
// minutes. It reads the service in batches, as the proxy reads one session: by session id (one
// search for up to 100 due orders), else by the externalSessionId the server gave the session (a
// second search for those the first did not find, while their partner's transactions have never been
// found by session id). Each order has its own next check time in the ledger, backing off while
// nothing changes, so a restart resumes where the last process stopped. A change is written once
// (the ledger compares and sets) with its webhook.
import { RampError } from '../../api';
import { paginate } from '../../api/pagination';
import type { Transaction, TransactionsQuery } from '../../api/types';
import { isTerminalStatus } from '../../domain';
import type { SyncPolicy } from '../config/config';
import type { OrderLedger } from '../storage/ledger/ledger';
import type { OrderRecord } from '../storage/ledger/types';
import type { RecordExpiry, RecordStatus } from './record-status';
import type { Upstream } from '../upstream/client';
import { createDueWorker, jobParts } from './jobs/worker';
import type { JobParts } from './jobs/worker';
import type { Worker } from './jobs/worker';
import { backoff } from '../../domain/backoff';

export interface StatusSyncOptions extends JobParts {
  /** The orders it follows, and their next check times. */
  orders: Pick<OrderLedger, 'dueForCheck' | 'nextCheckAt' | 'scheduleChecks'>;
  upstream: Upstream;
  /** Records what a read found (record-status.ts: the path webhooks take too). */
  recordStatus: RecordStatus;
  /** Ends an order whose checkout saw no transaction in time. */
  recordExpiry: RecordExpiry;
  /** Its pace and the checkout's expiry (config.ts syncPolicy). */
  policy: SyncPolicy;
  /** Told after a change is recorded (kicks the webhook sender). */
  onChange: () => void;
}

export type StatusSync = Worker;

/** Due orders read at once: the most ids the service's search takes (docs/upstream/API-NOTES.md §5.2). */
export const SEARCH_BATCH = 100;

/**
 * When to look at `order` next, `attempts` unchanged checks in. The time is rounded to a multiple of
 * half the wait, so orders created at different moments fall due together and share reads: down
 * while backing off (never later than the backoff says), up in the backstop (never sooner).
 */
export function nextCheckAt(order: OrderRecord, attempts: number, now: number, p: SyncPolicy): number {
  const delay = Math.round(backoff(attempts, { firstMs: p.baseMs, maxMs: p.maxMs, factor: p.backoff }));
  if (p.backstop && now - order.createdAt >= p.backstop.afterMs) {
    const wait = Math.max(delay, p.backstop.everyMs);
    const slot = Math.floor(wait / 2);
    return Math.ceil((now + wait) / slot) * slot;
  }
  const slot = Math.max(1, Math.floor(delay / 2));
  return Math.floor((now + delay) / slot) * slot;
}

/** What the service said of a batch: each found order's transaction, and whether every read answered. */
interface Found {
  transactions: Map<string, Transaction>;
  complete: boolean;
}

export function createStatusSync(o: StatusSyncOptions): StatusSync {
  const p = o.policy;
  // Partners whose transactions the search by session id has found. Their orders it does not find
  // have no transaction yet: searching for them again by externalSessionId would double the reads
  // of every order still open. Learnt in this process, again after a restart.
  const foundBySession = new Set<string>();

  /**
   * Pages through one search until every wanted order is matched or nothing remains (the service
   * answers as many records as ids were given, so one page in the usual case).
   */
  async function search(
    query: Pick<TransactionsQuery, 'sessionIds' | 'externalSessionIds'>,
    wanted: number,
    match: (t: Transaction) => boolean,
  ): Promise<void> {
    let matched = 0;
    const pages = paginate((cursor) =>
      o.upstream.read((cl) => cl.transactions({ ...query, limit: wanted, ...cursor })),
    );
    for await (const page of pages) {
      for (const t of page.items) if (match(t)) matched++;
      if (matched >= wanted) break;
    }
  }

  async function lookUp(due: OrderRecord[]): Promise<Found> {
    const transactions = new Map<string, Transaction>();
    const bySession = new Map(due.map((d) => [d.sessionId, d]));
    // Newest first: the first record of a session is its latest transaction.
    const keep = (order: OrderRecord | undefined, t: Transaction) => {
      if (!order || transactions.has(order.sessionId)) return false;
      transactions.set(order.sessionId, t);
      return true;
    };
    try {
      await search({ sessionIds: [...bySession.keys()] }, due.length, (t) =>
        keep(t.sessionId === undefined ? undefined : bySession.get(t.sessionId), t),
      );
      for (const sessionId of transactions.keys()) foundBySession.add(bySession.get(sessionId)!.partner);
      const rest = due.filter(
        (d) =>
          !transactions.has(d.sessionId) && d.externalSessionId !== null && !foundBySession.has(d.partner),
      );
      if (rest.length > 0) {
        const byExternal = new Map(rest.map((d) => [d.externalSessionId!, d]));
        await search({ externalSessionIds: [...byExternal.keys()] }, rest.length, (t) => {
          const order = t.externalSessionId === undefined ? undefined : byExternal.get(t.externalSessionId);
          // Only a record of this very session: the search is by our id, the check by the upstream's.
          return keep(order && (t.sessionId ?? order.sessionId) === order.sessionId ? order : undefined, t);
        });
      }
      return { transactions, complete: true };
    } catch (e) {
      o.log.warn('status sync read failed', {
        orders: due.length,
        error: e instanceof RampError ? e.code : String(e),
      });
      return { transactions, complete: false };
    }
  }

  /** When to look at an order next, after a check; null when it ended. */
  type Next = { sessionId: string; nextCheckAt: number; checkAttempts: number };
  const again = (order: OrderRecord, attempts: number, now: number): Next => ({
    sessionId: order.sessionId,
    nextCheckAt: nextCheckAt(order, attempts, now, p),
    checkAttempts: attempts,
  });

  async function check(
    order: OrderRecord,
    found: Found,
    now: number,
  ): Promise<{ changed: boolean; next: Next | null }> {
    const tx = found.transactions.get(order.sessionId);
    if (tx && (await o.recordStatus(order, tx, 'poll'))) {
      return { changed: true, next: isTerminalStatus(tx.status) ? null : again(order, 0, now) };
    }
    // No transaction in time, as a complete read says: the shopper left.
    const expired = now - order.createdAt >= p.expiresMs;
    if (!tx && found.complete && order.transactionId === null && expired && (await o.recordExpiry(order))) {
      return { changed: true, next: null };
    }
    return { changed: false, next: again(order, order.checkAttempts + 1, now) };
  }

  return createDueWorker({
    name: 'status-sync',
    ...jobParts(o),
    nextDueAt: () => o.orders.nextCheckAt(),
    due: (now, limit) => o.orders.dueForCheck(now, limit),
    batch: SEARCH_BATCH,
    async handle(due) {
      const found = await lookUp(due);
      const now = o.now();
      const results = [];
      for (const order of due) results.push(await check(order, found, now));
      // The batch's next check times in one transaction: one write for the batch, not one per
      // order, so following thousands of open orders leaves the ledger free for new sessions.
      await o.orders.scheduleChecks(results.flatMap((r) => (r.next ? [r.next] : [])));
      const changes = results.filter((r) => r.changed).length;
      if (changes > 0) o.onChange();
      // Let requests in between batches: with the in-process sandbox (or a ledger that answers
      // synchronously) nothing here waits for I/O, and thousands of due orders would otherwise
      // hold the event loop until the last one is checked.
      await new Promise((r) => setImmediate(r));
      return changes;
    },
  });
}
