// An upstream webhook's body (UPSTREAM-NOTES §10.1): `{ eventType, eventId, timestamp, accountId,
// profileId, version, payload: { sessionId, externalSessionId, paymentTransactionId,
// paymentTransactionStatus, … } }`. Only the fields used are read; early events may lack the
// session ids. The payload names a status, but the transaction is read again before anything changes.
import type { UpstreamEventRecord } from '../../storage/ledger/types';

/** Events about a crypto transaction: PENDING, TRANSFERRING, COMPLETE, FAILED. */
export const TRANSACTION_EVENT_RE = /^TRANSACTION_CRYPTO_[A-Z_]{1,40}$/;

const ID_RE = /^[\x21-\x7E]{1,200}$/;
const id = (v: unknown): string | null => (typeof v === 'string' && ID_RE.test(v) ? v : null);

/** The record of a well-formed event, or null (the body is not an event of the service's). */
export function parseUpstreamEvent(raw: string, receivedAt: number): UpstreamEventRecord | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const eventId = id(b.eventId);
  const eventType =
    typeof b.eventType === 'string' && /^[A-Z_]{1,64}$/.test(b.eventType) ? b.eventType : null;
  if (!eventId || !eventType) return null;
  const p = (typeof b.payload === 'object' && b.payload !== null ? b.payload : {}) as Record<string, unknown>;
  const transactionId = id(p.paymentTransactionId);
  const relevant = TRANSACTION_EVENT_RE.test(eventType) && transactionId !== null;
  return {
    eventId,
    eventType,
    sessionId: id(p.sessionId),
    externalSessionId: id(p.externalSessionId),
    transactionId,
    status: id(p.paymentTransactionStatus),
    body: raw,
    receivedAt,
    // A test event, a KYC change, …: kept (so a repeat is known) but nothing to apply.
    state: relevant ? 'pending' : 'ignored',
    attempts: 0,
    nextAttemptAt: receivedAt,
    claimedUntil: null,
    doneAt: relevant ? null : receivedAt,
    note: relevant ? null : 'not a transaction event',
  };
}
