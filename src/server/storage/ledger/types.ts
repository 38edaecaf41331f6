// The ledger's records: intents, orders (every session the server created) with their status
// history, pending orders, webhook deliveries and events, upstream events, and the rows /stats reads.
// The parts that keep them are ledger.ts. Times are epoch milliseconds.

import type { IntentValues } from '../../../api/proxy/intents';
import type { Order, StatusSource, WebhookDelivery } from '../../../api/proxy/orders';
import type { WebhookEvent, WebhookType } from '../../../api/proxy/webhooks';
import type { Direction } from '../../../api/types';
import type { QueueDepths } from '../../http/queue-depths';

// The wire's shapes, which the records hold (src/api/proxy: written once there).
export type { Direction, IntentValues, StatusSource };
export type { WebhookData, WebhookDataByType } from '../../../api/proxy/webhooks';
export type { WebhookEvent, WebhookType };

/** What a store says of itself for /readyz (the shape of the other dependencies' states). */
export interface StoreHealth {
  up: boolean;
  /** Why it is down. */
  error?: string;
  latencyMs?: number;
}

export interface IntentRecord extends IntentValues {
  /** Always fixed: `buy` when the merchant named none (and for intents stored before that rule). */
  direction: Direction;
  id: string;
  /** SHA-256 (hex) of the client secret; the secret itself is never stored. */
  secretHash: string;
  createdAt: number;
  expiresAt: number;
  /** The one session created from this intent, once there is one. */
  sessionId: string | null;
}

/** Upstream statuses after which a transaction never changes (docs/upstream/SERVICE.md). */
export type OrderStatus = string;

/**
 * An order as the ledger keeps it: the order the merchant reads (api/proxy/orders.ts Order: its
 * `status` is `SESSION_CREATED` until the service reports a transaction, then the service's, or
 * `EXPIRED`) with times as epoch milliseconds, and what the server needs to follow it.
 */
export interface OrderRecord extends Omit<Order, 'createdAt' | 'updatedAt'> {
  /**
   * The externalSessionId the server gave the session: the status sync looks the transaction up by
   * it when the search by session id does not find it. Null for orders recorded before it was kept.
   */
  externalSessionId: string | null;
  /** The session's paymentMethodType; absent or null for orders recorded before it was kept. */
  paymentMethod?: string | null;
  createdAt: number;
  updatedAt: number;
  /** When the status sync looks at this order next (null once terminal). */
  nextCheckAt: number | null;
  /** Consecutive checks without a change (the sync's backoff). */
  checkAttempts: number;
}

/**
 * A session creation, written before the service is asked (ledger migration 5), under its
 * externalSessionId: `pending` while its session may or may not exist (the request is running, or
 * its answer was lost to a crash, a timeout or an unreadable body), then `recorded` (the order is in
 * the ledger) or `lost` (the service has a session for it whose answer never arrived, so nobody can
 * open it; its intent's claim was given back). One the service refused is removed.
 */
export type PendingOrderState = 'pending' | 'recorded' | 'lost';

/** What an order is before its session exists: its OrderRecord less what the session brings. */
export type OrderTerms = Pick<
  OrderRecord,
  | 'intentId'
  | 'reference'
  | 'customerId'
  | 'partner'
  | 'direction'
  | 'country'
  | 'sourceCurrency'
  | 'sourceAmount'
  | 'destinationCurrency'
  | 'walletAddress'
  | 'paymentMethod'
>;

export interface PendingOrderRecord {
  externalSessionId: string;
  /** The request that started it (a replay of its Idempotency-Key with another body is refused). */
  fingerprint: string;
  /** The claim held on the order's intent (terms.intentId) while its session may exist. */
  intentClaim: string | null;
  terms: OrderTerms;
  /** The service's create body as JSON, to repeat with the same externalSessionId; null once settled. */
  request: string | null;
  state: PendingOrderState;
  /** Once recorded: the order's session. */
  sessionId: string | null;
  /** Once recorded from the service's answer: that answer as JSON (what a replay of the key gets). */
  answer: string | null;
  createdAt: number;
  /** When the background step may look at it (while pending). */
  nextAttemptAt: number;
  attempts: number;
  /** Why the last look did not settle it, or how it was settled. */
  note: string | null;
}

/** How recording an order settles its pending order (in the same transaction). */
export interface PendingSettlement {
  externalSessionId: string;
  /** The service's answer as JSON, when the server has it. */
  answer: string | null;
}

/**
 * The status of an order whose shopper started no transaction within RAMP_CHECKOUT_EXPIRES_MS. It
 * ends the order's follow-up (terminal), but unlike the service's terminal statuses it still takes a
 * transaction that turns up later: the shopper paid after all, so it is recorded and announced.
 */
export const EXPIRED = 'EXPIRED';

/** True once nothing can change the order: terminal and not EXPIRED (which a late transaction reopens). */
export const isFinal = (o: Pick<OrderRecord, 'status' | 'terminal'>): boolean =>
  o.terminal && o.status !== EXPIRED;

export interface StatusChange {
  sessionId: string;
  status: OrderStatus;
  at: number;
  transactionId: string | null;
  /** Null for changes recorded before sources were (ledger migration 2). */
  source: StatusSource | null;
}

/** What the sync learnt of an order's transaction. */
export interface OrderUpdate {
  /**
   * The status the update was read against: applied only while the order still has it, so a reader
   * that saw an older state of the transaction never writes over a newer one.
   */
  from?: OrderStatus;
  status: OrderStatus;
  terminal: boolean;
  transactionId: string | null;
  destinationAmount?: string | null;
  txHash?: string | null;
  at: number;
  /** What made the server learn of it (kept with the status history row). */
  source?: StatusSource;
}

/** A webhook the upstream service sent (UPSTREAM-NOTES §10.1), as recorded on arrival. */
export interface UpstreamEventRecord {
  /** The service's eventId: each event is recorded (and applied) once. */
  eventId: string;
  eventType: string;
  sessionId: string | null;
  externalSessionId: string | null;
  transactionId: string | null;
  /** The status the payload names (the transaction is read again before anything is changed). */
  status: string | null;
  /** The raw body, as received. */
  body: string;
  receivedAt: number;
  /** pending until applied; ignored when it concerns no order of ours (or is not a transaction event). */
  state: 'pending' | 'applied' | 'ignored';
  attempts: number;
  nextAttemptAt: number;
  /** Held by one instance while it applies the event, until this time. */
  claimedUntil: number | null;
  doneAt: number | null;
  /** Why the last attempt did not apply it, or what it did. */
  note: string | null;
}

export type DeliveryState = WebhookDelivery['state'];

export interface DeliveryRecord {
  /** The event id: the same on every attempt. */
  id: string;
  sessionId: string;
  /** Position within the session's events: delivered in this order. */
  seq: number;
  type: WebhookType;
  /** The exact JSON body sent (signed as is). */
  body: string;
  state: DeliveryState;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  /** HTTP status of the last attempt; 0 for a network error or timeout. */
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: number | null;
}

export interface OrderQuery {
  /** Exact reference, or a prefix of it. */
  reference?: string;
  /** Exact upstream status. */
  status?: string;
  /** The merchant's customer id (its intent's), exact. */
  customerId?: string;
  /** Only these sessions' orders (a shopper's lookup by tracking tokens); none for an empty list. */
  sessionIds?: readonly string[];
  /** Orders after this one in the listing's order (newest first): the next page. */
  after?: { createdAt: number; sessionId: string };
  limit?: number;
}

/** A stage of the checkout before its session, marked once per subject and UTC day (/stats). */
export type CheckoutStage = 'opened' | 'quoted';

export interface CheckoutMark {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  stage: CheckoutStage;
  /** Who reached the stage: an opaque id (a browser's pseudonymous customer id, or a random one). */
  subject: string;
  country: string | null;
}

/** The orders and marks of a period of UTC days (both ends included), for /stats. */
export interface StatsQuery {
  fromDay: string;
  toDay: string;
  country?: string;
  partner?: string;
}

/** The period's orders counted, grouped in the database (a few rows per day, partner, country, method). */
export interface StatsCounts {
  /** Orders per UTC day (YYYY-MM-DD, the day each was created) and status. */
  days: { day: string; status: OrderStatus; count: number }[];
  /** Orders per partner, country, payment method and status. */
  groups: OrderCountRow[];
  marks: StatsMarkRow[];
}

/** The amounts of one side (fiat or crypto) and currency of a day's orders, summed exactly. */
export interface StatsVolumeRow {
  side: 'fiat' | 'crypto';
  currency: string;
  day: string;
  /** A decimal string ("150.5"); amounts the ledger holds that are not decimals are left out. */
  amount: string;
}

export interface StatsMarkRow {
  day: string;
  stage: CheckoutStage;
  count: number;
}

/** Orders of one partner, country, payment method and status, counted (/stats, the ranking's completion rates). */
export interface OrderCountRow {
  partner: string;
  country: string;
  paymentMethod: string | null;
  status: OrderStatus;
  count: number;
}

/** What is waiting and kept, as the metrics read it on each scrape (http/queue-depths.ts). */
export type LedgerStats = QueueDepths;
