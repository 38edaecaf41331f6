// The public shapes of the server SDK (`ramp.orders`, `ramp.intents`, `ramp.webhooks`): what the HTTP
// routes answer, dates as ISO 8601 and amounts as decimal strings. Part of the package's declarations.
import type { Order, OrderDetail, OrderListItem, WebhookDelivery } from '../../api/proxy/orders';
import type { Intent } from '../../api/proxy/intents';

// The shapes themselves are the wire's (src/api/proxy: the HTTP routes answer the same).
export type { Intent, Order, OrderDetail, OrderListItem, WebhookDelivery };

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
