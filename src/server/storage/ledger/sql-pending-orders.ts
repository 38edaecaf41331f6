// The ledger's pending orders (types.ts PendingOrderRecord) in the SQL SQLite and PostgreSQL share:
// each begins with its intent's claim in one transaction, and settles in one: recorded (with the
// order, sql-ledger.ts recordOrder), released or lost (with the claim given back).
import type { SqlDriver, SqlExecutor } from './driver';
import type { Ledger, OrderTerms, PendingOrderRecord, PendingOrderState, PendingSettlement } from './types';

type PendingOrderMethods = Pick<
  Ledger,
  | 'beginPendingOrder'
  | 'getPendingOrder'
  | 'releasePendingOrder'
  | 'losePendingOrder'
  | 'deferPendingOrder'
  | 'duePendingOrders'
  | 'nextPendingOrderAt'
>;

export function pendingOrderMethods(db: SqlDriver): PendingOrderMethods {
  return {
    async beginPendingOrder(p) {
      return db.transaction(async (tx) => {
        const seen = await tx.query('SELECT 1 AS x FROM ramp_pending_orders WHERE external_session_id = $1', [
          p.externalSessionId,
        ]);
        if (seen.length > 0) return 'exists';
        const intentId = p.terms.intentId;
        if (intentId !== null) {
          // One session per intent: the claim holds it until the session is recorded or comes to nothing.
          const claimed = await tx.query(
            'UPDATE ramp_intents SET session_id = $1 WHERE id = $2 AND session_id IS NULL RETURNING id',
            [p.intentClaim, intentId],
          );
          if (claimed.length === 0) return 'intent_used';
        }
        await tx.query(
          `INSERT INTO ramp_pending_orders (external_session_id, fingerprint, intent_id, intent_claim, terms,
             request, state, session_id, answer, created_at, next_attempt_at, attempts, note)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            p.externalSessionId,
            p.fingerprint,
            intentId,
            p.intentClaim,
            JSON.stringify(p.terms),
            p.request,
            p.state,
            p.sessionId,
            p.answer,
            p.createdAt,
            p.nextAttemptAt,
            p.attempts,
            p.note,
          ],
        );
        return 'begun';
      });
    },
    async getPendingOrder(externalSessionId) {
      const rows = await db.query('SELECT * FROM ramp_pending_orders WHERE external_session_id = $1', [
        externalSessionId,
      ]);
      return rows[0] ? toPendingOrder(rows[0]) : null;
    },
    async releasePendingOrder(externalSessionId) {
      await db.transaction(async (tx) => {
        const gone = await tx.query<{ intent_id: unknown; intent_claim: unknown }>(
          `DELETE FROM ramp_pending_orders WHERE external_session_id = $1 AND state = 'pending'
           RETURNING intent_id, intent_claim`,
          [externalSessionId],
        );
        if (gone[0]) await giveClaimBack(tx, gone[0]);
      });
    },
    async losePendingOrder(externalSessionId, at, note) {
      await db.transaction(async (tx) => {
        // The request (the shopper's address and IP among it) is no longer needed: it goes.
        const lost = await tx.query<{ intent_id: unknown; intent_claim: unknown }>(
          `UPDATE ramp_pending_orders SET state = 'lost', request = NULL, next_attempt_at = $1, note = $2
           WHERE external_session_id = $3 AND state = 'pending' RETURNING intent_id, intent_claim`,
          [at, note, externalSessionId],
        );
        if (lost[0]) await giveClaimBack(tx, lost[0]);
      });
    },
    async deferPendingOrder(externalSessionId, nextAttemptAt, note) {
      await db.query(
        `UPDATE ramp_pending_orders SET next_attempt_at = $1, attempts = attempts + 1, note = $2
         WHERE external_session_id = $3 AND state = 'pending'`,
        [nextAttemptAt, note, externalSessionId],
      );
    },
    async duePendingOrders(now, limit) {
      const rows = await db.query(
        `SELECT * FROM ramp_pending_orders WHERE state = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, external_session_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toPendingOrder);
    },
    async nextPendingOrderAt() {
      const rows = await db.query<{ t: unknown }>(
        `SELECT MIN(next_attempt_at) AS t FROM ramp_pending_orders WHERE state = 'pending'`,
      );
      const t = rows[0]?.t;
      return t === null || t === undefined ? null : Number(t);
    },
  };
}

/** Inside recordOrder's transaction: the pending order the recorded session settles. */
export async function settlePendingOrder(
  tx: SqlExecutor,
  sessionId: string,
  s: PendingSettlement,
): Promise<void> {
  await tx.query(
    `UPDATE ramp_pending_orders SET state = 'recorded', session_id = $1, answer = $2, request = NULL,
       note = NULL WHERE external_session_id = $3`,
    [sessionId, s.answer, s.externalSessionId],
  );
}

/** Removes up to `limit` settled pending orders created before `before`; says how many. */
export async function pruneSettledPendingOrders(
  tx: SqlExecutor,
  before: number,
  limit: number,
): Promise<number> {
  const rows = await tx.query(
    `DELETE FROM ramp_pending_orders WHERE external_session_id IN (SELECT external_session_id
       FROM ramp_pending_orders WHERE state <> 'pending' AND created_at < $1 ORDER BY created_at LIMIT $2)
     RETURNING 1 AS gone`,
    [before, limit],
  );
  return rows.length;
}

async function giveClaimBack(tx: SqlExecutor, r: { intent_id: unknown; intent_claim: unknown }) {
  if (r.intent_id === null || r.intent_claim === null) return;
  await tx.query('UPDATE ramp_intents SET session_id = NULL WHERE id = $1 AND session_id = $2', [
    String(r.intent_id),
    String(r.intent_claim),
  ]);
}

const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function toPendingOrder(r: Record<string, unknown>): PendingOrderRecord {
  return {
    externalSessionId: String(r.external_session_id),
    fingerprint: String(r.fingerprint),
    intentClaim: strOrNull(r.intent_claim),
    terms: JSON.parse(String(r.terms)) as OrderTerms,
    request: strOrNull(r.request),
    state: String(r.state) as PendingOrderState,
    sessionId: strOrNull(r.session_id),
    answer: strOrNull(r.answer),
    createdAt: Number(r.created_at),
    nextAttemptAt: Number(r.next_attempt_at),
    attempts: Number(r.attempts),
    note: strOrNull(r.note),
  };
}
