// The service's webhooks in the SQL both stores share: recorded once per eventId on arrival (two
// instances receiving the same event race on the key, without an error), then claimed by one
// instance at a time, applied or ignored, or deferred for another attempt.
import type { SqlDriver } from './driver';
import type { UpstreamEventLedger } from './ledger';
import { numOrNull, strOrNull } from './sql-rows';
import type { UpstreamEventRecord } from './types';

export function sqlUpstreamEvents(db: SqlDriver): UpstreamEventLedger {
  return {
    async record(e) {
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
    async claim(eventId, now, until) {
      const rows = await db.query(
        `UPDATE ramp_upstream_events SET claimed_until = $1, attempts = attempts + 1
         WHERE event_id = $2 AND state = 'pending' AND (claimed_until IS NULL OR claimed_until <= $3)
         RETURNING event_id`,
        [until, eventId, now],
      );
      return rows.length === 1;
    },
    async due(now, limit) {
      const rows = await db.query(
        `SELECT * FROM ramp_upstream_events
         WHERE state = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY next_attempt_at, received_at, event_id LIMIT $2`,
        [now, limit],
      );
      return rows.map(toUpstreamEvent);
    },
    async nextDueAt() {
      const rows = await db.query<{ t: unknown; c: unknown }>(
        `SELECT MIN(next_attempt_at) AS t, MIN(claimed_until) AS c FROM ramp_upstream_events
         WHERE state = 'pending'`,
      );
      const due = numOrNull(rows[0]?.t);
      const claim = numOrNull(rows[0]?.c);
      return due === null ? null : Math.max(due, claim ?? due);
    },
    async finish(eventId, o) {
      await db.query(
        `UPDATE ramp_upstream_events SET state = $1, done_at = $2, note = $3, claimed_until = NULL
         WHERE event_id = $4`,
        [o.state, o.at, o.note, eventId],
      );
    },
    async defer(eventId, nextAttemptAt, note) {
      await db.query(
        `UPDATE ramp_upstream_events SET next_attempt_at = $1, note = $2, claimed_until = NULL
         WHERE event_id = $3 AND state = 'pending'`,
        [nextAttemptAt, note, eventId],
      );
    },
    async wake(transactionId, now) {
      const rows = await db.query(
        `UPDATE ramp_upstream_events SET next_attempt_at = $1
         WHERE transaction_id = $2 AND state = 'pending' AND next_attempt_at > $1 RETURNING event_id`,
        [now, transactionId],
      );
      return rows.length;
    },
    async get(eventId) {
      const rows = await db.query('SELECT * FROM ramp_upstream_events WHERE event_id = $1', [eventId]);
      return rows[0] ? toUpstreamEvent(rows[0]) : null;
    },
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
