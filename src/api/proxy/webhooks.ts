// The events the host server posts to the merchant's webhook endpoint (docs/CONTRACTS.md §5,
// docs/MERCHANT.md), written once: the sender's type, the SDK's, the OpenAPI document's `webhooks`.
// Server side only (valibot); the browser never reads an event.
import * as v from 'valibot';

/** Which way an order goes: the shopper pays fiat for crypto (`buy`) or crypto for fiat (`sell`). */
export const DirectionSchema = v.picklist(['buy', 'sell']);

/** An order's state as each event carries it. */
export const WebhookDataSchema = v.object({
  intentId: v.nullable(v.string()),
  reference: v.nullable(v.string()),
  sessionId: v.string(),
  transactionId: v.nullable(v.string()),
  status: v.pipe(
    v.string(),
    v.description('`SESSION_CREATED`, then the service’s status; `EXPIRED` with no transaction in time'),
  ),
  direction: DirectionSchema,
  partner: v.string(),
  sourceAmount: v.pipe(v.string(), v.description('A decimal string')),
  sourceCurrency: v.string(),
  destinationAmount: v.nullable(v.string()),
  destinationCurrency: v.string(),
  walletAddress: v.nullable(v.string()),
  txHash: v.nullable(v.string()),
});
export type WebhookData = v.InferOutput<typeof WebhookDataSchema>;

/** Every event type, each with what it announces. A new type is one line here. */
export const WEBHOOK_EVENTS = {
  'checkout.session_created': 'A checkout session was created for an order',
  'transaction.updated': "The order's transaction changed status",
  'transaction.completed': "The order's transaction settled: the crypto (or the fiat) was sent",
  'transaction.failed': "The order's transaction failed",
  'transaction.refunded': "The order's transaction was refunded",
  'checkout.expired':
    'No transaction within RAMP_CHECKOUT_EXPIRES_MS: the shopper left; `status` is `EXPIRED`',
} as const;
export type WebhookType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookType[];

const eventOf = <K extends WebhookType>(type: K) =>
  v.object({
    id: v.pipe(v.string(), v.description('The event id: the same on every attempt (deduplicate by it)')),
    type: v.literal(type),
    createdAt: v.pipe(v.string(), v.description('ISO 8601')),
    livemode: v.pipe(
      v.boolean(),
      v.description(
        'False when the server that made it runs its sandbox (RAMP_API_BASE_URL unset): nothing was paid, whatever `data` says',
      ),
    ),
    data: WebhookDataSchema,
  });

/** Each event type's schema. */
export const WEBHOOK_EVENT_SCHEMAS = {
  'checkout.session_created': eventOf('checkout.session_created'),
  'transaction.updated': eventOf('transaction.updated'),
  'transaction.completed': eventOf('transaction.completed'),
  'transaction.failed': eventOf('transaction.failed'),
  'transaction.refunded': eventOf('transaction.refunded'),
  'checkout.expired': eventOf('checkout.expired'),
} satisfies { [K in WebhookType]: ReturnType<typeof eventOf<K>> };

/** The JSON body of a webhook: a union narrowed by `type` (an exhaustive `switch` over it type-checks). */
export const WebhookEventSchema = v.variant('type', Object.values(WEBHOOK_EVENT_SCHEMAS));
type AnyEvent = v.InferOutput<typeof WebhookEventSchema>;
export type WebhookEvent<T extends WebhookType = WebhookType> = Extract<AnyEvent, { type: T }>;
/** Each webhook type and the `data` it carries. */
export type WebhookDataByType = { [K in WebhookType]: WebhookEvent<K>['data'] };

/** POST /api/ramp/webhooks/upstream: the service's event recorded (a repeat of its id is a duplicate). */
export const UpstreamWebhookAnswerSchema = v.object({ received: v.literal(true), duplicate: v.boolean() });
