// Deliveries through what a merchant runs: createRampServer behind nodeHandler on a real port, its
// webhooks posted to a real receiver. A receiver that hangs on one session's event must not hold
// up another session's: each session's queue is independent (its own events stay in order), and an
// endpoint that never answers at all holds no delivery past its attempt's deadline.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, it, vi } from 'vitest';
import type { RampServerOptions, WebhookEvent } from '../../index';
import { ADMIN_TOKEN as ADMIN, listeningTestServer } from '../../testing/server';
import { quotedSession } from '../../testing/session';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c(); // the receiver first: a hanging attempt ends
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The server on a port, its ledger in a data directory, its webhook sender running; it closes after
 * the receivers (a hanging attempt ends first).
 */
const host = async (options: RampServerOptions) =>
  (await listeningTestServer({ options: { role: 'all', ...options }, ledger: 'dir' })).origin;

const session = (amount: string) => ({
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

it("a receiver that hangs on one session's event does not delay another session's", async () => {
  let hangOn: string | null = null;
  const received: { event: WebhookEvent; at: number }[] = [];
  const receiver = await listen((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const event = JSON.parse(raw) as WebhookEvent;
      hangOn ??= event.data.sessionId; // the first session's endpoint never answers
      if (event.data.sessionId === hangOn) return;
      received.push({ event, at: Date.now() });
      res.writeHead(204).end();
    });
  });
  const origin = await host({
    webhookUrl: `${receiver}/hooks`,
    webhookSecret: SECRET,
    rateLimitSession: '600/100',
  });
  const send = (path: string, init: RequestInit) => fetch(`${origin}${path}`, init);

  const first = await quotedSession(send, session('100'), { 'Idempotency-Key': 'independent-key-0001' });
  expect(first.status).toBe(200);
  await vi.waitFor(() => expect(hangOn).not.toBeNull(), { timeout: 5_000, interval: 20 });

  const sent = Date.now();
  const second = await quotedSession(send, session('120'), { 'Idempotency-Key': 'independent-key-0002' });
  expect(second.status).toBe(200);
  const { id } = (await second.json()) as { id: string };
  // Well inside the hanging attempt's 10 s deadline: delivered beside it, not after it.
  await vi.waitFor(() => expect(received.map((r) => r.event.data.sessionId)).toContain(id), {
    timeout: 3_000,
    interval: 20,
  });
  expect(received.find((r) => r.event.data.sessionId === id)!.at - sent).toBeLessThan(3_000);
});

// Garbage collection on demand, in this process: the stall below happened only once the collector ran
// (an attempt's timeout joined to the lease's signal by AbortSignal.any was collected, nodejs/node#55428).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

it('an endpoint that never answers for 20 orders stops no webhook: each attempt ends at its deadline, later orders are delivered', async () => {
  const hanging = new Set<string>();
  let hangMore = true;
  const received: WebhookEvent[] = [];
  const receiver = await listen((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const event = JSON.parse(raw) as WebhookEvent;
      if (hangMore) hanging.add(event.data.sessionId);
      if (hanging.has(event.data.sessionId)) return; // never answers: no status, no close
      received.push(event);
      res.writeHead(204).end();
    });
  });
  const origin = await host({
    webhookUrl: `${receiver}/hooks`,
    webhookSecret: SECRET,
    webhookTimeoutMs: 300,
    rateLimitSession: '600/100',
    rateLimitQuote: '6000/600',
  });
  const send = (path: string, init: RequestInit) => fetch(`${origin}${path}`, init);

  for (let i = 0; i < 20; i++) {
    const res = await quotedSession(send, session(String(100 + i)), {
      'Idempotency-Key': `hanging-order-${i}-000`,
    });
    expect(res.status).toBe(200);
  }
  // More than the sender's slots (16) hang at once, and the collector runs while they wait.
  await vi.waitFor(() => expect(hanging.size).toBe(20), { timeout: 20_000, interval: 20 });
  hangMore = false;
  for (let i = 0; i < 10; i++) {
    collectGarbage();
    await new Promise((r) => setTimeout(r, 30));
  }
  const metrics = await (await send('/metrics', { headers: { Authorization: `Bearer ${ADMIN}` } })).text();
  expect(metrics).toMatch(/^ramp_webhook_deliveries_pending [1-9]\d*$/m);
  expect(metrics).toMatch(/^ramp_webhook_oldest_pending_age_seconds (?!0$)[\d.e+-]+$/m);

  const later: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await quotedSession(send, session(String(200 + i)), {
      'Idempotency-Key': `later-order-${i}-0000`,
    });
    later.push(((await res.json()) as { id: string }).id);
  }
  await vi.waitFor(
    () => {
      collectGarbage();
      expect(received.map((e) => e.data.sessionId)).toEqual(expect.arrayContaining(later));
    },
    { timeout: 20_000, interval: 50 },
  );
  // Each attempt counted by its outcome, once; each delivery's lag observed. On a loaded machine a
  // later order's 204 can come after its attempt's 300 ms: counted as a timeout (and sent again later).
  const after = await (await send('/metrics', { headers: { Authorization: `Bearer ${ADMIN}` } })).text();
  const series = (line: RegExp) => Number(after.match(line)?.[1] ?? NaN);
  const timeouts = series(/^ramp_webhook_attempts_total\{outcome="timeout"\} (\d+)$/m);
  const delivered = series(/^ramp_webhook_attempts_total\{outcome="delivered"\} (\d+)$/m);
  expect(timeouts).toBeGreaterThanOrEqual(20);
  expect(delivered).toBeGreaterThanOrEqual(1);
  expect(timeouts + delivered).toBeGreaterThanOrEqual(20 + later.length);
  expect(series(/^ramp_webhook_delivery_lag_seconds_count (\d+)$/m)).toBe(delivered);
}, 90_000);
