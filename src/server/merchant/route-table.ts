// The merchant's routes under /api/ramp, one definition each (http/route-doc.ts): routes.ts registers
// them from this table, checking who may call and the query against its schema, and
// openapi/document.ts describes them from it. A new merchant route is one entry here and its handler.
import * as v from 'valibot';
import { API_PREFIX } from '../../api/proxy/contract';
import { ID_PATTERN } from '../../domain/codes';
import type { RouteDoc } from '../http/route-doc';
import { IntentSchema } from './intents';
import { REFERENCE_RE, STATUS_RE } from './sdk';
import { UPSTREAM_WEBHOOK_PATH } from './upstream-webhooks/receiver';

const param = (re: RegExp, what: string) => v.optional(v.pipe(v.string(), v.regex(re, `expected ${what}`)));

const OrdersQuery = v.object({
  reference: param(REFERENCE_RE, "the merchant's order reference, up to 64 printable characters"),
  status: param(STATUS_RE, 'an upstream status, e.g. SETTLED'),
  customerId: param(ID_PATTERN, "the customer id of the merchant's intents, exact"),
  limit: param(/^\d{1,3}$/, 'an integer from 1 to 500'),
  cursor: param(/^[A-Za-z0-9_-]{1,200}$/, 'the nextCursor of the page before'),
});

const StatsQuery = v.object({
  from: param(/^\d{4}-\d{2}-\d{2}$/, 'the first UTC day, YYYY-MM-DD (default: 29 days before to)'),
  to: param(/^\d{4}-\d{2}-\d{2}$/, 'the last UTC day, YYYY-MM-DD (default: today)'),
  country: param(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code, e.g. US'),
  partner: param(/^[A-Z0-9_]{1,64}$/, 'a service provider code, e.g. BANXA'),
});

const DeliveriesQuery = v.object({
  sessionId: param(ID_PATTERN, 'a session id'),
});

export const MERCHANT_ROUTES = [
  {
    id: 'createIntent',
    method: 'POST',
    path: `${API_PREFIX}/intents`,
    summary: "Mints a checkout intent for the merchant's order (server to server)",
    access: 'admin',
    body: IntentSchema,
    responses: { 201: 'The intent and its client secret', 400: 'Invalid intent', 401: 'No console token' },
  },
  {
    id: 'currentIntent',
    method: 'GET',
    path: `${API_PREFIX}/intents/current`,
    summary: "The widget's read of its intent (what is fixed, what is left to the shopper)",
    access: 'intent',
    responses: { 200: '{ intent }', 404: 'No such intent' },
  },
  {
    id: 'listOrders',
    method: 'GET',
    path: `${API_PREFIX}/orders`,
    summary: "The ledger's orders, newest first, with each one's last webhook delivery",
    access: 'admin',
    query: OrdersQuery,
    responses: { 200: '{ orders, nextCursor }', 400: 'Invalid query', 401: 'No console token' },
  },
  {
    id: 'getOrder',
    method: 'GET',
    path: `${API_PREFIX}/orders/:sessionId`,
    summary: 'One order with its status history and webhook deliveries',
    access: 'admin',
    responses: { 200: 'The order', 401: 'No console token', 404: 'No order for this session' },
  },
  {
    id: 'stats',
    method: 'GET',
    path: `${API_PREFIX}/stats`,
    summary: 'The funnel, partners, countries, methods and completed volume over a period of UTC days',
    access: 'admin',
    query: StatsQuery,
    responses: {
      200: 'The aggregates (counts and sums only)',
      400: 'Invalid query',
      401: 'No console token',
    },
  },
  {
    id: 'listDeliveries',
    method: 'GET',
    path: `${API_PREFIX}/webhooks/deliveries`,
    summary: 'The latest 100 webhook deliveries, of one session if named',
    access: 'admin',
    query: DeliveriesQuery,
    responses: { 200: '{ deliveries }', 401: 'No console token' },
  },
  {
    id: 'resendDelivery',
    method: 'POST',
    path: `${API_PREFIX}/webhooks/deliveries/:id/resend`,
    summary: 'Queues a webhook delivery again',
    access: 'admin',
    responses: {
      202: '{ id, state: "pending" }',
      401: 'No console token',
      404: 'No such delivery',
      409: 'Webhooks are not configured',
    },
  },
  {
    id: 'upstreamWebhook',
    method: 'POST',
    path: UPSTREAM_WEBHOOK_PATH,
    summary: "The service's webhooks in (on with RAMP_UPSTREAM_WEBHOOK_SECRET), checked by their signature",
    access: 'signed',
    responses: {
      200: '{ received, duplicate }',
      400: 'Not an event of the service',
      401: 'Signature missing, wrong or too old',
      404: 'Not configured',
    },
  },
] as const satisfies readonly RouteDoc[];

export type MerchantRouteId = (typeof MERCHANT_ROUTES)[number]['id'];
