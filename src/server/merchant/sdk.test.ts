// The server SDK on createRampServer's object, as a merchant's server calls it: orders listed by
// reference and status a page at a time, an order's detail, intents read and expired (and an expired
// one refused by the proxy), webhook events resent; the shapes are the HTTP routes'.
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN as ADMIN, testServer } from '../testing/server';
import { quotedSession } from '../testing/upstream';

const ORIGIN = 'http://127.0.0.1:8787';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function setup(webhooks = true, now?: () => number) {
  const sent: string[] = [];
  // Its webhook sender and status sync run here (the sync's first look a minute away).
  const { server, request } = testServer({
    options: {
      role: 'all',
      ...(webhooks
        ? { webhookUrl: 'https://shop.example/webhooks/ramp', webhookSecret: 'w'.repeat(32) }
        : {}),
      syncIntervalMs: 60_000,
      rateLimitSession: '600/100',
    },
    webhookFetch: async (_, init) => {
      sent.push(JSON.parse(String(init?.body)).id as string);
      return new Response(null, { status: 204 });
    },
    clock: now ?? 'system',
  });
  const call = (path: string, init: RequestInit = {}) => request(`${ORIGIN}${path}`, init, '127.0.0.1');
  const buy = async (reference: string, amount: string, customerId?: string) => {
    const { clientSecret } = await server.createIntent({ reference, walletAddress: WALLET, customerId });
    const body = {
      sessionType: 'BUY',
      sessionData: {
        serviceProvider: 'BANXA',
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: amount,
        destinationCurrencyCode: 'ETH',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
        walletAddress: WALLET,
      },
    };
    const res = await quotedSession(call, body, {
      'Idempotency-Key': `k-${reference}`,
      'X-Ramp-Intent': clientSecret,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  return { server, call, buy, sent };
}

describe('ramp.orders', () => {
  it('lists by reference and status, a page at a time, as GET /api/ramp/orders answers', async () => {
    const { server, call, buy } = setup();
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await buy(`order-${n}`, `${100 + n}`));
    const first = await server.orders.list({ limit: 2 });
    expect(first.data.map((o) => o.reference)).toEqual(['order-3', 'order-2']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await server.orders.list({ limit: 2, cursor: first.nextCursor! });
    expect(second.data.map((o) => o.reference)).toEqual(['order-1']);
    expect(second.nextCursor).toBeNull();

    const [order] = (await server.orders.list({ reference: 'order-2' })).data;
    expect(order).toMatchObject({ sessionId: ids[1], sourceAmount: '102', status: 'SESSION_CREATED' });
    expect(order!.createdAt).toMatch(ISO);
    expect((await server.orders.list({ status: 'SESSION_CREATED' })).data).toHaveLength(3);
    expect((await server.orders.list({ status: 'SETTLED' })).data).toHaveLength(0);

    const http = await call('/api/ramp/orders?reference=order-2', {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(await http.json()).toEqual({ orders: [order], nextCursor: null });
    await expect(server.orders.list({ cursor: 'not-a-cursor' })).rejects.toThrow(/cursor/);
    await expect(server.orders.list({ limit: 0 })).rejects.toThrow(/limit/);
  });

  it("lists one customer's orders by the customerId of the merchant's intents, exactly", async () => {
    const { server, call, buy } = setup();
    const first = await buy('order-a1', '100', 'cust-a');
    await buy('order-b1', '100', 'cust-b');
    const second = await buy('order-a2', '100', 'cust-a');
    await buy('order-x', '100');
    const listed = await server.orders.list({ customerId: 'cust-a' });
    expect(listed.data.map((o) => [o.sessionId, o.customerId])).toEqual([
      [second, 'cust-a'],
      [first, 'cust-a'],
    ]);
    expect((await server.orders.list({ customerId: 'cust-' })).data).toEqual([]);
    const http = await call('/api/ramp/orders?customerId=cust-a&limit=1', {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    const page = (await http.json()) as { orders: { sessionId: string }[]; nextCursor: string };
    expect(page.orders.map((o) => o.sessionId)).toEqual([second]);
    const next = await server.orders.list({ customerId: 'cust-a', cursor: page.nextCursor });
    expect(next.data.map((o) => o.sessionId)).toEqual([first]);
    await expect(server.orders.list({ customerId: 'cust a' })).rejects.toThrow(/customerId/);
    const bad = await call('/api/ramp/orders?customerId=cust%20a', {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'INVALID_QUERY_PARAMETER' });
  });

  it('retrieves an order with its history (ISO dates) and deliveries; null for none', async () => {
    const { server, buy } = setup();
    const id = await buy('order-9', '100');
    const detail = await server.orders.retrieve(id);
    expect(detail?.order.reference).toBe('order-9');
    expect(detail?.history[0]).toMatchObject({ status: 'SESSION_CREATED', at: expect.stringMatching(ISO) });
    expect(detail?.deliveries[0]).toMatchObject({ type: 'checkout.session_created' });
    expect(await server.orders.retrieve('nope')).toBeNull();
  });
});

describe('ramp.intents', () => {
  it('retrieves an intent; an expired one is refused by the proxy', async () => {
    const { server, call } = setup();
    const created = await server.createIntent({ reference: 'order-7', amount: '100', walletAddress: WALLET });
    const intent = await server.intents.retrieve(created.id);
    expect(intent).toMatchObject({
      id: created.id,
      reference: 'order-7',
      amount: '100',
      status: 'open',
      sessionId: null,
    });
    expect(intent).not.toHaveProperty('secretHash');
    expect(intent!.createdAt).toMatch(ISO);

    const expired = await server.intents.expire(created.id);
    expect(expired?.status).toBe('expired');
    expect(Date.parse(expired!.expiresAt)).toBeLessThanOrEqual(Date.now());
    const current = await call('/api/ramp/intents/current', {
      headers: { 'X-Ramp-Intent': created.clientSecret },
    });
    expect(current.status).toBe(410);
    expect(await current.json()).toMatchObject({ code: 'INTENT_EXPIRED' });
    expect(await server.intents.retrieve('int_none')).toBeNull();
    expect(await server.intents.expire('int_none')).toBeNull();
  });
});

describe('ramp.webhooks', () => {
  it('resends an event by id; false for none; says why without webhooks configured', async () => {
    const { server, buy } = setup();
    const id = await buy('order-5', '100');
    const [delivery] = (await server.orders.retrieve(id))!.deliveries;
    expect(await server.webhooks.resend(delivery!.id)).toBe(true);
    expect(await server.webhooks.resend('evt_none')).toBe(false);
    const bare = setup(false).server;
    await expect(bare.webhooks.resend(delivery!.id)).rejects.toThrow(/RAMP_WEBHOOK_URL/);
  });

  it("resends over HTTP on the server's clock: with an injected one, the event goes out again at once", async () => {
    let t = Date.UTC(2026, 1, 3, 12);
    const { call, buy, sent, server } = setup(true, () => t);
    const id = await buy('order-6', '100');
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000, interval: 10 });
    const [delivery] = (await server.orders.retrieve(id))!.deliveries;
    expect(delivery).toMatchObject({ state: 'delivered', deliveredAt: new Date(t).toISOString() });
    t += 60_000;
    const res = await call(`/api/ramp/webhooks/deliveries/${delivery!.id}/resend`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(res.status).toBe(202);
    await vi.waitFor(() => expect(sent).toEqual([delivery!.id, delivery!.id]), {
      timeout: 5_000,
      interval: 10,
    });
  });
});
