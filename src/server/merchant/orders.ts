// Every session the server creates becomes an order in the ledger, with its intent (if any) and the
// webhook event that announces it. The session handler calls `begin` before it asks the upstream
// (which checks and claims the intent) and then `created` or `abort`.
import { randomBytes } from 'node:crypto';
import type { LockField, SessionResponse } from '../../api/types';
import type { SessionBody } from '../proxy/bodies';
import { INTENT_HEADER } from '../../api/proxy/contract';
import { enforceIntent, intentUsed } from './intents';
import type { Intents } from './intents';
import type { IntentRecord, Ledger, OrderRecord, WebhookEvent, WebhookType } from '../storage/ledger/types';

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
  /** The session the upstream created, with the externalSessionId the server gave it. */
  created(session: SessionResponse, externalSessionId: string): Promise<void>;
  abort(): Promise<void>;
}

export interface Orders {
  begin(headers: Headers, body: SessionBody): Promise<PendingOrder>;
}

export interface OrdersOptions {
  ledger: Ledger;
  intents: Intents;
  now: () => number;
  /** Queue webhook events (only when a webhook URL is configured). */
  webhooks: boolean;
  /** When the status sync first looks at a new order. */
  firstCheckDelayMs: number;
  /** Told after an order or change is recorded (kicks the sync and the webhook sender). */
  onRecorded: () => void;
}

export const newEventId = () => `evt_${randomBytes(16).toString('base64url')}`;

export function webhookEvent(type: WebhookType, o: OrderRecord, at: number): WebhookEvent {
  return {
    id: newEventId(),
    type,
    createdAt: new Date(at).toISOString(),
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
  };
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

export function createOrders(o: OrdersOptions): Orders {
  return {
    async begin(headers, body) {
      const secret = headers.get(INTENT_HEADER);
      const intent = secret === null ? null : await o.intents.resolve(secret);
      let claim: string | undefined;
      if (intent) {
        enforceIntent(intent, body);
        claim = `claim_${randomBytes(12).toString('base64url')}`;
        if (!(await o.ledger.claimIntent(intent.id, claim))) throw intentUsed();
      }
      const d = body.sessionData;
      return {
        extras: intent ? intentExtras(intent, body) : {},
        reference: intent?.reference ?? null,
        async created(session, externalSessionId) {
          const at = o.now();
          const order: OrderRecord = {
            sessionId: session.id,
            externalSessionId,
            intentId: intent?.id ?? null,
            reference: intent?.reference ?? null,
            customerId: intent?.customerId ?? null,
            partner: d.serviceProvider,
            direction: body.sessionType === 'BUY' ? 'buy' : 'sell',
            country: d.countryCode,
            sourceCurrency: d.sourceCurrencyCode,
            sourceAmount: String(d.sourceAmount),
            destinationCurrency: d.destinationCurrencyCode,
            destinationAmount: null,
            walletAddress: d.walletAddress ?? null,
            transactionId: null,
            status: SESSION_CREATED,
            txHash: null,
            terminal: false,
            createdAt: at,
            updatedAt: at,
            nextCheckAt: at + o.firstCheckDelayMs,
            checkAttempts: 0,
          };
          const events = o.webhooks ? [webhookEvent('checkout.session_created', order, at)] : [];
          await o.ledger.recordOrder(order, events, claim);
          o.onRecorded();
        },
        async abort() {
          if (intent && claim) await o.ledger.releaseIntent(intent.id, claim);
        },
      };
    },
  };
}
