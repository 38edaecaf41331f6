// The public shapes of the server SDK (`ramp.orders`, `ramp.intents`, `ramp.webhooks`): what the HTTP
// routes answer, dates as ISO 8601 and amounts as decimal strings. No imports beyond the ledger's
// types: part of the package's declarations.
import type {
  DeliveryState,
  Direction,
  IntentValues,
  StatusSource,
  WebhookType,
} from '../storage/ledger/types';

/** An order of the ledger: one checkout session (GET /api/ramp/orders items). */
export interface Order {
  sessionId: string;
  intentId: string | null;
  reference: string | null;
  customerId: string | null;
  partner: string;
  direction: Direction;
  country: string;
  /** Decimal string. */
  sourceAmount: string;
  sourceCurrency: string;
  /** Decimal string, once the upstream reports the transaction. */
  destinationAmount: string | null;
  destinationCurrency: string;
  walletAddress: string | null;
  transactionId: string | null;
  /** `SESSION_CREATED` until the upstream reports a transaction, then the upstream's status. */
  status: string;
  terminal: boolean;
  txHash: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One attempt record of a webhook event (its `id` is the event's id). */
export interface WebhookDelivery {
  id: string;
  sessionId: string;
  type: WebhookType;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string | null;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

export interface OrderListItem extends Order {
  lastDelivery: WebhookDelivery | null;
}

export interface OrderListParams {
  /** The merchant's reference, exact or a prefix of it. */
  reference?: string;
  /** The upstream status, exact (e.g. `SETTLED`). */
  status?: string;
  /** The `customerId` of the merchant's intents, exact: that customer's orders on every device. */
  customerId?: string;
  /** 1–500. @default 50 */
  limit?: number;
  /** `nextCursor` of the page before. */
  cursor?: string;
}

/** A page of orders, newest first. */
export interface OrderList {
  data: OrderListItem[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface OrderDetail {
  order: Order;
  /** Each status change: `source` says what made the server learn of it (null for rows from before sources were kept). */
  history: {
    sessionId: string;
    status: string;
    at: string;
    transactionId: string | null;
    source: StatusSource | null;
  }[];
  deliveries: WebhookDelivery[];
}

/** A checkout intent as the merchant's server sees it (its client secret is never stored). */
export interface Intent extends IntentValues {
  /** Always set (`buy` when the intent was minted without one). */
  direction: Direction;
  id: string;
  createdAt: string;
  expiresAt: string;
  /** The session created from it, once there is one. */
  sessionId: string | null;
  /** `open` until a session is created from it (`used`) or it expires. */
  status: 'open' | 'used' | 'expired';
}

export interface RampOrders {
  list(params?: OrderListParams): Promise<OrderList>;
  /** Null when the ledger has no order for this session. */
  retrieve(sessionId: string): Promise<OrderDetail | null>;
}

export interface RampIntents {
  /** Null when there is no such intent. */
  retrieve(id: string): Promise<Intent | null>;
  /** Expires it now: the proxy refuses a session from it (410 `INTENT_EXPIRED`). Null when there is no such intent. */
  expire(id: string): Promise<Intent | null>;
}

export interface RampWebhooks {
  /** Queues the event again (same id) and sends it now; false when there is no such event. */
  resend(eventId: string): Promise<boolean>;
}
