// Retention in the SQL both stores share: one batch removes, in one transaction, what has been done
// with for longer than the cutoff, across the ledger's parts (jobs/retention.ts runs the batches).
import type { SqlDriver, SqlExecutor, SqlValue } from './driver';
import type { LedgerRetention } from './ledger';

export function sqlRetention(db: SqlDriver): LedgerRetention {
  return {
    async prune(before, limit) {
      return db.transaction(async (tx) => {
        // Terminal orders whose webhooks are all sent, with everything of theirs.
        const gone = (
          await tx.query<{ session_id: unknown }>(
            `SELECT session_id FROM ramp_orders o WHERE o.terminal = 1 AND o.updated_at < $1
               AND NOT EXISTS (SELECT 1 FROM ramp_webhook_deliveries d
                               WHERE d.session_id = o.session_id AND d.state = 'pending')
             ORDER BY o.updated_at LIMIT $2`,
            [before, limit],
          )
        ).map((r) => String(r.session_id));
        let removed = 0;
        if (gone.length > 0) {
          const marks = gone.map((_, i) => `$${i + 1}`).join(', ');
          for (const table of [
            'ramp_order_status',
            'ramp_webhook_deliveries',
            'ramp_intents',
            'ramp_orders',
          ]) {
            removed += await count(tx, `DELETE FROM ${table} WHERE session_id IN (${marks})`, gone);
          }
        }
        removed += await count(
          tx,
          `DELETE FROM ramp_webhook_deliveries WHERE id IN (SELECT id FROM ramp_webhook_deliveries
             WHERE state = 'delivered' AND delivered_at < $1 ORDER BY delivered_at LIMIT $2)`,
          [before, limit],
        );
        removed += await count(
          tx,
          `DELETE FROM ramp_intents WHERE id IN (SELECT i.id FROM ramp_intents i WHERE i.expires_at < $1
             AND NOT EXISTS (SELECT 1 FROM ramp_orders o WHERE o.session_id = i.session_id)
             ORDER BY i.expires_at LIMIT $2)`,
          [before, limit],
        );
        // Pending orders settled (recorded or lost) before the cutoff.
        removed += await count(
          tx,
          `DELETE FROM ramp_pending_orders WHERE external_session_id IN (SELECT external_session_id
             FROM ramp_pending_orders WHERE state <> 'pending' AND created_at < $1 ORDER BY created_at LIMIT $2)`,
          [before, limit],
        );
        // The funnel's marks of days before the cutoff (stats of a period no order is left in).
        removed += await count(
          tx,
          `DELETE FROM ramp_checkout_marks WHERE day < $1 AND subject IN (SELECT subject FROM ramp_checkout_marks
             WHERE day < $1 ORDER BY day LIMIT $2)`,
          [new Date(before).toISOString().slice(0, 10), limit],
        );
        return removed;
      });
    },
  };
}

/** Runs a DELETE and says how many rows it removed (RETURNING: SQLite and PostgreSQL alike). */
async function count(tx: SqlExecutor, sql: string, params: readonly SqlValue[]): Promise<number> {
  return (await tx.query(`${sql} RETURNING 1 AS gone`, params)).length;
}
