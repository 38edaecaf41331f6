// The ledger's pending orders (types.ts PendingOrderRecord) in the SQL SQLite and PostgreSQL share:
// each begins with its intent's claim in one transaction, and settles in one: recorded (with the
// order, sql-orders.ts record), released or lost (with the claim given back).
import type { SqlDriver, SqlExecutor } from './driver';
import type { PendingOrderLedger } from './ledger';
import { claimIntent, releaseIntentClaim } from './sql-intents';
import { earliest, strOrNull } from './sql-rows';
import type { OrderTerms, PendingOrderRecord, PendingOrderState, PendingSettlement } from './types';

export function sqlPendingOrders(db: SqlDriver): PendingOrderLedger {
  return {
    async begin(p) {
      return db.transaction(async (tx) => {
        const seen = await tx.query('SELECT 1 AS x FROM ramp_pending_orders WHERE external_session_id = $1', [
          p.externalSessionId,
        ]);
        if (seen.length > 0) return 'exists';
        const intentId = p.terms.intentId;
        // One session per intent: the claim holds it until the session is recorded or comes to nothing.
        if (intentId !== null && !(await claimIntent(tx, intentId, p.intentClaim))) return 'intent_used';
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
    async get(externalSessionId) {
      const rows = await db.query('SELECT * FROM ramp_pending_orders WHERE external_session_id = $1', [
        externalSessionId,
      ]);
      return rows[0] ? toPendingOrder(rows[0]) : null;
    },
    async release(externalSessionId) {
      await db.transaction(async (tx) => {
        const gone = await tx.query<{ intent_id: unknown; intent_claim: unknown }>(
          `DELETE FROM ramp_pending_orders WHERE external_session_id = $1 AND state = 'pending'
           RETURNING intent_id, intent_claim`,
          [externalSessionId],
        );
        if (gone[0]) await giveClaimBack(tx, gone[0]);
      });
    },
    async lose(externalSessionId, at, note) {
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
    async defer(externalSessionId, nextAttemptAt, note) {
      await db.query(
        `UPDATE ramp_pending_orders SET next_attempt_at = $1, attempts = attempts + 1, note = $2
         WHERE external_session_id = $3 AND state = 'pending'`,
        [nextAttemptAt, note, externalSessionId],
      );
    },
    async due(now, limit) {
      const rows = await db.query(
        `SELECT * FROM ramp_pending_orders WHERE state = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at, external_session_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toPendingOrder);
    },
    nextDueAt: () => earliest(db, 'ramp_pending_orders', 'next_attempt_at', "state = 'pending'"),
  };
}

/** Inside the order's recording (sql-orders.ts): the pending order the recorded session settles. */
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

async function giveClaimBack(tx: SqlExecutor, r: { intent_id: unknown; intent_claim: unknown }) {
  if (r.intent_id === null || r.intent_claim === null) return;
  await releaseIntentClaim(tx, String(r.intent_id), String(r.intent_claim));
}

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
