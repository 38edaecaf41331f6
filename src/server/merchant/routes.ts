// The merchant's routes under /api/ramp: minting intents (server to server, with the admin token),
// the widget's read of its intent, and the console's orders, stats and webhook deliveries. Each is a
// definition of route-table.ts (method, path, who may call, query schema) and a handler here; they
// are mounted before the proxy's allowlist, which never sees these paths.
import { Hono } from 'hono';
import type { Context } from 'hono';
import * as v from 'valibot';
import { readJsonBody } from '../http/body';
import type { RequireAdmin } from '../http/admin';
import type { ServerConfig } from '../config/config';
import { NO_STORE } from '../http/context';
import type { AppEnv } from '../http/context';
import { HttpError, badRequest, notFound } from '../http/errors';
import type { Intents } from './intents';
import type { IntentLedger, OrderLedger, WebhookQueue } from '../storage/ledger/ledger';
import { listOrders, orderDetail } from './sdk';
import { deliveryView } from './views';
import { statsQuery, statsReads } from './stats';
import type { StatsReads } from './stats';
import { INTENT_HEADER } from '../../api/proxy/contract';
import { ID_PATTERN } from '../../domain/codes';
import { MERCHANT_ROUTES } from './route-table';
import type { MerchantRouteId } from './route-table';

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

type Handler = (c: Context<AppEnv>, q: Record<string, string | undefined>) => Promise<Response>;

export function merchantRoutes(
  config: ServerConfig,
  parts: () => Promise<MerchantParts>,
  requireAdmin: RequireAdmin,
  now: () => number,
): Hono<AppEnv> {
  const readStats = statsReads();
  const handlers: Record<Exclude<MerchantRouteId, 'upstreamWebhook'>, Handler> = {
    createIntent: async (c) => {
      const { intents } = await parts();
      const created = await intents.create(await readJsonBody(c.req.raw));
      return c.json(created, 201, NO_STORE);
    },
    currentIntent: async (c) => {
      const { intents } = await parts();
      const intent = await intents.resolve(c.req.header(INTENT_HEADER));
      return c.json({ intent: intents.publicView(intent) }, 200, NO_STORE);
    },
    listOrders: async (c, q) => {
      const page = await listOrders((await parts()).ledger, {
        reference: q.reference,
        status: q.status,
        customerId: q.customerId,
        limit: q.limit === undefined ? undefined : Number(q.limit),
        cursor: q.cursor,
      });
      return c.json({ orders: page.data, nextCursor: page.nextCursor }, 200, NO_STORE);
    },
    getOrder: async (c) => {
      const detail = await orderDetail((await parts()).ledger, c.req.param('sessionId')!);
      if (!detail) throw notFound('No order for this session');
      return c.json(detail, 200, NO_STORE);
    },
    stats: async (c, q) =>
      c.json(await readStats((await parts()).ledger.stats, statsQuery(q, now())), 200, NO_STORE),
    listDeliveries: async (c, q) => {
      const list = await (await parts()).ledger.deliveries.list({ sessionId: q.sessionId, limit: 100 });
      return c.json({ deliveries: list.map((d) => deliveryView(d)) }, 200, NO_STORE);
    },
    resendDelivery: async (c) => {
      if (config.merchant.webhook === null) {
        throw new HttpError(
          409,
          'WEBHOOKS_DISABLED',
          'Set RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET to send webhooks',
        );
      }
      const id = c.req.param('id')!;
      const { ledger, kickWebhooks } = await parts();
      if (!ID_PATTERN.test(id) || !(await ledger.deliveries.resend(id, now())))
        throw notFound('No such delivery');
      kickWebhooks();
      return c.json({ id, state: 'pending' }, 202, NO_STORE);
    },
  };

  const app = new Hono<AppEnv>();
  for (const route of MERCHANT_ROUTES) {
    if (route.id === 'upstreamWebhook') continue; // its own module: upstream-webhooks/receiver.ts
    const handle = handlers[route.id];
    const schema = 'query' in route ? route.query : undefined;
    app.on(route.method, route.path, async (c) => {
      if (route.access === 'admin') await requireAdmin(c);
      return handle(c, schema ? checkedQuery(schema, c.req.query()) : {});
    });
  }
  return app;
}

/** The query against its route's schema: 400 INVALID_QUERY_PARAMETER naming the parameter. */
function checkedQuery(
  schema: v.GenericSchema<unknown, Record<string, string | undefined>>,
  query: Record<string, string>,
): Record<string, string | undefined> {
  // An empty value is no value (`?country=` as a form sends it), as before the schemas.
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  const r = v.safeParse(schema, given);
  if (r.success) return r.output;
  const details = r.issues.slice(0, 10).map((i) => `${v.getDotPath(i) ?? 'query'}: ${i.message}`);
  throw badRequest('INVALID_QUERY_PARAMETER', `Invalid query: ${details[0]}`, details);
}
