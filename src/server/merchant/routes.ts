// The merchant's routes under /api/ramp, one declaration each (api/routes/spec.ts): minting intents
// (server to server, with the admin token), the widget's read of its intent, the console's orders,
// stats and webhook deliveries, and the service's webhooks in. Mounted before the proxy's allowlist,
// which never sees these paths; the OpenAPI document describes them from here. A new merchant route
// is one entry here.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { API_PREFIX, INTENT_HEADER } from '../../api/proxy/contract';
import { CreatedIntentSchema, IntentAnswerSchema } from '../../api/proxy/intents';
import {
  DeliveriesAnswerSchema,
  OrderDetailSchema,
  OrdersAnswerSchema,
  ResentAnswerSchema,
} from '../../api/proxy/orders';
import { CHECKOUT_PATHS } from '../../api/proxy/paths';
import { HOST_PATHS } from '../../api/proxy/host-paths';
import { StatsSchema } from '../../api/proxy/stats';
import { UpstreamWebhookAnswerSchema } from '../../api/proxy/webhooks';
import { mountRoutes } from '../../api/routes/mount';
import { int, routesOf, text } from '../../api/routes/spec';
import { ID_PATTERN } from '../../domain/codes';
import type { ServerConfig } from '../config/config';
import type { RequireAdmin } from '../http/admin';
import { readJsonBody } from '../http/body';
import { NO_STORE } from '../http/context';
import type { AppEnv } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import type { Logger } from '../http/log';
import type { IntentLedger, OrderLedger, WebhookQueue } from '../storage/ledger/ledger';
import { IntentSchema, parseIntentInput } from './intents';
import type { Intents } from './intents';
import { REFERENCE_RE, STATUS_RE, listOrders, orderDetail } from './sdk';
import { statsQuery, statsReads } from './stats';
import type { StatsReads } from './stats';
import { receiveUpstreamWebhook } from './upstream-webhooks/receiver';
import type { UpstreamWebhookParts } from './upstream-webhooks/receiver';
import { deliveryView } from './views';

/** What the merchant's routes and the server SDK use of the ledger: reads, and two writes (below). */
export interface MerchantLedger {
  orders: Pick<OrderLedger, 'get' | 'list' | 'history'>;
  /** `resend`: a delivery queued again. */
  deliveries: Pick<WebhookQueue, 'list' | 'lastOf' | 'resend'>;
  /** `expire`: an intent ended early (the SDK's intents.expire). */
  intents: Pick<IntentLedger, 'get' | 'expire'>;
  stats: StatsReads;
}

export interface MerchantParts {
  ledger: MerchantLedger;
  intents: Intents;
  /** Sends what is queued now (after a resend). */
  kickWebhooks: () => void;
}

export interface MerchantDeps {
  config: ServerConfig;
  parts: () => Promise<MerchantParts & UpstreamWebhookParts>;
  log: Logger;
  now: () => number;
}

const route = routesOf<MerchantDeps, Context<AppEnv>>();

const NO_CONSOLE_TOKEN = { 401: { description: 'No console token, or a wrong one' } };
const INVALID_QUERY = { 400: { description: 'Invalid query' } };

export const MERCHANT_ROUTES = [
  route({
    id: 'createIntent',
    method: 'POST',
    path: HOST_PATHS.intents,
    summary: "Mints a checkout intent for the merchant's order (server to server)",
    access: 'admin',
    body: { schema: IntentSchema, parse: parseIntentInput },
    answers: {
      201: { description: 'The intent and its client secret', schema: CreatedIntentSchema },
      400: { description: 'Invalid intent' },
      ...NO_CONSOLE_TOKEN,
    },
    handle:
      ({ parts }) =>
      async ({ c, body }) => {
        const { intents } = await parts();
        return c.json(await intents.create(await body()), 201, NO_STORE);
      },
  }),
  route({
    id: 'currentIntent',
    method: 'GET',
    path: CHECKOUT_PATHS.currentIntent,
    summary: "The widget's read of its intent (what is fixed, what is left to the shopper)",
    access: 'intent',
    answers: {
      200: { description: 'The intent, as its client secret may read it', schema: IntentAnswerSchema },
      404: { description: 'No intent for this client secret' },
      409: { description: 'A checkout was already started for this intent' },
      410: { description: 'The intent expired' },
    },
    handle:
      ({ parts }) =>
      async ({ c }) => {
        const { intents } = await parts();
        const intent = await intents.resolve(c.req.header(INTENT_HEADER));
        return c.json({ intent: intents.publicView(intent) }, 200, NO_STORE);
      },
  }),
  route({
    id: 'listOrders',
    method: 'GET',
    path: HOST_PATHS.orders,
    summary: "The ledger's orders, newest first, with each one's last webhook delivery",
    access: 'admin',
    query: {
      reference: text(REFERENCE_RE, "the merchant's order reference, up to 64 printable characters"),
      status: text(STATUS_RE, 'an upstream status, e.g. SETTLED'),
      customerId: text(ID_PATTERN, "the customer id of the merchant's intents, exact"),
      limit: int(1, 500),
      cursor: text(/^[A-Za-z0-9_-]{1,200}$/, 'the nextCursor of the page before'),
    },
    answers: {
      200: { description: 'A page of orders', schema: OrdersAnswerSchema },
      ...INVALID_QUERY,
      ...NO_CONSOLE_TOKEN,
    },
    handle:
      ({ parts }) =>
      async ({ c, query }) => {
        const page = await listOrders((await parts()).ledger, query);
        return c.json({ orders: page.data, nextCursor: page.nextCursor }, 200, NO_STORE);
      },
  }),
  route({
    id: 'getOrder',
    method: 'GET',
    path: HOST_PATHS.order,
    summary: 'One order with its status history and webhook deliveries',
    access: 'admin',
    params: { sessionId: text(ID_PATTERN, 'a session id', true) },
    answers: {
      200: { description: 'The order', schema: OrderDetailSchema },
      ...NO_CONSOLE_TOKEN,
      404: { description: 'No order for this session' },
    },
    handle:
      ({ parts }) =>
      async ({ c, params }) => {
        const detail = await orderDetail((await parts()).ledger, params.sessionId);
        if (!detail) throw notFound('No order for this session');
        return c.json(detail, 200, NO_STORE);
      },
  }),
  route({
    id: 'stats',
    method: 'GET',
    path: HOST_PATHS.stats,
    summary: 'The funnel, partners, countries, methods and completed volume over a period of UTC days',
    access: 'admin',
    query: {
      from: text(/^\d{4}-\d{2}-\d{2}$/, 'the first UTC day, YYYY-MM-DD (default: 29 days before to)'),
      to: text(/^\d{4}-\d{2}-\d{2}$/, 'the last UTC day, YYYY-MM-DD (default: today)'),
      country: text(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code, e.g. US'),
      partner: text(/^[A-Z0-9_]{1,64}$/, 'a service provider code, e.g. BANXA'),
    },
    answers: {
      200: { description: 'The aggregates (counts and sums only)', schema: StatsSchema },
      ...INVALID_QUERY,
      ...NO_CONSOLE_TOKEN,
    },
    handle: ({ parts, now }) => {
      // A read of a period and filters still running is shared (stats.ts statsReads).
      const readStats = statsReads();
      return async ({ c, query }) =>
        c.json(await readStats((await parts()).ledger.stats, statsQuery(query, now())), 200, NO_STORE);
    },
  }),
  route({
    id: 'listDeliveries',
    method: 'GET',
    path: HOST_PATHS.deliveries,
    summary: 'The latest 100 webhook deliveries, of one session if named',
    access: 'admin',
    query: { sessionId: text(ID_PATTERN, 'a session id') },
    answers: {
      200: { description: 'The deliveries, newest first', schema: DeliveriesAnswerSchema },
      ...INVALID_QUERY,
      ...NO_CONSOLE_TOKEN,
    },
    handle:
      ({ parts }) =>
      async ({ c, query }) => {
        const list = await (await parts()).ledger.deliveries.list({ sessionId: query.sessionId, limit: 100 });
        return c.json({ deliveries: list.map((d) => deliveryView(d)) }, 200, NO_STORE);
      },
  }),
  route({
    id: 'resendDelivery',
    method: 'POST',
    path: HOST_PATHS.resendDelivery,
    summary: 'Queues a webhook delivery again',
    access: 'admin',
    params: { id: text(ID_PATTERN, 'an event id', true) },
    answers: {
      202: { description: 'Queued again', schema: ResentAnswerSchema },
      ...NO_CONSOLE_TOKEN,
      404: { description: 'No such delivery' },
      409: { description: 'Webhooks are not configured' },
    },
    handle:
      ({ config, parts, now }) =>
      async ({ c, params }) => {
        if (config.merchant.webhook === null) {
          throw new HttpError(
            409,
            'WEBHOOKS_DISABLED',
            'Set RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET to send webhooks',
          );
        }
        const { ledger, kickWebhooks } = await parts();
        const { id } = params;
        if (!(await ledger.deliveries.resend(id, now()))) throw notFound('No such delivery');
        kickWebhooks();
        return c.json({ id, state: 'pending' as const }, 202, NO_STORE);
      },
  }),
  route({
    id: 'upstreamWebhook',
    method: 'POST',
    path: HOST_PATHS.upstreamWebhook,
    summary: "The service's webhooks in (on with RAMP_UPSTREAM_WEBHOOK_SECRET), checked by their signature",
    access: 'signed',
    answers: {
      200: { description: 'Recorded (once per event id)', schema: UpstreamWebhookAnswerSchema },
      400: { description: 'Not an event of the service' },
      401: { description: 'Signature missing, wrong or too old' },
      404: { description: 'Not configured' },
    },
    handle: receiveUpstreamWebhook,
  }),
];

export function merchantRoutes(deps: MerchantDeps, requireAdmin: RequireAdmin): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  mountRoutes(app, MERCHANT_ROUTES, {
    deps,
    prefix: API_PREFIX,
    access: { admin: (c) => requireAdmin(c) },
    readBody: (c) => readJsonBody(c.req.raw),
    checkAnswers: deps.config.selfCheck,
  });
  return app;
}
