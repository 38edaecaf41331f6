// The server SDK on the object createRampServer returns (`ramp.orders`, `ramp.intents`,
// `ramp.webhooks`): the merchant routes' reads and actions, in process, in the routes' shapes.
import type { ServerConfig } from '../config/config';
import { HttpError } from '../http/errors';
import type { IntentRecord } from '../storage/ledger/types';
import type { MerchantLedger, MerchantParts } from './routes';
import { deliveryView, orderView } from './views';
import type { Intent, OrderList, OrderListParams, RampIntents, RampOrders, RampWebhooks } from './sdk-types';
import { ID_PATTERN } from '../../domain/codes';

export const REFERENCE_RE = /^[\x20-\x7E]{1,64}$/;
export const STATUS_RE = /^[A-Z_]{2,32}$/;

const invalid = (message: string) => new HttpError(400, 'INVALID_QUERY_PARAMETER', message);

const encodeCursor = (createdAt: number, sessionId: string) =>
  Buffer.from(JSON.stringify([createdAt, sessionId])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: number; sessionId: string } {
  try {
    const [createdAt, sessionId] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (Number.isSafeInteger(createdAt) && typeof sessionId === 'string' && ID_PATTERN.test(sessionId)) {
      return { createdAt: createdAt as number, sessionId };
    }
  } catch {
    // said below
  }
  throw invalid('cursor: pass the nextCursor of the page before, unchanged');
}

/** A page of the ledger's orders (GET /api/ramp/orders and ramp.orders.list). */
export async function listOrders(
  ledger: Pick<MerchantLedger, 'orders' | 'deliveries'>,
  p: OrderListParams = {},
): Promise<OrderList> {
  if (p.reference !== undefined && p.reference !== '' && !REFERENCE_RE.test(p.reference)) {
    throw invalid('reference: expected up to 64 printable characters');
  }
  if (p.status !== undefined && !STATUS_RE.test(p.status))
    throw invalid('status: an upstream status, e.g. SETTLED');
  if (p.customerId !== undefined && !ID_PATTERN.test(p.customerId)) {
    throw invalid('customerId: expected 1 to 128 letters, digits, - and _');
  }
  const limit = p.limit ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw invalid('limit: an integer from 1 to 500');
  // One more than asked: whether there is a next page, without a count.
  const rows = await ledger.orders.list({
    reference: p.reference,
    status: p.status,
    customerId: p.customerId,
    after: p.cursor ? decodeCursor(p.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = await ledger.deliveries.lastOf(page.map((o) => o.sessionId));
  const end = page.at(-1);
  return {
    data: page.map((o) => ({ ...orderView(o), lastDelivery: deliveryView(last.get(o.sessionId)) })),
    nextCursor: rows.length > limit && end ? encodeCursor(end.createdAt, end.sessionId) : null,
  };
}

/** An order with its status history and deliveries (GET /api/ramp/orders/{sessionId}). */
export async function orderDetail(ledger: Pick<MerchantLedger, 'orders' | 'deliveries'>, sessionId: string) {
  if (!ID_PATTERN.test(sessionId)) return null;
  const order = await ledger.orders.get(sessionId);
  if (!order) return null;
  const [history, deliveries] = await Promise.all([
    ledger.orders.history(sessionId),
    ledger.deliveries.list({ sessionId }),
  ]);
  return {
    order: orderView(order),
    history: history.map((h) => ({ ...h, at: new Date(h.at).toISOString() })),
    deliveries: deliveries.map((d) => deliveryView(d)!),
  };
}

function intentView(i: IntentRecord, now: number): Intent {
  const { secretHash: _hash, createdAt, expiresAt, ...rest } = i;
  return {
    ...rest,
    createdAt: new Date(createdAt).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    status: i.sessionId !== null ? 'used' : expiresAt <= now ? 'expired' : 'open',
  };
}

export function createSdk(
  config: ServerConfig,
  parts: () => Promise<MerchantParts>,
  now: () => number,
): { orders: RampOrders; intents: RampIntents; webhooks: RampWebhooks } {
  return {
    orders: {
      list: async (params) => listOrders((await parts()).ledger, params),
      retrieve: async (sessionId) => orderDetail((await parts()).ledger, sessionId),
    },
    intents: {
      retrieve: async (id) => {
        if (!ID_PATTERN.test(id)) return null;
        const intent = await (await parts()).ledger.intents.get(id);
        return intent && intentView(intent, now());
      },
      expire: async (id) => {
        if (!ID_PATTERN.test(id)) return null;
        const { ledger } = await parts();
        const at = now();
        if (!(await ledger.intents.expire(id, at))) return null;
        const intent = await ledger.intents.get(id);
        return intent && intentView(intent, at);
      },
    },
    webhooks: {
      resend: async (eventId) => {
        if (config.merchant.webhook === null) {
          throw new Error(
            'ramp.webhooks.resend: set RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET to send webhooks',
          );
        }
        const { ledger, kickWebhooks } = await parts();
        if (!ID_PATTERN.test(eventId) || !(await ledger.deliveries.resend(eventId, now()))) return false;
        kickWebhooks();
        return true;
      },
    },
  };
}
