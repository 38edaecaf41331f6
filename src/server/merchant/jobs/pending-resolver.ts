// Settles the pending orders nobody else will (merchant/pending-orders.ts): one whose process died
// while the service held its answer, or whose answer was lost (a timeout, a dropped connection, an
// unreadable body). Under a lease like the other jobs. The service tells what became of one
// (docs/upstream/API-NOTES.md §4.2, §5.2) in two ways, asked in this order:
//
// 1. GET /payments/transactions?externalSessionIds=<id>: a transaction of the session, once a
//    shopper started one, names its sessionId; the order is recorded with it.
// 2. The create again, with the same body and externalSessionId: answered with a session, none
//    existed, and this is it (recorded; a replay of the shopper's Idempotency-Key gets it); refused
//    (4xx), none exists and the intent's claim is given back; 400 DUPLICATE_EXTERNAL_SESSION_ID, the
//    first request did create one, but its answer never reached anyone and no transaction names it,
//    so nobody can open it: the pending order is kept as `lost` and the intent's claim given back,
//    so the shopper can start again.
//
// No answer to either (the service down): looked at again later, backing off, the claim kept.
import { RampError } from '../../../api';
import type { SessionRequest } from '../../../api/types';
import type { PendingOrderLedger } from '../../storage/ledger/ledger';
import type { PendingOrderRecord } from '../../storage/ledger/types';
import type { Upstream } from '../../upstream/client';
import { writeOutcome } from '../../upstream/write-outcome';
import type { OrderRecorder } from '../pending-orders';
import { createDueWorker, jobParts } from './worker';
import type { JobParts } from './worker';
import type { Worker } from './worker';
import { backoff } from '../../../domain/backoff';

export interface PendingResolverOptions extends JobParts {
  pendingOrders: Pick<PendingOrderLedger, 'due' | 'nextDueAt' | 'defer' | 'lose' | 'release'>;
  upstream: Upstream;
  recorder: OrderRecorder;
  /** The create's own timeout (RAMP_SESSION_TIMEOUT_MS). */
  sessionTimeoutMs: number;
}

const BATCH = 10;
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 300_000;
export const LOST_NOTE =
  'the service has a session for it whose answer never arrived; no transaction names it, so nobody can open it';

export const retryDelay = (attempts: number): number =>
  backoff(attempts, { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS });

export function createPendingResolver(o: PendingResolverOptions): Worker {
  /** The session of this externalSessionId named by one of its transactions, if any. */
  async function sessionByTransaction(externalSessionId: string): Promise<string | null> {
    const page = await o.upstream.read((cl) =>
      cl.transactions({ externalSessionIds: [externalSessionId], limit: 10 }),
    );
    const tx = page.items.find((t) => t.externalSessionId === externalSessionId && t.sessionId);
    return tx?.sessionId ?? null;
  }

  async function settle(p: PendingOrderRecord): Promise<string> {
    const xid = p.externalSessionId;
    const found = await sessionByTransaction(xid);
    if (found !== null) {
      await o.recorder.record(p, found, null);
      return `recorded ${found} (found by its transaction)`;
    }
    if (p.request === null) throw new Error('no request kept to ask again');
    const request = JSON.parse(p.request) as SessionRequest;
    try {
      const session = await o.upstream.write((cl) => cl.createSession(request), {
        timeoutMs: o.sessionTimeoutMs,
      });
      await o.recorder.record(p, session.id, session);
      return `recorded ${session.id} (created when asked again)`;
    } catch (e) {
      const outcome = writeOutcome(e);
      if (outcome === 'duplicate') {
        await o.pendingOrders.lose(xid, o.now(), LOST_NOTE);
        return 'lost';
      }
      if (outcome === 'refused') {
        await o.pendingOrders.release(xid);
        return `released (${(e as RampError).code})`;
      }
      throw e;
    }
  }

  return createDueWorker({
    name: 'pending-orders',
    ...jobParts(o),
    nextDueAt: () => o.pendingOrders.nextDueAt(),
    due: (now, limit) => o.pendingOrders.due(now, limit),
    batch: BATCH,
    async handle(due) {
      const results = await Promise.all(
        due.map(async (p) => {
          try {
            const how = await settle(p);
            // A lost one is a session of the service's nobody can use: worth an operator's look.
            const level = how === 'lost' ? 'warn' : 'info';
            o.log[level]('pending order settled', { externalSessionId: p.externalSessionId, how });
            return true;
          } catch (e) {
            const why = e instanceof RampError ? e.code : e instanceof Error ? e.message : String(e);
            o.log.warn('pending order not settled yet', { externalSessionId: p.externalSessionId, why });
            await o.pendingOrders.defer(
              p.externalSessionId,
              o.now() + retryDelay(p.attempts),
              why.slice(0, 200),
            );
            return false;
          }
        }),
      );
      return results.filter(Boolean).length;
    },
  });
}
