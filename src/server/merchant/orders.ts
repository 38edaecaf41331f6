// Every session the server creates becomes an order in the ledger, with its intent (if any) and the
// webhook event that announces it. The session handler asks the ledger first what it knows of the
// request's externalSessionId (`earlier`), then calls `begin` (which checks the intent), `reserve`
// (the order written as pending, with its intent's claim, before the service is asked) and then
// `created`, `refused` or `unsettled` (pending-orders.ts records it; jobs/pending-resolver.ts settles
// what the asking process could not).
import { WebhookEventSchema } from '../../api/proxy/webhooks';
import { checkedSent } from '../http/self-check';
import { randomBytes } from 'node:crypto';
import type { LockField, SessionResponse } from '../../api/types';
import type { SessionBody } from '../proxy/bodies';
import { INTENT_HEADER } from '../../api/proxy/contract';
import { enforceIntent, intentUsed } from './intents';
import type { Intents } from './intents';
import type { OrderRecorder } from './pending-orders';
import { recordUntil, takeoverAt } from './pending-orders';
import type { OrderLedger, PendingOrderLedger } from '../storage/ledger/ledger';
import type {
  IntentRecord,
  OrderRecord,
  OrderTerms,
  PendingOrderRecord,
  WebhookEvent,
  WebhookType,
} from '../storage/ledger/types';
import { ledgerStep } from '../storage/ledger/unavailable';

/** What the session handler adds to the upstream session body. */
export interface SessionExtras {
  externalCustomerId?: string;
  /** The intent's values the partner's page must not let the shopper change. */
  lockFields?: LockField[];
}

export interface PendingOrder {
  extras: SessionExtras;
  /** The reference of the intent used, if any. */
  reference: string | null;
  /**
   * Writes the order as pending, with its intent's claim, before the service is asked: 409
   * INTENT_ALREADY_USED when another session holds the intent, 503 LEDGER_UNAVAILABLE when the
   * ledger cannot take it (nothing reaches the service then). `pending`: another request of the
   * same externalSessionId wrote it first and goes on; this one must not ask the service.
   */
  reserve(r: {
    externalSessionId: string;
    fingerprint: string;
    request: unknown;
  }): Promise<'reserved' | 'pending'>;
  /** The session exists: recorded before anyone gets it (the write retried while the ledger fails). */
  created(session: SessionResponse): Promise<void>;
  /** The service refused: no session, the intent's claim is given back. */
  refused(): Promise<void>;
  /** No readable answer: the session may exist; the background step settles it now. */
  unsettled(reason: string): Promise<void>;
}

/** What the ledger knows of an earlier creation under an externalSessionId. */
export type EarlierCreation = { fingerprint: string } & (
  | { state: 'pending' }
  /** `session`: the service's answer, when the server had it (not when found by its transaction). */
  | { state: 'recorded'; session: SessionResponse | null }
  | { state: 'lost' }
);

export interface Orders {
  /** The ledger's record of a creation under this externalSessionId (503 LEDGER_UNAVAILABLE when it cannot say). */
  earlier(externalSessionId: string): Promise<EarlierCreation | null>;
  begin(headers: Headers, body: SessionBody): Promise<PendingOrder>;
  /** These sessions' orders, those the ledger has, in one read (503 LEDGER_UNAVAILABLE when it cannot say). */
  bySession(sessionIds: readonly string[]): Promise<OrderRecord[]>;
}

export interface OrdersOptions {
  /** The pending orders it writes before the service is asked, and the orders the lookup reads. */
  ledger: {
    pendingOrders: Pick<PendingOrderLedger, 'get' | 'begin' | 'release' | 'defer'>;
    orders: Pick<OrderLedger, 'list'>;
  };
  intents: Intents;
  now: () => number;
  recorder: OrderRecorder;
  /** The service's timeout for a session creation (RAMP_SESSION_TIMEOUT_MS): when a pending order may be taken over. */
  sessionTimeoutMs: number;
  /** Told when a pending order is due now (kicks the background step). */
  onUnsettled: () => void;
}

export const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;

/** How the merchant's events are made: live, or from the sandbox (docs/CONTRACTS.md §5). */
export interface EventMode {
  livemode: boolean;
  /** Each checked against its schema first (the server's selfCheck, http/self-check.ts). */
  selfCheck: boolean;
}

/** An order's event, as every delivery of it sends it (checked against its schema under selfCheck). */
export function webhookEvent(
  type: WebhookType,
  o: OrderRecord,
  at: number,
  { livemode, selfCheck }: EventMode,
): WebhookEvent {
  return checkedSent<WebhookEvent>(
    selfCheck,
    WebhookEventSchema,
    {
      id: newEventId(),
      type,
      createdAt: new Date(at).toISOString(),
      livemode,
      data: {
        intentId: o.intentId,
        reference: o.reference,
        sessionId: o.sessionId,
        transactionId: o.transactionId,
        status: o.status,
        direction: o.direction,
        partner: o.partner,
        sourceAmount: o.sourceAmount,
        sourceCurrency: o.sourceCurrency,
        destinationAmount: o.destinationAmount,
        destinationCurrency: o.destinationCurrency,
        walletAddress: o.walletAddress,
        txHash: o.txHash,
      },
    },
    `the ${type} event`,
  );
}

export const SESSION_CREATED = 'SESSION_CREATED';

/** The merchant's customer id, and the partner-side locks of the values the intent fixed. */
function intentExtras(intent: IntentRecord, body: SessionBody): SessionExtras {
  const buy = body.sessionType === 'BUY';
  const locks: LockField[] = [];
  if (intent.amount !== undefined) locks.push('sourceAmount');
  if (intent.walletAddress !== undefined) locks.push('walletAddress');
  if (intent.cryptoCurrency !== undefined) locks.push(buy ? 'destinationCurrencyCode' : 'sourceCurrencyCode');
  if (intent.fiatCurrency !== undefined) locks.push(buy ? 'sourceCurrencyCode' : 'destinationCurrencyCode');
  return {
    ...(intent.customerId ? { externalCustomerId: intent.customerId } : {}),
    ...(locks.length > 0 ? { lockFields: locks } : {}),
  };
}

/** What an order is before its session exists. */
function termsOf(intent: IntentRecord | null, body: SessionBody): OrderTerms {
  const d = body.sessionData;
  return {
    intentId: intent?.id ?? null,
    reference: intent?.reference ?? null,
    customerId: intent?.customerId ?? null,
    partner: d.serviceProvider,
    direction: body.sessionType === 'BUY' ? 'buy' : 'sell',
    country: d.countryCode,
    sourceCurrency: d.sourceCurrencyCode,
    sourceAmount: String(d.sourceAmount),
    destinationCurrency: d.destinationCurrencyCode,
    walletAddress: d.walletAddress ?? null,
    paymentMethod: d.paymentMethodType ?? null,
  };
}

function earlierOf(p: PendingOrderRecord): EarlierCreation {
  const { fingerprint } = p;
  if (p.state === 'recorded') {
    return {
      fingerprint,
      state: 'recorded',
      session: p.answer === null ? null : (JSON.parse(p.answer) as SessionResponse),
    };
  }
  return { fingerprint, state: p.state };
}

export function createOrders(o: OrdersOptions): Orders {
  return {
    async earlier(externalSessionId) {
      const p = await ledgerStep(() => o.ledger.pendingOrders.get(externalSessionId));
      return p && earlierOf(p);
    },
    bySession: (sessionIds) =>
      ledgerStep(() => o.ledger.orders.list({ sessionIds, limit: sessionIds.length })),
    async begin(headers, body) {
      const secret = headers.get(INTENT_HEADER);
      const intent = secret === null ? null : await ledgerStep(() => o.intents.resolve(secret));
      if (intent) enforceIntent(intent, body);
      const terms = termsOf(intent, body);
      let pending: PendingOrderRecord | undefined;
      return {
        extras: intent ? intentExtras(intent, body) : {},
        reference: intent?.reference ?? null,
        async reserve({ externalSessionId, fingerprint, request }) {
          const at = o.now();
          const record: PendingOrderRecord = {
            externalSessionId,
            fingerprint,
            intentClaim: intent ? `claim_${randomBytes(12).toString('base64url')}` : null,
            terms,
            request: JSON.stringify(request),
            state: 'pending',
            sessionId: null,
            answer: null,
            createdAt: at,
            nextAttemptAt: takeoverAt(at, o.sessionTimeoutMs),
            attempts: 0,
            note: null,
          };
          const begun = await ledgerStep(() => o.ledger.pendingOrders.begin(record));
          if (begun === 'intent_used') throw intentUsed();
          // Another request of this key wrote it between `earlier` and now: that one goes on.
          if (begun === 'exists') return 'pending';
          pending = record;
          return 'reserved';
        },
        async created(session) {
          if (!pending) return;
          await o.recorder.recordRetrying(
            pending,
            session.id,
            session,
            recordUntil(pending.createdAt, o.sessionTimeoutMs),
          );
        },
        async refused() {
          if (!pending) return;
          // Not given back now (the ledger failing): the background step asks again later.
          await o.ledger.pendingOrders.release(pending.externalSessionId).catch(() => {});
        },
        async unsettled(reason) {
          if (!pending) return;
          try {
            await o.ledger.pendingOrders.defer(pending.externalSessionId, o.now(), reason);
          } catch {
            // Not marked due (the ledger failing): it is taken over at its takeover time anyway.
            return;
          }
          o.onUnsettled();
        },
      };
    },
  };
}
