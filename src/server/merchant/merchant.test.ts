// The merchant backend through the package's surface: an intent minted by the merchant's server,
// a session that must match it, the order in the ledger, the status sync and signed webhooks.
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { verifyWebhook } from '../index';
import type { WebhookEvent } from '../index';
import { openEmbeddedLedger } from '../storage/ledger';
import type { Ledger } from '../storage/ledger/ledger';
import { ADMIN_TOKEN as ADMIN, testServer } from '../testing/server';
import { quotedSession } from '../testing/upstream';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const ORIGIN = 'http://127.0.0.1:8787';
const SHOPPER = '192.0.2.10';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

interface Received {
  raw: string;
  signature: string;
  event: WebhookEvent;
}

function setup(answers: number[] = []) {
  const received: Received[] = [];
  const ledger: Promise<Ledger> = openEmbeddedLedger(null);
  const webhookFetch: typeof fetch = async (_url, init) => {
    const raw = String(init!.body);
    const headers = new Headers(init!.headers);
    received.push({ raw, signature: headers.get('ramp-signature')!, event: JSON.parse(raw) as WebhookEvent });
    return new Response(null, { status: answers.shift() ?? 204 });
  };
  // The status sync and webhook sender run here, on the real clock.
  const { server } = testServer({
    options: {
      role: 'all',
      webhookUrl: 'https://shop.example/webhooks/ramp',
      webhookSecret: SECRET,
      webhookRetryBaseMs: 20,
      syncIntervalMs: 50,
      sandboxTimeScale: 0.02,
      rateLimitSession: '600/100',
      // As a platform in front of a Web-standard host tells it (e.g. Vercel's x-real-ip).
      clientIp: (request) => request.headers.get('x-real-ip'),
    },
    ledger,
    webhookFetch,
    clock: 'system',
  });
  const call = (path: string, init: RequestInit = {}) =>
    server.fetch(new Request(`${ORIGIN}${path}`, init), { ip: SHOPPER });
  return { server, received, ledger, call };
}

const SESSION = (amount: string) => ({
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
});

const createSession = (call: ReturnType<typeof setup>['call'], secret: string, amount: string, key: string) =>
  quotedSession(call, SESSION(amount), { 'Idempotency-Key': key, 'X-Ramp-Intent': secret });

describe('checkout intents, the ledger and webhooks', () => {
  it('mints intents only with the admin token, and validates them', async () => {
    const { call } = setup();
    const post = (body: unknown, token = ADMIN) =>
      call('/api/ramp/intents', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    expect((await post({ reference: 'order-1' }, 'wrong-token-0123456789')).status).toBe(401);
    expect((await post({})).status).toBe(400);
    expect((await post({ reference: 'x'.repeat(65) })).status).toBe(400);
    expect((await post({ reference: 'tab\there' })).status).toBe(400);
    expect((await post({ reference: 'order-1', amount: '-5' })).status).toBe(400);
    expect((await post({ reference: 'order-1', surprise: 1 })).status).toBe(400);
    const ok = await post({ reference: 'order-1', amount: 100, walletAddress: WALLET, network: 'ETHEREUM' });
    expect(ok.status).toBe(201);
    const body = (await ok.json()) as { id: string; clientSecret: string; expiresAt: string };
    expect(body.clientSecret.startsWith(`${body.id}_secret_`)).toBe(true);
    expect(Date.parse(body.expiresAt)).toBeGreaterThan(Date.now());

    const current = await call('/api/ramp/intents/current', {
      headers: { 'X-Ramp-Intent': body.clientSecret },
    });
    expect(await current.json()).toEqual({
      intent: {
        reference: 'order-1',
        direction: 'buy',
        amount: '100',
        walletAddress: WALLET,
        network: 'ETHEREUM',
        expiresAt: body.expiresAt,
      },
    });
    const unknown = await call('/api/ramp/intents/current', {
      headers: { 'X-Ramp-Intent': `${body.id}_secret_${'A'.repeat(32)}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('enforces the intent, allows one session, records the order and signs every webhook', async () => {
    const { server, call, received, ledger } = setup();
    const intent = await server.createIntent({
      reference: 'order-42',
      customerId: 'cust_7',
      amount: '100',
      fiatCurrency: 'USD',
      walletAddress: WALLET,
    });
    const mismatch = await createSession(call, intent.clientSecret, '250', 'key-aaaaaaaa-1');
    expect(mismatch.status).toBe(422);
    expect(await mismatch.json()).toMatchObject({ code: 'INTENT_MISMATCH' });

    const created = await createSession(call, intent.clientSecret, '100.00', 'key-aaaaaaaa-2');
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string };
    const again = await createSession(call, intent.clientSecret, '100', 'key-aaaaaaaa-3');
    expect(again.status).toBe(409);

    // The shopper pays on the partner's page; the sync follows the transaction to its end.
    const paid = await call(`/api/ramp/sandbox/provider/checkout/${session.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(303);
    await vi.waitFor(() => expect(received.map((r) => r.event.type)).toContain('transaction.completed'), {
      timeout: 10_000,
      interval: 50,
    });

    const types = received.map((r) => r.event.type);
    expect(types[0]).toBe('checkout.session_created');
    expect(types.at(-1)).toBe('transaction.completed');
    for (const r of received) {
      // The sandbox's events say that nothing was paid; the verifier takes them only when asked to.
      expect(r.event.livemode).toBe(false);
      expect(() => verifyWebhook(r.raw, r.signature, SECRET)).toThrow(
        expect.objectContaining({ reason: 'not_live', message: expect.stringMatching(/not live/) }),
      );
      expect(verifyWebhook(r.raw, r.signature, SECRET, { allowTestEvents: true }).id).toBe(r.event.id);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature)!;
      expect(createHmac('sha256', SECRET).update(`${t}.${r.raw}`).digest('hex')).toBe(v1);
      expect(r.event.data).toMatchObject({
        reference: 'order-42',
        intentId: intent.id,
        sessionId: session.id,
      });
    }
    const done = received.at(-1)!.event.data;
    expect(done).toMatchObject({ sourceAmount: '100.00', sourceCurrency: 'USD', destinationCurrency: 'ETH' });
    expect(done.transactionId).toEqual(expect.any(String));

    const orders = await call('/api/ramp/orders?reference=order-42', {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    const list = (await orders.json()) as {
      orders: { reference: string; status: string; lastDelivery: { state: string } }[];
    };
    expect(list.orders).toHaveLength(1);
    expect(list.orders[0]).toMatchObject({ reference: 'order-42', status: done.status });
    const history = await (await ledger).orders.history(session.id);
    expect(history[0]!.status).toBe('SESSION_CREATED');
    expect(new Set(history.map((h) => h.status)).size).toBe(history.length);
  });

  it('says at start that webhooks leave a sandbox; a server on the service does not', async () => {
    const start = async (over: Record<string, string>) => {
      const t = testServer({
        options: { webhookUrl: 'https://shop.example/webhooks/ramp', webhookSecret: SECRET, ...over },
      });
      await t.server.ready();
      return t.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    };
    expect(await start({})).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'webhooks leave a sandbox',
        webhooks: 'https://shop.example',
        livemode: false,
        why: expect.stringMatching(/RAMP_API_BASE_URL is unset.*allowTestEvents/),
      }),
    );
    const live = await start({ apiBaseUrl: 'https://api.example', apiKey: 'sk_live_0123456789abcdef' });
    expect(live.map((l) => l.msg)).not.toContain('webhooks leave a sandbox');
  });

  it('fixes the US state with the country: shown to the widget, another state refused', async () => {
    const { server, call } = setup();
    const mint = (body: unknown) =>
      call('/api/ramp/intents', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN}` },
        body: JSON.stringify(body),
      });
    const alone = await mint({ reference: 'order-ny', subdivision: 'US-NY' });
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({
      code: 'INVALID_INTENT',
      message: 'Invalid intent: subdivision: "US-NY" needs its country: set country "US" too',
    });

    const intent = await server.createIntent({ reference: 'order-ny', country: 'US', subdivision: 'US-NY' });
    const current = await call('/api/ramp/intents/current', {
      headers: { 'X-Ramp-Intent': intent.clientSecret },
    });
    expect(((await current.json()) as { intent: unknown }).intent).toMatchObject({
      country: 'US',
      subdivision: 'US-NY',
    });
    expect(await server.intents.retrieve(intent.id)).toMatchObject({ subdivision: 'US-NY' });

    const inState = (subdivision: string) => {
      const body = SESSION('100');
      return { ...body, sessionData: { ...body.sessionData, subdivision } };
    };
    const headers = (key: string) => ({ 'Idempotency-Key': key, 'X-Ramp-Intent': intent.clientSecret });
    const california = await quotedSession(call, inState('US-CA'), headers('key-cccccccc-1'));
    expect(california.status).toBe(422);
    expect(await california.json()).toMatchObject({
      code: 'INTENT_MISMATCH',
      message: 'The checkout departs from its intent: subdivision',
      details: ['subdivision: fixed by the intent'],
    });
    const newYork = await quotedSession(call, inState('US-NY'), headers('key-cccccccc-2'));
    expect(newYork.status).toBe(200);
  });

  it('reads an intent minted without a direction as a buy: a sell of the same terms is refused', async () => {
    const { server, call } = setup();
    const intent = await server.createIntent({ reference: 'order-42', amount: '100', fiatCurrency: 'USD' });
    expect((await server.intents.retrieve(intent.id))?.direction).toBe('buy');
    const sell = {
      sessionType: 'SELL',
      sessionData: {
        serviceProvider: 'BANXA',
        countryCode: 'US',
        sourceCurrencyCode: 'USDC',
        sourceAmount: '100',
        destinationCurrencyCode: 'USD',
        paymentMethodType: 'ACH',
      },
    };
    const refused = await quotedSession(call, sell, {
      'Idempotency-Key': 'key-sell-order-42',
      'X-Ramp-Intent': intent.clientSecret,
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'INTENT_MISMATCH',
      details: ['direction: fixed by the intent'],
    });
    // The intent is still the merchant's order: its buy goes through.
    const bought = await createSession(call, intent.clientSecret, '100', 'key-buy-order-42');
    expect(bought.status).toBe(200);
  });

  it('retries a refused delivery with the same id until it is accepted', async () => {
    const { server, call, received } = setup([500, 500]);
    const intent = await server.createIntent({ reference: 'order-retry' });
    expect((await createSession(call, intent.clientSecret, '100', 'key-bbbbbbbb-1')).status).toBe(200);
    await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(3), {
      timeout: 10_000,
      interval: 20,
    });
    const first = received.slice(0, 3).map((r) => r.event);
    expect(first.map((e) => e.type)).toEqual(Array(3).fill('checkout.session_created'));
    expect(new Set(first.map((e) => e.id)).size).toBe(1);
  });
});

describe('verifyWebhook', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'transaction.completed', createdAt: '', data: {} });
  const sign = (t: number, b = body, secret = SECRET) =>
    `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${b}`).digest('hex')}`;
  const now = 1_800_000_000_000;
  const t = now / 1000;

  it('returns the event of a good signature and says why it refuses others', () => {
    expect(verifyWebhook(body, sign(t), SECRET, { now }).id).toBe('evt_1');
    expect(verifyWebhook(new TextEncoder().encode(body), sign(t), SECRET, { now }).id).toBe('evt_1');
    const reason = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as { reason?: string }).reason;
      }
      return 'accepted';
    };
    expect(reason(() => verifyWebhook(body.replace('evt_1', 'evt_2'), sign(t), SECRET, { now }))).toBe(
      'bad_signature',
    );
    expect(
      reason(() => verifyWebhook(body, sign(t, body, 'another-secret-0123456789abcdefgh'), SECRET, { now })),
    ).toBe('bad_signature');
    expect(reason(() => verifyWebhook(body, sign(t - 301), SECRET, { now }))).toBe('too_old');
    expect(reason(() => verifyWebhook(body, sign(t - 301), SECRET, { now, toleranceSec: 600 }))).toBe(
      'accepted',
    );
    expect(reason(() => verifyWebhook(body, 'v1=abc', SECRET, { now }))).toBe('malformed');
    expect(reason(() => verifyWebhook(body, undefined, SECRET, { now }))).toBe('malformed');
  });
});

describe('the Next.js route handler shape', () => {
  it('answers /api/ramp/* from Request objects on the merchant origin', async () => {
    // app/api/ramp/[...path]/route.ts: `const handle = (request: Request) => ramp.fetch(request)`.
    const { server } = setup();
    const handle = (request: Request) => server.fetch(request);
    const GET = handle;
    const POST = handle;
    const res = await GET(
      new Request(
        'https://shop.example/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP',
        {
          headers: { 'x-real-ip': SHOPPER },
        },
      ),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { countries: unknown[] }).countries.length).toBeGreaterThan(0);
    const minted = await POST(
      new Request('https://shop.example/api/ramp/intents', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${ADMIN}` },
        body: JSON.stringify({ reference: 'order-next' }),
      }),
    );
    expect(minted.status).toBe(201);
  });
});
