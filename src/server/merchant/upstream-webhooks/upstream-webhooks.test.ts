// Orders followed to their true end by the service's webhooks, with polling effectively off: the
// sandbox as the service on a real HTTP port (walking its named status scenarios, sending signed
// webhooks with duplicates and a first event without session ids), the server through
// createRampServer + nodeHandler on another, and a real local merchant webhook receiver.
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, signWebhook } from '../../../sandbox';
import type { Sandbox, WalkName } from '../../../sandbox';
import { resolveConfig } from '../../config/config';
import { loadConfig } from '../../config/env';
import { nodeHandler, verifyWebhook } from '../../index';
import type { RampServer, WebhookEvent } from '../../index';
import { openEmbeddedLedger } from '../../storage/ledger';
import type { Ledger } from '../../storage/ledger/ledger';
import { testServer } from '../../testing/server';
import type { TestServer } from '../../testing/server';
import { quotedSession } from '../../testing/session';
import { registerUpstreamWebhook } from './register';
import { MAX_EVENT_BYTES } from './receiver';

const KEY = 'sk_test_upstream_webhooks_0123456789';
const ADMIN = 'upstream-webhooks-admin-0123';
const MERCHANT_SECRET = 'whsec_merchant_0123456789abcdef0123456789';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
/** Transactions advance at half the realistic speed's duration: SETTLED 3 s after paying. */
const TIME_SCALE = 0.5;

interface Received {
  at: number;
  event: WebhookEvent;
}

const servers: Server[] = [];
let sandbox: Sandbox;
let sandboxOrigin: string;
let rampOrigin: string;
let ramp: RampServer;
let host: TestServer | undefined;
let ledger: Promise<Ledger>;
let upstreamSecret: string;
let profileId: string;
const received: Received[] = [];

/** Listens on a free port; the handler can be given once the origin is known. */
async function listen(): Promise<{
  origin: string;
  handle: (h: (req: IncomingMessage, res: never) => void) => void;
}> {
  let handler: ((req: IncomingMessage, res: never) => void) | undefined;
  const server = createServer((req, res) => {
    if (handler) return void handler(req, res as never);
    res.statusCode = 503;
    res.end();
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, handle: (h) => (handler = h) };
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString()));
  });

beforeAll(async () => {
  const up = await listen();
  sandboxOrigin = up.origin;
  sandbox = createSandbox({ apiKey: KEY, publicBaseUrl: sandboxOrigin, timeScale: TIME_SCALE });
  up.handle(getRequestListener((req) => sandbox.app.fetch(req)) as never);

  // The merchant's own receiver: checks every signature, records what arrives and when.
  const merchant = await listen();
  merchant.handle(((req: IncomingMessage, res: { statusCode: number; end: () => void }) => {
    void readBody(req).then((raw) => {
      const event = verifyWebhook(raw, String(req.headers['ramp-signature']), MERCHANT_SECRET);
      received.push({ at: Date.now(), event });
      res.statusCode = 204;
      res.end();
    });
  }) as never);

  const rampPort = await listen();
  rampOrigin = rampPort.origin;
  const env = {
    apiBaseUrl: sandboxOrigin,
    apiKey: KEY,
    publicUrl: rampOrigin,
    adminToken: ADMIN,
    webhookUrl: `${merchant.origin}/webhooks/ramp`,
    webhookSecret: MERCHANT_SECRET,
    webhookRetryBaseMs: 50,
    // Polling effectively off: only the service's webhooks move the orders.
    syncIntervalMs: 600_000,
    rateLimitSession: '600/100',
    rateLimitQuote: '600/100',
  };
  // What `ramp-checkout upstream-webhooks register` does, against the sandbox as the service.
  const registration = await registerUpstreamWebhook({
    config: resolveConfig(
      loadConfig({
        RAMP_API_BASE_URL: sandboxOrigin,
        RAMP_API_KEY: KEY,
        RAMP_PUBLIC_URL: rampOrigin,
      }),
    ),
  });
  expect(registration.url).toBe(`${rampOrigin}/api/ramp/webhooks/upstream`);
  upstreamSecret = registration.secret;
  profileId = registration.id;
  ledger = openEmbeddedLedger(null);
  // Its webhook sender and the applier of the service's events run here.
  host = testServer({
    options: { ...env, role: 'all', upstreamWebhookSecret: upstreamSecret },
    upstream: globalThis.fetch,
    ledger,
    clock: 'system',
  });
  ramp = host.server;
  rampPort.handle(nodeHandler(ramp) as never);
  await ramp.ready();
});

afterAll(async () => {
  sandbox?.webhooks.stop();
  await host?.close();
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const call = (path: string, init: RequestInit = {}) => fetch(`${rampOrigin}${path}`, init);

const SESSION = {
  sessionType: 'BUY',
  sessionData: {
    serviceProvider: 'BANXA',
    countryCode: 'US',
    sourceCurrencyCode: 'USD',
    sourceAmount: '100',
    destinationCurrencyCode: 'ETH',
    paymentMethodType: 'CREDIT_DEBIT_CARD',
    walletAddress: WALLET,
  },
};

/** A session through the proxy whose shopper pays, walking `walk`; when it was paid. */
async function paidSession(
  walk: WalkName,
  key: string,
  outOfOrder = false,
): Promise<{ id: string; paidAt: number }> {
  sandbox.scenarios.set({ walks: { BANXA: walk }, webhooks: { duplicates: true, outOfOrder } });
  const res = await quotedSession(call, SESSION, { 'Idempotency-Key': key });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  const paidAt = Date.now();
  const paid = await fetch(`${sandboxOrigin}/provider/checkout/${id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return { id, paidAt };
}

const eventsOf = (sessionId: string) => received.filter((r) => r.event.data.sessionId === sessionId);
const typesOf = (sessionId: string) => eventsOf(sessionId).map((r) => r.event.type);

describe('the service webhooks, with polling off', () => {
  it('follows a swap, a partner error and a partial refund to their true end, each event once and in order', async () => {
    const swap = await paidSession('swap', 'upstream-webhooks-swap-0001');
    const error = await paidSession('partnerError', 'upstream-webhooks-error-0001');
    const refund = await paidSession('partialRefund', 'upstream-webhooks-refund-01');
    await vi.waitFor(
      () => {
        expect(typesOf(swap.id)).toContain('transaction.completed');
        expect(typesOf(error.id)).toContain('transaction.completed');
        expect(typesOf(refund.id)).toContain('transaction.refunded');
      },
      { timeout: 20_000, interval: 50 },
    );
    // Late duplicates and retries have had time to arrive.
    await new Promise((r) => setTimeout(r, 1_000));

    // The swap: completed once, only after SETTLED (6 s × timeScale after paying) and within 6 s of it.
    const settledAt = swap.paidAt + 6_000 * TIME_SCALE;
    const completed = eventsOf(swap.id).filter((r) => r.event.type === 'transaction.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.event.data.status).toBe('SETTLED');
    expect(completed[0]!.at).toBeGreaterThanOrEqual(settledAt);
    expect(completed[0]!.at - settledAt).toBeLessThanOrEqual(6_000);
    expect(eventsOf(swap.id).map((r) => r.event.data.status)).toContain('ONRAMP_SETTLED');

    // ERROR is the partner retrying, not a failure.
    expect(typesOf(error.id)).not.toContain('transaction.failed');
    expect(eventsOf(error.id).map((r) => r.event.data.status)).toContain('ERROR');

    expect(typesOf(refund.id)).not.toContain('transaction.completed');
    expect(typesOf(refund.id)).not.toContain('transaction.failed');

    const walks: Record<string, readonly string[]> = {
      [swap.id]: ['SESSION_CREATED', 'PENDING', 'SETTLING', 'ONRAMP_SETTLED', 'SWAPPING', 'SETTLED'],
      [error.id]: ['SESSION_CREATED', 'PENDING', 'ERROR', 'SETTLING', 'SETTLED'],
      [refund.id]: ['SESSION_CREATED', 'PENDING', 'SETTLING', 'PARTIALLY_REFUNDED'],
    };
    // A server on the service (RAMP_API_BASE_URL set, here the sandbox over HTTP): its events are live.
    expect(received.map((r) => r.event.livemode)).toEqual(received.map(() => true));
    // No merchant event twice (by id or by status), and each order's events in the walk's order.
    const all = received.map((r) => r.event.id);
    expect(new Set(all).size).toBe(all.length);
    for (const [id, walk] of Object.entries(walks)) {
      const events = eventsOf(id).map((r) => r.event);
      expect(events[0]!.type).toBe('checkout.session_created');
      const positions = events.map((e) => walk.indexOf(e.data.status));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(positions.length);
      // Every change came from a webhook (the history says so), none from a poll.
      const detail = await call(`/api/ramp/orders/${id}`, { headers: { Authorization: `Bearer ${ADMIN}` } });
      const { history } = (await detail.json()) as { history: { source: string | null }[] };
      expect(history.map((h) => h.source)).toEqual(['checkout', ...history.slice(1).map(() => 'webhook')]);
    }

    // The service did send duplicates, and first events without session ids, and we applied them once.
    const attempts = sandbox.webhooks.attempts.filter((a) => a.eventType.startsWith('TRANSACTION_'));
    expect(attempts.length).toBeGreaterThan(new Set(attempts.map((a) => a.eventId)).size);
    const firstIds = await Promise.all(
      [...new Set(attempts.map((a) => a.eventId))].map(async (eventId) =>
        (await ledger).upstreamEvents.get(eventId),
      ),
    );
    expect(firstIds.every((e) => e?.state === 'applied')).toBe(true);
    expect(firstIds.filter((e) => e?.sessionId === null).length).toBe(3);
  }, 40_000);

  it('applies events that arrive out of order without going back', async () => {
    const { id } = await paidSession('swap', 'upstream-webhooks-order-001', true);
    await vi.waitFor(() => expect(typesOf(id)).toContain('transaction.completed'), {
      timeout: 20_000,
      interval: 50,
    });
    await new Promise((r) => setTimeout(r, 500));
    const walk = ['SESSION_CREATED', 'PENDING', 'SETTLING', 'ONRAMP_SETTLED', 'SWAPPING', 'SETTLED'];
    const positions = eventsOf(id).map((r) => walk.indexOf(r.event.data.status));
    // A late event of an earlier status reads the transaction as it is now: nothing goes back.
    expect(positions).toEqual([...new Set(positions)].sort((a, b) => a - b));
    expect(typesOf(id).filter((t) => t === 'transaction.completed')).toHaveLength(1);
    sandbox.scenarios.clear();
  }, 30_000);

  it('refuses a forged, an hour-old and an unsigned event with 401 and changes nothing', async () => {
    // The service's own events stay away from this order: only the test's arrive.
    const profile = (status: string) =>
      fetch(`${sandboxOrigin}/notifications/webhooks/${profileId}`, {
        method: 'PATCH',
        headers: { Authorization: `BASIC ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    expect((await profile('DISABLED')).status).toBe(200);
    const { id } = await paidSession('swap', 'upstream-webhooks-forged-01');
    const read = await fetch(`${sandboxOrigin}/payments/transactions/sessions/${id}`, {
      headers: { Authorization: `BASIC ${KEY}` },
    });
    const tx = ((await read.json()) as { transaction: { id: string } }).transaction;
    const before = typesOf(id).length;
    const url = `${rampOrigin}/api/ramp/webhooks/upstream`;
    const event = (eventId: string) =>
      JSON.stringify({
        eventType: 'TRANSACTION_CRYPTO_COMPLETE',
        eventId,
        timestamp: new Date().toISOString(),
        accountId: 'acc',
        payload: { sessionId: id, paymentTransactionId: tx.id, paymentTransactionStatus: 'SETTLED' },
      });
    const post = (body: string, headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
    const signed = async (body: string, secret: string, timestamp: string) => ({
      'Meld-Signature': await signWebhook(secret, timestamp, url, body),
      'Meld-Signature-Timestamp': timestamp,
    });
    const now = new Date().toISOString();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();

    const forged = event('forged-evt-1');
    expect((await post(forged, await signed(forged, 'not-the-secret-0123456789', now))).status).toBe(401);
    const old = event('old-evt-1');
    expect((await post(old, await signed(old, upstreamSecret, hourAgo))).status).toBe(401);
    const unsigned = event('unsigned-evt-1');
    expect((await post(unsigned, {})).status).toBe(401);
    // Signed for another URL (a Host header the caller chose would be one).
    const elsewhere = event('elsewhere-evt-1');
    const otherUrl = {
      'Meld-Signature': await signWebhook(
        upstreamSecret,
        now,
        'https://evil.example/api/ramp/webhooks/upstream',
        elsewhere,
      ),
      'Meld-Signature-Timestamp': now,
    };
    expect((await post(elsewhere, otherUrl)).status).toBe(401);
    // The body changed after signing.
    expect(
      (await post(forged.replace('SETTLED', 'FAILED'), await signed(forged, upstreamSecret, now))).status,
    ).toBe(401);
    // Larger than any event of the service (MAX_EVENT_BYTES), even signed: 413 before the signature is checked.
    const huge = event('huge-evt-1').replace(
      '"accountId":"acc"',
      `"accountId":"${'a'.repeat(MAX_EVENT_BYTES)}"`,
    );
    const tooLarge = await post(huge, await signed(huge, upstreamSecret, now));
    expect([tooLarge.status, (await tooLarge.json()).code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);

    for (const eventId of ['forged-evt-1', 'old-evt-1', 'unsigned-evt-1', 'elsewhere-evt-1']) {
      expect(await (await ledger).upstreamEvents.get(eventId)).toBeNull();
    }
    expect(typesOf(id)).toHaveLength(before);
    const order = async () => {
      const res = await call(`/api/ramp/orders/${id}`, { headers: { Authorization: `Bearer ${ADMIN}` } });
      return ((await res.json()) as { order: { status: string } }).order.status;
    };
    expect(await order()).toBe('SESSION_CREATED');

    // The same event, signed with the secret, in unix seconds: accepted (so the refusals above were the checks).
    const good = event('good-evt-1');
    const unix = String(Math.floor(Date.now() / 1000));
    const accepted = await post(good, await signed(good, upstreamSecret, unix));
    expect(accepted.status).toBe(200);
    expect(await (await ledger).upstreamEvents.get('good-evt-1')).not.toBeNull();
    // Applied: the order follows the transaction as read (the payload's status is not trusted).
    await vi.waitFor(async () => expect(await order()).not.toBe('SESSION_CREATED'), { timeout: 5_000 });
    expect((await profile('ACTIVE')).status).toBe(200);
  });
});

describe('without RAMP_UPSTREAM_WEBHOOK_SECRET', () => {
  it('has no receiver', async () => {
    const res = await testServer().request('/api/ramp/webhooks/upstream', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });
});
