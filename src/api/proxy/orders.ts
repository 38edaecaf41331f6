// The merchant's orders as the host server answers them (GET /api/ramp/orders, /orders/{sessionId},
// /webhooks/deliveries, and the SDK's ramp.orders): written once, as valibot schemas the server
// checks its answers with in tests and the OpenAPI document is made from. Server and console import
// the inferred types; the browser imports no value from here (valibot stays off the checkout).
import * as v from 'valibot';
import { DirectionSchema, WEBHOOK_TYPES } from './webhooks';

const iso = v.pipe(v.string(), v.description('ISO 8601'));
const isoOrNull = v.nullable(iso);
const decimal = v.pipe(v.string(), v.description('A decimal string'));

/** An order of the ledger: one checkout session. */
export const OrderSchema = v.object({
  sessionId: v.string(),
  intentId: v.nullable(v.string()),
  /** The merchant's order reference (its intent's). */
  reference: v.nullable(v.string()),
  customerId: v.nullable(v.string()),
  partner: v.string(),
  direction: DirectionSchema,
  country: v.string(),
  sourceAmount: decimal,
  sourceCurrency: v.string(),
  destinationAmount: v.nullable(
    v.pipe(v.string(), v.description('A decimal string, once the service reports the transaction')),
  ),
  destinationCurrency: v.string(),
  walletAddress: v.nullable(v.string()),
  transactionId: v.nullable(v.string()),
  status: v.pipe(
    v.string(),
    v.description('`SESSION_CREATED` until the service reports a transaction, then its status'),
  ),
  terminal: v.boolean(),
  txHash: v.nullable(v.string()),
  createdAt: iso,
  updatedAt: iso,
});
export type Order = v.InferOutput<typeof OrderSchema>;

export const DeliveryStateSchema = v.picklist(['pending', 'delivered', 'dead']);

/** One webhook event's delivery record (its `id` is the event's id). */
export const WebhookDeliverySchema = v.object({
  id: v.string(),
  sessionId: v.string(),
  type: v.picklist(WEBHOOK_TYPES),
  state: DeliveryStateSchema,
  attempts: v.number(),
  lastStatus: v.nullable(v.pipe(v.number(), v.description('HTTP status of the last attempt; 0: no answer'))),
  lastError: v.nullable(v.string()),
  createdAt: isoOrNull,
  lastAttemptAt: isoOrNull,
  nextAttemptAt: isoOrNull,
  deliveredAt: isoOrNull,
});
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;

export const OrderListItemSchema = v.object({
  ...OrderSchema.entries,
  lastDelivery: v.nullable(WebhookDeliverySchema),
});
export type OrderListItem = v.InferOutput<typeof OrderListItemSchema>;

/** GET /api/ramp/orders: a page of orders, newest first. */
export const OrdersAnswerSchema = v.object({
  orders: v.array(OrderListItemSchema),
  nextCursor: v.nullable(
    v.pipe(v.string(), v.description('The `cursor` of the next page; null on the last')),
  ),
});

/** Where a status change came from: the session's creation, a status read, a webhook, the expiry. */
export const StatusSourceSchema = v.picklist(['checkout', 'poll', 'webhook', 'expiry']);
export type StatusSource = v.InferOutput<typeof StatusSourceSchema>;

/** GET /api/ramp/orders/{sessionId}: an order with its status history and webhook deliveries. */
export const OrderDetailSchema = v.object({
  order: OrderSchema,
  history: v.array(
    v.object({
      sessionId: v.string(),
      status: v.string(),
      at: iso,
      transactionId: v.nullable(v.string()),
      /** Null for changes recorded before sources were kept. */
      source: v.nullable(StatusSourceSchema),
    }),
  ),
  deliveries: v.array(WebhookDeliverySchema),
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

/** GET /api/ramp/webhooks/deliveries: the latest deliveries. */
export const DeliveriesAnswerSchema = v.object({ deliveries: v.array(WebhookDeliverySchema) });

/** POST /api/ramp/webhooks/deliveries/{id}/resend: queued again. */
export const ResentAnswerSchema = v.object({ id: v.string(), state: v.literal('pending') });
