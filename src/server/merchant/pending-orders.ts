// How a pending order (storage/ledger/types.ts PendingOrderRecord) becomes an order: the session
// handler writes it, with its intent's claim, before it asks the service (orders.ts); once the
// session exists it is recorded here, with its first status and webhook event, in one transaction
// that settles the pending order. The process that asked records it (retrying a write that fails,
// e.g. while PostgreSQL is unreachable); past takeoverAt, the background step does
// (jobs/pending-resolver.ts), so a crash or a lost answer never leaves it for good.
import type { SessionResponse } from '../../api/types';
import { backoff } from '../../domain/backoff';
import type { Logger } from '../http/log';
import type { OrderLedger } from '../storage/ledger/ledger';
import type { OrderRecord, PendingOrderRecord } from '../storage/ledger/types';
import { LedgerUnavailable } from '../storage/ledger/unavailable';
import { SESSION_CREATED, webhookEvent } from './orders';
import type { EventMode } from './orders';

export interface OrderRecorderOptions {
  orders: Pick<OrderLedger, 'record'>;
  log: Logger;
  now: () => number;
  /** Queue webhook events, live or not (null: no webhook URL is configured). */
  webhooks: EventMode | null;
  /** When the status sync first looks at a new order. */
  firstCheckDelayMs: number;
  /** Told after an order is recorded (kicks the sync and the webhook sender). */
  onRecorded: () => void;
  sleep?: (ms: number) => Promise<void>;
}

/** What recording needs of a pending order. */
export type Recordable = Pick<PendingOrderRecord, 'externalSessionId' | 'terms' | 'intentClaim'>;

export interface OrderRecorder {
  /**
   * Records the order of `sessionId` and settles its pending order; `answer` is the service's
   * answer when this server has it (a replay of the Idempotency-Key gets it).
   */
  record(p: Recordable, sessionId: string, answer: SessionResponse | null): Promise<void>;
  /**
   * `record`, retried while the ledger fails, until `until` (epoch ms); then LedgerUnavailable. The
   * session exists: its answer is kept meanwhile, never given to a shopper unrecorded.
   */
  recordRetrying(p: Recordable, sessionId: string, answer: SessionResponse, until: number): Promise<void>;
}

/**
 * When the background step may take a pending order over: once the service's answer can no longer
 * come (RAMP_SESSION_TIMEOUT_MS) and the process that asked has stopped retrying its write (as long
 * again), plus a margin for clocks.
 */
export const takeoverAt = (createdAt: number, sessionTimeoutMs: number): number =>
  createdAt + 2 * sessionTimeoutMs + TAKEOVER_MARGIN_MS;
export const TAKEOVER_MARGIN_MS = 5_000;
/** The asking process's last write attempt, before the background step may take over. */
export const recordUntil = (createdAt: number, sessionTimeoutMs: number): number =>
  createdAt + 2 * sessionTimeoutMs;

/** The pauses between the asking process's write attempts: 0.1, 0.2, 0.4… s, at most 2 s. */
const RETRY = { firstMs: 100, maxMs: 2_000 };

export function orderFrom(
  p: Pick<PendingOrderRecord, 'terms' | 'externalSessionId'>,
  sessionId: string,
  at: number,
  firstCheckDelayMs: number,
): OrderRecord {
  return {
    ...p.terms,
    sessionId,
    externalSessionId: p.externalSessionId,
    destinationAmount: null,
    transactionId: null,
    status: SESSION_CREATED,
    txHash: null,
    terminal: false,
    createdAt: at,
    updatedAt: at,
    nextCheckAt: at + firstCheckDelayMs,
    checkAttempts: 0,
  };
}

export function createOrderRecorder(o: OrderRecorderOptions): OrderRecorder {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const record: OrderRecorder['record'] = async (p, sessionId, answer) => {
    const at = o.now();
    const order = orderFrom(p, sessionId, at, o.firstCheckDelayMs);
    const events = o.webhooks ? [webhookEvent('checkout.session_created', order, at, o.webhooks)] : [];
    await o.orders.record(order, events, p.intentClaim ?? undefined, {
      externalSessionId: p.externalSessionId,
      answer: answer === null ? null : JSON.stringify(answer),
    });
    o.onRecorded();
  };
  return {
    record,
    async recordRetrying(p, sessionId, answer, until) {
      for (let retry = 0; ; retry++) {
        const wait = backoff(retry, RETRY);
        try {
          await record(p, sessionId, answer);
          return;
        } catch (e) {
          if (o.now() + wait >= until) {
            o.log.error('order not recorded: left to the background step', { sessionId, error: e });
            throw new LedgerUnavailable(e);
          }
          o.log.warn('order write failed: retrying', { sessionId, error: errorText(e) });
          await sleep(wait);
        }
      }
    },
  };
}

const errorText = (e: unknown): string =>
  ((e as { code?: string }).code ?? (e instanceof Error ? e.message : String(e))).slice(0, 120);
