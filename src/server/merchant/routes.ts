// The merchant's routes under /api/ramp: minting intents (server to server, with the admin token),
// the widget's read of its intent, and the console's orders and webhook deliveries. Mounted before
// the proxy's allowlist, which never sees these paths.
import { Hono } from 'hono';
import { readJsonBody } from '../http/body';
import type { ServerConfig } from '../config/config';
import { NO_STORE } from '../http/context';
import type { AppEnv } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import type { Intents } from './intents';
import type { DeliveryRecord, Ledger, OrderRecord } from '../storage/ledger/types';
import { API_PREFIX, INTENT_HEADER } from '../../api/proxy/contract';
import type { RequireAdmin } from '../http/admin';

export interface MerchantParts {
  ledger: Ledger;
  intents: Intents;
  /** Sends what is queued now (after a resend). */
  kickWebhooks: () => void;
}

const REFERENCE_QUERY_RE = /^[\x20-\x7E]{1,64}$/;
const ID_RE = /^[A-Za-z0-9_-]{1,128}$/;

export function merchantRoutes(
  config: ServerConfig,
  parts: () => Promise<MerchantParts>,
  requireAdmin: RequireAdmin,
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
    const reference = c.req.query('reference');
    if (reference !== undefined && reference !== '' && !REFERENCE_QUERY_RE.test(reference)) {
      throw new HttpError(
        400,
        'INVALID_QUERY_PARAMETER',
        'reference: expected up to 64 printable characters',
      );
    }
    const limit = Number(c.req.query('limit') ?? '50');
    const { ledger } = await parts();
    const orders = await ledger.listOrders({ reference, limit: Number.isInteger(limit) ? limit : 50 });
    const last = await ledger.lastDeliveries(orders.map((o) => o.sessionId));
    return c.json(
      { orders: orders.map((o) => ({ ...orderView(o), lastDelivery: deliveryView(last.get(o.sessionId)) })) },
      200,
      NO_STORE,
    );
  });

  app.get(`${API_PREFIX}/orders/:sessionId`, async (c) => {
    await requireAdmin(c);
    const id = c.req.param('sessionId');
    if (!ID_RE.test(id)) throw notFound();
    const { ledger } = await parts();
    const order = await ledger.getOrder(id);
    if (!order) throw notFound('No order for this session');
    const [history, deliveries] = await Promise.all([
      ledger.history(id),
      ledger.listDeliveries({ sessionId: id }),
    ]);
    return c.json(
      { order: orderView(order), history, deliveries: deliveries.map((d) => deliveryView(d)) },
      200,
      NO_STORE,
    );
  });

  app.get(`${API_PREFIX}/webhooks/deliveries`, async (c) => {
    await requireAdmin(c);
    const sessionId = c.req.query('sessionId');
    if (sessionId !== undefined && !ID_RE.test(sessionId)) throw notFound();
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
    if (!ID_RE.test(id) || !(await ledger.resend(id, Date.now()))) throw notFound('No such delivery');
    kickWebhooks();
    return c.json({ id, state: 'pending' }, 202, NO_STORE);
  });

  return app;
}

const orderView = (o: OrderRecord) => ({
  sessionId: o.sessionId,
  intentId: o.intentId,
  reference: o.reference,
  customerId: o.customerId,
  partner: o.partner,
  direction: o.direction,
  country: o.country,
  sourceAmount: o.sourceAmount,
  sourceCurrency: o.sourceCurrency,
  destinationAmount: o.destinationAmount,
  destinationCurrency: o.destinationCurrency,
  walletAddress: o.walletAddress,
  transactionId: o.transactionId,
  status: o.status,
  terminal: o.terminal,
  txHash: o.txHash,
  createdAt: new Date(o.createdAt).toISOString(),
  updatedAt: new Date(o.updatedAt).toISOString(),
});

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

const deliveryView = (d: DeliveryRecord | undefined) =>
  d === undefined
    ? null
    : {
        id: d.id,
        sessionId: d.sessionId,
        type: d.type,
        state: d.state,
        attempts: d.attempts,
        lastStatus: d.lastStatus,
        lastError: d.lastError,
        createdAt: iso(d.createdAt),
        lastAttemptAt: iso(d.lastAttemptAt),
        nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
        deliveredAt: iso(d.deliveredAt),
      };
