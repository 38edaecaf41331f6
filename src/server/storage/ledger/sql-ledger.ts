// The Ledger over any SqlDriver (driver.ts). Its SQL is the dialect SQLite and PostgreSQL share;
// "each change once" holds because every update is a compare-and-set inside a transaction.
import { systemClock } from '../../http/clock';
import type { SqlDriver, SqlExecutor, SqlValue } from './driver';
import { MIGRATIONS, MIGRATIONS_TABLE } from './migrations';
import { pendingOrderMethods, pruneSettledPendingOrders, settlePendingOrder } from './sql-pending-orders';
import { statsMethods } from './sql-stats';
import { EXPIRED } from './types';
import type {
  DeliveryRecord,
  DeliveryState,
  Direction,
  IntentRecord,
  Ledger,
  OrderQuery,
  OrderRecord,
  StatusChange,
  StatusSource,
  UpstreamEventRecord,
  WebhookEvent,
} from './types';

export async function migrate(
  db: SqlDriver,
  now: () => number = systemClock,
  /** The last version to apply (a backup's check rebuilds the schema of its version). */
  upTo = Infinity,
): Promise<number[]> {
  await db.query(MIGRATIONS_TABLE);
  const done = new Set(
    (await db.query<{ version: unknown }>('SELECT version FROM ramp_schema_migrations')).map((r) =>
      Number(r.version),
    ),
  );
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version) || m.version > upTo) continue;
    await db.transaction(async (tx) => {
      for (const s of m.statements) await tx.query(s);
      await tx.query('INSERT INTO ramp_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        now(),
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}

/** A ledger on a migrated database (call migrate first). */
export function createSqlLedger(db: SqlDriver): Ledger {
  return {
    async createIntent(i) {
      await db.query(
        `INSERT INTO ramp_intents (id, secret_hash, reference, customer_id, direction, country, subdivision,
          fiat_currency, crypto_currency, network, amount, wallet_address, created_at, expires_at, session_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          i.id,
          i.secretHash,
          i.reference,
          opt(i.customerId),
          opt(i.direction),
          opt(i.country),
          opt(i.subdivision),
          opt(i.fiatCurrency),
          opt(i.cryptoCurrency),
          opt(i.network),
          opt(i.amount),
          opt(i.walletAddress),
          i.createdAt,
          i.expiresAt,
          i.sessionId,
        ],
      );
    },
    async findIntentBySecretHash(hash) {
      const rows = await db.query('SELECT * FROM ramp_intents WHERE secret_hash = $1', [hash]);
      return rows[0] ? toIntent(rows[0]) : null;
    },
    async getIntent(id) {
      const rows = await db.query('SELECT * FROM ramp_intents WHERE id = $1', [id]);
      return rows[0] ? toIntent(rows[0]) : null;
    },
    async expireIntent(id, at) {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ expires_at: unknown }>(
          'SELECT expires_at FROM ramp_intents WHERE id = $1',
          [id],
        );
        if (!rows[0]) return false;
        if (Number(rows[0].expires_at) > at) {
          await tx.query('UPDATE ramp_intents SET expires_at = $1 WHERE id = $2', [at, id]);
        }
        return true;
      });
    },
    ...pendingOrderMethods(db),
    ...statsMethods(db),

    async recordOrder(o, events, intentClaim, settles) {
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
          await tx.query('UPDATE ramp_intents SET session_id = $1 WHERE id = $2 AND session_id = $3', [
            o.sessionId,
            o.intentId,
            intentClaim,
          ]);
        }
        await enqueue(tx, events, o.createdAt);
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
        await enqueue(tx, events, u.at);
        return true;
      });
    },
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
    async dueOrders(now, limit) {
      const rows = await db.query(
        `SELECT * FROM ramp_orders WHERE terminal = 0 AND next_check_at IS NOT NULL AND next_check_at <= $1
         ORDER BY next_check_at, session_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toOrder);
    },
    async nextCheckAt() {
      const rows = await db.query<{ t: unknown }>(
        'SELECT MIN(next_check_at) AS t FROM ramp_orders WHERE terminal = 0',
      );
      return numOrNull(rows[0]?.t);
    },
    async getOrder(sessionId) {
      const rows = await db.query('SELECT * FROM ramp_orders WHERE session_id = $1', [sessionId]);
      return rows[0] ? toOrder(rows[0]) : null;
    },
    async listOrders(q: OrderQuery) {
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

    async dueDeliveries(now, limit) {
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
    async nextDeliveryAt() {
      const rows = await db.query<{ t: unknown }>(
        `SELECT MIN(next_attempt_at) AS t FROM ramp_webhook_deliveries WHERE state = 'pending'`,
      );
      return numOrNull(rows[0]?.t);
    },
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
    async listDeliveries(q) {
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
    async lastDeliveries(sessionIds) {
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
    async stats() {
      const [orders, deliveries, kept, bytes] = await Promise.all([
        db.query<{ n: unknown; oldest: unknown }>(
          'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM ramp_orders WHERE terminal = 0',
        ),
        db.query<{ state: unknown; n: unknown; oldest: unknown }>(
          `SELECT state, COUNT(*) AS n, MIN(created_at) AS oldest FROM ramp_webhook_deliveries
             WHERE state IN ('pending', 'dead') GROUP BY state`,
        ),
        // Whole-table counts: at 100k orders the scrape's stats take 0.1 ms on SQLite, 9 ms on PostgreSQL (docs/OPERATIONS.md).
        db.query<{ orders: unknown; deliveries: unknown }>(
          `SELECT (SELECT COUNT(*) FROM ramp_orders) AS orders,
                  (SELECT COUNT(*) FROM ramp_webhook_deliveries) AS deliveries`,
        ),
        db.sizeBytes?.(),
      ]);
      const row = (state: string) => deliveries.find((r) => r.state === state);
      return {
        openOrders: Number(orders[0]?.n ?? 0),
        oldestOpenCreatedAt: numOrNull(orders[0]?.oldest),
        pendingDeliveries: Number(row('pending')?.n ?? 0),
        oldestPendingDeliveryAt: numOrNull(row('pending')?.oldest),
        deadDeliveries: Number(row('dead')?.n ?? 0),
        orders: Number(kept[0]?.orders ?? 0),
        deliveries: Number(kept[0]?.deliveries ?? 0),
        ...(bytes !== undefined && { bytes }),
      };
    },
    async prune(before, limit) {
      return db.transaction(async (tx) => {
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
        removed += await pruneSettledPendingOrders(tx, before, limit);
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
    ...(db.health ? { health: () => db.health!() } : {}),

    async orderByTransaction(transactionId) {
      const rows = await db.query(
        'SELECT * FROM ramp_orders WHERE transaction_id = $1 ORDER BY created_at LIMIT 1',
        [transactionId],
      );
      return rows[0] ? toOrder(rows[0]) : null;
    },
    async recordUpstreamEvent(e) {
      // Two instances may receive the same event at once: the key decides, without an error.
      const rows = await db.query(
        `INSERT INTO ramp_upstream_events (event_id, event_type, session_id, external_session_id,
           transaction_id, status, body, received_at, state, attempts, next_attempt_at, claimed_until,
           done_at, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
        [
          e.eventId,
          e.eventType,
          e.sessionId,
          e.externalSessionId,
          e.transactionId,
          e.status,
          e.body,
          e.receivedAt,
          e.state,
          e.attempts,
          e.nextAttemptAt,
          e.claimedUntil,
          e.doneAt,
          e.note,
        ],
      );
      return rows.length === 1;
    },
    async claimUpstreamEvent(eventId, now, until) {
      const rows = await db.query(
        `UPDATE ramp_upstream_events SET claimed_until = $1, attempts = attempts + 1
         WHERE event_id = $2 AND state = 'pending' AND (claimed_until IS NULL OR claimed_until <= $3)
         RETURNING event_id`,
        [until, eventId, now],
      );
      return rows.length === 1;
    },
    async dueUpstreamEvents(now, limit) {
      const rows = await db.query(
        `SELECT * FROM ramp_upstream_events
         WHERE state = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY next_attempt_at, received_at, event_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toUpstreamEvent);
    },
    async nextUpstreamEventAt() {
      const rows = await db.query<{ t: unknown; c: unknown }>(
        `SELECT MIN(next_attempt_at) AS t, MIN(claimed_until) AS c FROM ramp_upstream_events
         WHERE state = 'pending'`,
      );
      const due = numOrNull(rows[0]?.t);
      const claim = numOrNull(rows[0]?.c);
      return due === null ? null : Math.max(due, claim ?? due);
    },
    async finishUpstreamEvent(eventId, o) {
      await db.query(
        `UPDATE ramp_upstream_events SET state = $1, done_at = $2, note = $3, claimed_until = NULL
         WHERE event_id = $4`,
        [o.state, o.at, o.note, eventId],
      );
    },
    async deferUpstreamEvent(eventId, nextAttemptAt, note) {
      await db.query(
        `UPDATE ramp_upstream_events SET next_attempt_at = $1, note = $2, claimed_until = NULL
         WHERE event_id = $3 AND state = 'pending'`,
        [nextAttemptAt, note, eventId],
      );
    },
    async wakeUpstreamEvents(transactionId, now) {
      const rows = await db.query(
        `UPDATE ramp_upstream_events SET next_attempt_at = $1
         WHERE transaction_id = $2 AND state = 'pending' AND next_attempt_at > $1 RETURNING event_id`,
        [now, transactionId],
      );
      return rows.length;
    },
    async getUpstreamEvent(eventId) {
      const rows = await db.query('SELECT * FROM ramp_upstream_events WHERE event_id = $1', [eventId]);
      return rows[0] ? toUpstreamEvent(rows[0]) : null;
    },
    close: () => db.close(),
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
  const rows = await tx.query<{ n: unknown }>(
    'SELECT MAX(seq) AS n FROM ramp_order_status WHERE session_id = $1',
    [sessionId],
  );
  const seq = (numOrNull(rows[0]?.n) ?? 0) + 1;
  await tx.query(
    `INSERT INTO ramp_order_status (session_id, seq, status, transaction_id, at, source)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [sessionId, seq, status, transactionId, at, source],
  );
}

async function enqueue(tx: SqlExecutor, events: WebhookEvent[], at: number): Promise<void> {
  for (const e of events) {
    const rows = await tx.query<{ n: unknown }>(
      'SELECT MAX(seq) AS n FROM ramp_webhook_deliveries WHERE session_id = $1',
      [e.data.sessionId],
    );
    const seq = (numOrNull(rows[0]?.n) ?? 0) + 1;
    await tx.query(
      `INSERT INTO ramp_webhook_deliveries (id, session_id, seq, type, body, state, attempts, created_at,
         next_attempt_at) VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6)`,
      [e.id, e.data.sessionId, seq, e.type, JSON.stringify(e), at],
    );
  }
}

const opt = (v: string | undefined): SqlValue => v ?? null;
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const optStr = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : String(v));

function toIntent(r: Record<string, unknown>): IntentRecord {
  const out: IntentRecord = {
    id: String(r.id),
    secretHash: String(r.secret_hash),
    reference: String(r.reference),
    createdAt: Number(r.created_at),
    expiresAt: Number(r.expires_at),
    sessionId: strOrNull(r.session_id),
    // An intent stored before every intent fixed its direction was redeemable either way: a buy.
    direction: (optStr(r.direction) ?? 'buy') as Direction,
  };
  const fields = {
    customerId: optStr(r.customer_id),
    country: optStr(r.country),
    subdivision: optStr(r.subdivision),
    fiatCurrency: optStr(r.fiat_currency),
    cryptoCurrency: optStr(r.crypto_currency),
    network: optStr(r.network),
    amount: optStr(r.amount),
    walletAddress: optStr(r.wallet_address),
  };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) Object.assign(out, { [k]: v });
  return out;
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

function toUpstreamEvent(r: Record<string, unknown>): UpstreamEventRecord {
  return {
    eventId: String(r.event_id),
    eventType: String(r.event_type),
    sessionId: strOrNull(r.session_id),
    externalSessionId: strOrNull(r.external_session_id),
    transactionId: strOrNull(r.transaction_id),
    status: strOrNull(r.status),
    body: String(r.body),
    receivedAt: Number(r.received_at),
    state: String(r.state) as UpstreamEventRecord['state'],
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    claimedUntil: numOrNull(r.claimed_until),
    doneAt: numOrNull(r.done_at),
    note: strOrNull(r.note),
  };
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

/** Runs a DELETE and says how many rows it removed (RETURNING: SQLite and PostgreSQL alike). */
async function count(tx: SqlExecutor, sql: string, params: readonly SqlValue[]): Promise<number> {
  return (await tx.query(`${sql} RETURNING 1 AS gone`, params)).length;
}
