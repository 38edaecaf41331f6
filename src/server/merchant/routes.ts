// The merchant's routes under /api/ramp: minting intents (server to server, with the admin token),
// the widget's read of its intent, and the console's orders and webhook deliveries. Mounted before
// the proxy's allowlist, which never sees these paths.
import { Hono } from 'hono';
import { readJsonBody } from '../http/body';
import type { RequireAdmin } from '../http/admin';
import type { ServerConfig } from '../config/config';
import { NO_STORE } from '../http/context';
import type { AppEnv } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import type { Intents } from './intents';
import type { Ledger } from '../storage/ledger/types';
import { listOrders, orderDetail } from './sdk';
import { deliveryView } from './views';
import { loadStats, statsQuery } from './stats';
import { API_PREFIX, INTENT_HEADER } from '../../api/proxy/contract';
import { ID_PATTERN } from '../../domain/codes';

export interface MerchantParts {
  ledger: Ledger;
  intents: Intents;
  /** Sends what is queued now (after a resend). */
  kickWebhooks: () => void;
}

export function merchantRoutes(
  config: ServerConfig,
  parts: () => Promise<MerchantParts>,
  requireAdmin: RequireAdmin,
  now: () => number,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(`${API_PREFIX}/intents`, async (c) => {
    await requireAdmin(c);
    const { intents } = await parts();
    const created = await intents.create(await readJsonBody(c.req.raw));
    return c.json(created, 201, NO_STORE);
  });

  app.get(`${API_PREFIX}/intents/current`, async (c) => {
    const { intents } = await parts();
    const intent = await intents.resolve(c.req.header(INTENT_HEADER));
    return c.json({ intent: intents.publicView(intent) }, 200, NO_STORE);
  });

  app.get(`${API_PREFIX}/orders`, async (c) => {
    await requireAdmin(c);
    const limit = c.req.query('limit');
    const { ledger } = await parts();
    const page = await listOrders(ledger, {
      reference: c.req.query('reference'),
      status: c.req.query('status'),
      limit: limit === undefined ? undefined : /^\d{1,3}$/.test(limit) ? Number(limit) : NaN,
      cursor: c.req.query('cursor'),
    });
    return c.json({ orders: page.data, nextCursor: page.nextCursor }, 200, NO_STORE);
  });

  app.get(`${API_PREFIX}/orders/:sessionId`, async (c) => {
    await requireAdmin(c);
    const detail = await orderDetail((await parts()).ledger, c.req.param('sessionId'));
    if (!detail) throw notFound('No order for this session');
    return c.json(detail, 200, NO_STORE);
  });

  app.get(`${API_PREFIX}/stats`, async (c) => {
    await requireAdmin(c);
    const q = statsQuery(c.req.query(), now());
    return c.json(await loadStats((await parts()).ledger, q), 200, NO_STORE);
  });

  app.get(`${API_PREFIX}/webhooks/deliveries`, async (c) => {
    await requireAdmin(c);
    const sessionId = c.req.query('sessionId');
    if (sessionId !== undefined && !ID_PATTERN.test(sessionId)) throw notFound();
    const { ledger } = await parts();
    const list = await ledger.listDeliveries({ sessionId, limit: 100 });
    return c.json({ deliveries: list.map((d) => deliveryView(d)) }, 200, NO_STORE);
  });

  app.post(`${API_PREFIX}/webhooks/deliveries/:id/resend`, async (c) => {
    await requireAdmin(c);
    if (config.merchant.webhook === null) {
      throw new HttpError(
        409,
        'WEBHOOKS_DISABLED',
        'Set RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET to send webhooks',
      );
    }
    const id = c.req.param('id');
    const { ledger, kickWebhooks } = await parts();
    if (!ID_PATTERN.test(id) || !(await ledger.resend(id, now()))) throw notFound('No such delivery');
    kickWebhooks();
    return c.json({ id, state: 'pending' }, 202, NO_STORE);
  });

  return app;
}
