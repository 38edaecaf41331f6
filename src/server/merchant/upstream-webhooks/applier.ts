// Applies the service's webhooks recorded in the ledger. The instance that received an event takes
// it (a claim in the ledger, so no other instance applies it at the same time) and applies it right
// after answering; a background worker under a lease picks up whatever was left (a crash, a failed
// read, an event whose order is not linked yet) and retries it with backoff.
//
// Applying an event: find the order (by the event's session id, else by its transaction once a read
// or a previous event linked it; an early event without session ids is linked by reading its
// transaction), read the transaction, and record it through the same path as the status sync.
import { RampError } from '../../../api';
import type { Transaction } from '../../../api/types';
import { isFinal } from '../../storage/ledger/types';
import type { OrderLedger, UpstreamEventLedger } from '../../storage/ledger/ledger';
import type { OrderRecord, UpstreamEventRecord } from '../../storage/ledger/types';
import type { Upstream } from '../../upstream/client';
import { createDueWorker, jobParts } from '../jobs/worker';
import type { JobParts } from '../jobs/worker';
import type { Worker } from '../jobs/worker';
import type { RecordStatus } from '../record-status';
import { backoff } from '../../../domain/backoff';

export interface UpstreamEventApplierOptions extends JobParts {
  events: Pick<UpstreamEventLedger, 'claim' | 'due' | 'nextDueAt' | 'finish' | 'defer' | 'get'>;
  /** The orders the events concern (changed only through recordStatus). */
  orders: Pick<OrderLedger, 'get' | 'byTransaction'>;
  upstream: Upstream;
  recordStatus: RecordStatus;
  /** Told after a change is recorded (kicks the merchant webhook sender). */
  onChange: () => void;
}

export interface UpstreamEventApplier extends Worker {
  /** Applies a just-recorded event now, unless another instance holds it. */
  applyNow(eventId: string): Promise<void>;
}

/** How long an instance holds an event it applies. */
const CLAIM_MS = 30_000;
/** An event no order of ours claims within this time is set aside. */
const GIVE_UP_MS = 24 * 3_600_000;
const BATCH = 20;
/** Compare-and-set losses to another writer before leaving it to the next attempt. */
const RACES = 3;

/** The wait before attempt `n + 1`: 2 s doubling, at most 10 minutes. */
export const retryDelay = (attempts: number): number =>
  backoff(attempts - 1, { firstMs: 2_000, maxMs: 600_000 });

type Outcome = { done: 'applied' | 'ignored'; note: string } | { retry: string };

export function createUpstreamEventApplier(o: UpstreamEventApplierOptions): UpstreamEventApplier {
  const read = (id: string) => o.upstream.read((cl) => cl.transaction(id));

  async function findOrder(e: UpstreamEventRecord): Promise<OrderRecord | null> {
    if (e.sessionId) {
      const bySession = await o.orders.get(e.sessionId);
      if (bySession) return bySession;
    }
    return e.transactionId ? o.orders.byTransaction(e.transactionId) : null;
  }

  async function apply(e: UpstreamEventRecord): Promise<Outcome> {
    const transactionId = e.transactionId;
    if (!transactionId) return { done: 'ignored', note: 'no transaction id' };
    let order = await findOrder(e);
    // A session id we do not know: another integration's, or ours not recorded yet. No read then.
    if (!order && e.sessionId) return { retry: 'no order for this session (yet)' };
    let tx: Transaction;
    for (let race = 0; ; race++) {
      try {
        tx = await read(transactionId);
      } catch (err) {
        return { retry: `transaction read failed: ${err instanceof RampError ? err.code : String(err)}` };
      }
      // The read links an early event (no session ids) to its order.
      order = (tx.sessionId ? await o.orders.get(tx.sessionId) : null) ?? order;
      if (!order) return { retry: 'no order for this transaction (yet)' };
      if (tx.sessionId && order.sessionId !== tx.sessionId) {
        return { done: 'ignored', note: 'transaction of another session' };
      }
      if (await o.recordStatus(order, tx, 'webhook')) {
        o.onChange();
        return { done: 'applied', note: `recorded ${tx.status}` };
      }
      const now = await o.orders.get(order.sessionId);
      // An order that expired meanwhile still takes its transaction (the shopper paid): go round again.
      if (!now || isFinal(now) || (now.status === tx.status && now.transactionId === tx.id)) {
        return { done: 'applied', note: `already ${now?.status ?? 'gone'}` };
      }
      // Another writer changed the order between our reads: read again rather than write over it.
      if (race + 1 >= RACES) return { retry: 'the order kept changing' };
      order = now;
    }
  }

  async function run(e: UpstreamEventRecord): Promise<boolean> {
    let outcome: Outcome;
    try {
      outcome = await apply(e);
    } catch (err) {
      outcome = { retry: `failed: ${String(err)}` };
    }
    const at = o.now();
    if ('done' in outcome) {
      await o.events.finish(e.eventId, { state: outcome.done, at, note: outcome.note });
      return outcome.done === 'applied';
    }
    if (at - e.receivedAt > GIVE_UP_MS) {
      await o.events.finish(e.eventId, {
        state: 'ignored',
        at,
        note: `gave up: ${outcome.retry}`,
      });
      o.log.warn('upstream event set aside', { eventId: e.eventId, note: outcome.retry });
      return false;
    }
    // attempts was counted by the claim.
    await o.events.defer(e.eventId, at + retryDelay(e.attempts + 1), outcome.retry);
    return false;
  }

  /** Claims and applies one event; false when someone else holds it or it is done. */
  async function claimAndRun(e: UpstreamEventRecord): Promise<boolean> {
    const at = o.now();
    if (!(await o.events.claim(e.eventId, at, at + CLAIM_MS))) return false;
    return run(e);
  }

  const worker = createDueWorker({
    name: 'upstream-events',
    ...jobParts(o),
    nextDueAt: () => o.events.nextDueAt(),
    due: (now, limit) => o.events.due(now, limit),
    batch: BATCH,
    async handle(due) {
      let applied = 0;
      // One at a time, oldest first: events of one transaction are applied in arrival order.
      for (const e of due) if (await claimAndRun(e)) applied++;
      return applied;
    },
  });

  return {
    ...worker,
    async applyNow(eventId) {
      const e = await o.events.get(eventId);
      if (e && e.state === 'pending') await claimAndRun(e);
      // Whatever is left (or was woken by this one) is for the worker.
      worker.kick();
    },
  };
}
