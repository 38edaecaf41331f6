// Orders, their status history and the status sync's schedule, in the SQL both stores share.
// "Each change once" holds because every update is a compare-and-set inside a transaction; an
// order's first write settles its pending order and binds its intent's claim in the same one, and
// each write queues its webhook events with it (sql-deliveries.ts).
import type { SqlDriver, SqlExecutor, SqlValue } from './driver';
import type { OrderLedger } from './ledger';
import { enqueueDeliveries } from './sql-deliveries';
import { bindIntentClaim } from './sql-intents';
import { settlePendingOrder } from './sql-pending-orders';
import { earliest, nextSeq, numOrNull, strOrNull } from './sql-rows';
import { EXPIRED } from './types';
import type { Direction, OrderQuery, OrderRecord, StatusChange, StatusSource } from './types';

export function sqlOrders(db: SqlDriver): OrderLedger {
  return {
    async record(o, events, intentClaim, settles) {
      await db.transaction(async (tx) => {
        if (settles) {
          // Retried after a commit that went through unseen: the order is there, and stays as it is.
          const seen = await tx.query('SELECT 1 AS x FROM ramp_orders WHERE session_id = $1', [o.sessionId]);
          await settlePendingOrder(tx, o.sessionId, settles);
          if (seen.length > 0) return;
        }
        await tx.query(
          `INSERT INTO ramp_orders (session_id, intent_id, reference, customer_id, partner, direction, country,
            source_currency, source_amount, destination_currency, destination_amount, wallet_address,
            transaction_id, status, tx_hash, terminal, created_at, updated_at, next_check_at, check_attempts,
            external_session_id, payment_method)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
          [
            o.sessionId,
            o.intentId,
            o.reference,
            o.customerId,
            o.partner,
            o.direction,
            o.country,
            o.sourceCurrency,
            o.sourceAmount,
            o.destinationCurrency,
            o.destinationAmount,
            o.walletAddress,
            o.transactionId,
            o.status,
            o.txHash,
            o.terminal ? 1 : 0,
            o.createdAt,
            o.updatedAt,
            o.nextCheckAt,
            o.checkAttempts,
            o.externalSessionId,
            o.paymentMethod ?? null,
          ],
        );
        await appendStatus(tx, o.sessionId, o.status, o.transactionId, o.createdAt, 'checkout');
        if (o.intentId !== null && intentClaim !== undefined) {
          await bindIntentClaim(tx, o.intentId, intentClaim, o.sessionId);
        }
        await enqueueDeliveries(tx, events, o.createdAt);
      });
    },
    async applyUpdate(sessionId, u, events) {
      return db.transaction(async (tx) => {
        const rows = await tx.query('SELECT * FROM ramp_orders WHERE session_id = $1', [sessionId]);
        const cur = rows[0] ? toOrder(rows[0]) : null;
        if (!cur) return false;
        // An expired checkout whose shopper paid after all: recorded, and followed again.
        const reopened = cur.terminal && cur.status === EXPIRED && u.transactionId !== null;
        if (cur.terminal && !reopened) return false;
        if (u.from !== undefined && cur.status !== u.from) return false;
        if (cur.status === u.status && cur.transactionId === u.transactionId) return false;
        await tx.query(
          `UPDATE ramp_orders SET status = $1, transaction_id = $2, terminal = $3, updated_at = $4,
             destination_amount = $5, tx_hash = $6, next_check_at = $7, check_attempts = 0
           WHERE session_id = $8 AND status = $9`,
          [
            u.status,
            u.transactionId,
            u.terminal ? 1 : 0,
            u.at,
            u.destinationAmount ?? cur.destinationAmount,
            u.txHash ?? cur.txHash,
            u.terminal ? null : (cur.nextCheckAt ?? u.at),
            sessionId,
            cur.status,
          ],
        );
        await appendStatus(tx, sessionId, u.status, u.transactionId, u.at, u.source ?? null);
        await enqueueDeliveries(tx, events, u.at);
        return true;
      });
    },
    async get(sessionId) {
      const rows = await db.query('SELECT * FROM ramp_orders WHERE session_id = $1', [sessionId]);
      return rows[0] ? toOrder(rows[0]) : null;
    },
    async byTransaction(transactionId) {
      const rows = await db.query(
        'SELECT * FROM ramp_orders WHERE transaction_id = $1 ORDER BY created_at LIMIT 1',
        [transactionId],
      );
      return rows[0] ? toOrder(rows[0]) : null;
    },
    async list(q: OrderQuery) {
      if (q.sessionIds?.length === 0) return [];
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 500);
      const where: string[] = [];
      const params: SqlValue[] = [];
      const param = (v: SqlValue) => `$${params.push(v)}`;
      if (q.reference !== undefined && q.reference !== '') {
        const ref = param(q.reference);
        where.push(`(reference = ${ref} OR substr(reference, 1, ${param(q.reference.length)}) = ${ref})`);
      }
      if (q.status !== undefined) where.push(`status = ${param(q.status)}`);
      if (q.customerId !== undefined) where.push(`customer_id = ${param(q.customerId)}`);
      if (q.sessionIds) where.push(`session_id IN (${q.sessionIds.map(param).join(', ')})`);
      if (q.after) {
        // Keyset paging in the listing's order (newest first, then by session id).
        const at = param(q.after.createdAt);
        where.push(
          `(created_at < ${at} OR (created_at = ${at} AND session_id > ${param(q.after.sessionId)}))`,
        );
      }
      const rows = await db.query(
        `SELECT * FROM ramp_orders ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY created_at DESC, session_id LIMIT ${param(limit)}`,
        params,
      );
      return rows.map(toOrder);
    },
    async history(sessionId): Promise<StatusChange[]> {
      const rows = await db.query('SELECT * FROM ramp_order_status WHERE session_id = $1 ORDER BY seq', [
        sessionId,
      ]);
      return rows.map((r) => ({
        sessionId: String(r.session_id),
        status: String(r.status),
        at: Number(r.at),
        transactionId: strOrNull(r.transaction_id),
        source: strOrNull(r.source) as StatusSource | null,
      }));
    },
    async dueForCheck(now, limit) {
      const rows = await db.query(
        `SELECT * FROM ramp_orders WHERE terminal = 0 AND next_check_at IS NOT NULL AND next_check_at <= $1
         ORDER BY next_check_at, session_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toOrder);
    },
    nextCheckAt: () => earliest(db, 'ramp_orders', 'next_check_at', 'terminal = 0'),
    async scheduleChecks(checks) {
      if (checks.length === 0) return;
      await db.transaction(async (tx) => {
        for (const c of checks) {
          await tx.query(
            'UPDATE ramp_orders SET next_check_at = $1, check_attempts = $2 WHERE session_id = $3 AND terminal = 0',
            [c.nextCheckAt, c.checkAttempts, c.sessionId],
          );
        }
      });
    },
  };
}

async function appendStatus(
  tx: SqlExecutor,
  sessionId: string,
  status: string,
  transactionId: string | null,
  at: number,
  source: StatusSource | null,
): Promise<void> {
  const seq = await nextSeq(tx, 'ramp_order_status', sessionId);
  await tx.query(
    `INSERT INTO ramp_order_status (session_id, seq, status, transaction_id, at, source)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sessionId, seq, status, transactionId, at, source],
  );
}

function toOrder(r: Record<string, unknown>): OrderRecord {
  return {
    sessionId: String(r.session_id),
    externalSessionId: strOrNull(r.external_session_id),
    intentId: strOrNull(r.intent_id),
    reference: strOrNull(r.reference),
    customerId: strOrNull(r.customer_id),
    partner: String(r.partner),
    direction: String(r.direction) as Direction,
    country: String(r.country),
    sourceCurrency: String(r.source_currency),
    sourceAmount: String(r.source_amount),
    destinationCurrency: String(r.destination_currency),
    destinationAmount: strOrNull(r.destination_amount),
    walletAddress: strOrNull(r.wallet_address),
    paymentMethod: strOrNull(r.payment_method),
    transactionId: strOrNull(r.transaction_id),
    status: String(r.status),
    txHash: strOrNull(r.tx_hash),
    terminal: Number(r.terminal) === 1,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    nextCheckAt: numOrNull(r.next_check_at),
    checkAttempts: Number(r.check_attempts),
  };
}
