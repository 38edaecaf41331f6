// The merchant's webhook queue in the SQL both stores share: one row per event, delivered in order
// per session (`seq`), the same id and body on every attempt. Events are queued inside the order
// writes that make them (sql-orders.ts), so a change and its webhook are committed together.
import type { SqlDriver, SqlExecutor } from './driver';
import type { WebhookQueue } from './ledger';
import { earliest, nextSeq, numOrNull, strOrNull } from './sql-rows';
import type { DeliveryRecord, DeliveryState, WebhookEvent } from './types';

export function sqlWebhookQueue(db: SqlDriver): WebhookQueue {
  return {
    async due(now, limit) {
      // The head of each session's queue only: a later event waits for the earlier one.
      const rows = await db.query(
        `SELECT * FROM ramp_webhook_deliveries d
         WHERE d.state = 'pending' AND d.next_attempt_at <= $1
           AND NOT EXISTS (SELECT 1 FROM ramp_webhook_deliveries e
                           WHERE e.session_id = d.session_id AND e.state = 'pending' AND e.seq < d.seq)
         ORDER BY d.next_attempt_at, d.created_at, d.seq LIMIT $2`,
        [now, limit],
      );
      return rows.map(toDelivery);
    },
    nextDueAt: () => earliest(db, 'ramp_webhook_deliveries', 'next_attempt_at', "state = 'pending'"),
    async recordAttempt(id, a) {
      await db.query(
        `UPDATE ramp_webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $1, last_status = $2,
           last_error = $3, state = $4, next_attempt_at = $5, delivered_at = $6
         WHERE id = $7`,
        [a.at, a.status, a.error, a.state, a.nextAttemptAt, a.state === 'delivered' ? a.at : null, id],
      );
    },
    async resend(id, now) {
      return db.transaction(async (tx) => {
        const rows = await tx.query('SELECT id FROM ramp_webhook_deliveries WHERE id = $1', [id]);
        if (!rows[0]) return false;
        await tx.query(
          `UPDATE ramp_webhook_deliveries SET state = 'pending', next_attempt_at = $1, delivered_at = NULL
           WHERE id = $2`,
          [now, id],
        );
        return true;
      });
    },
    async list(q) {
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 500);
      const rows =
        q.sessionId !== undefined
          ? await db.query(
              'SELECT * FROM ramp_webhook_deliveries WHERE session_id = $1 ORDER BY seq DESC LIMIT $2',
              [q.sessionId, limit],
            )
          : await db.query(
              'SELECT * FROM ramp_webhook_deliveries ORDER BY created_at DESC, seq DESC LIMIT $1',
              [limit],
            );
      return rows.map(toDelivery);
    },
    async lastOf(sessionIds) {
      const out = new Map<string, DeliveryRecord>();
      if (sessionIds.length === 0) return out;
      const marks = sessionIds.map((_, i) => `$${i + 1}`).join(', ');
      const rows = await db.query(
        `SELECT * FROM ramp_webhook_deliveries d WHERE d.session_id IN (${marks})
           AND d.seq = (SELECT MAX(e.seq) FROM ramp_webhook_deliveries e WHERE e.session_id = d.session_id)`,
        sessionIds,
      );
      for (const r of rows) out.set(String(r.session_id), toDelivery(r));
      return out;
    },
  };
}

/** Inside an order write's transaction: queues its events, each after its session's last. */
export async function enqueueDeliveries(tx: SqlExecutor, events: WebhookEvent[], at: number): Promise<void> {
  for (const e of events) {
    const seq = await nextSeq(tx, 'ramp_webhook_deliveries', e.data.sessionId);
    await tx.query(
      `INSERT INTO ramp_webhook_deliveries (id, session_id, seq, type, body, state, attempts, created_at,
         next_attempt_at) VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6)`,
      [e.id, e.data.sessionId, seq, e.type, JSON.stringify(e), at],
    );
  }
}

function toDelivery(r: Record<string, unknown>): DeliveryRecord {
  return {
    id: String(r.id),
    sessionId: String(r.session_id),
    seq: Number(r.seq),
    type: String(r.type) as DeliveryRecord['type'],
    body: String(r.body),
    state: String(r.state) as DeliveryState,
    attempts: Number(r.attempts),
    createdAt: Number(r.created_at),
    nextAttemptAt: Number(r.next_attempt_at),
    lastAttemptAt: numOrNull(r.last_attempt_at),
    lastStatus: numOrNull(r.last_status),
    lastError: strOrNull(r.last_error),
    deliveredAt: numOrNull(r.delivered_at),
  };
}
