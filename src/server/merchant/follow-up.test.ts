// The status follow-up through createRampServer, on a fake clock shared with the in-process sandbox
// (the configured upstream, every read counted): it reads open orders in batches of 100 by session
// id, then by externalSessionId until their partner is found by session id; it stops reading an
// order once it ended or its checkout expired; with the service's webhooks received it polls an
// hour-old order at most every ten minutes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../sandbox';
import type { Sandbox, Scenarios } from '../../sandbox';
import { resolveConfig } from '../config/config';
import { SANDBOX_BASE_URL } from '../config/defaults';
import { loadConfig } from '../config/env';
import type { Env } from '../config/env';
import type { RampServer, RampServerOptions, WebhookEvent } from '../index';
import { openEmbeddedLedger } from '../storage/ledger';
import type { Ledger } from '../storage/ledger/ledger';
import { testServer } from '../testing/server';
import { quotedSession } from '../testing/session';
import { registerUpstreamWebhook } from './upstream-webhooks/register';
import { buySession } from '../../api/test-sessions';

/** The server's configuration from environment variables, as the CLI reads it. */
const configOf = (env: Env) => resolveConfig(loadConfig(env));

const KEY = 'sk_test_follow_up_0123456789';
const ADMIN = 'follow-up-admin-token-0123';
const ORIGIN = 'http://127.0.0.1:8787';
const SHOPPER = '192.0.2.10';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const MIN = 60_000;
const HOUR = 60 * MIN;

const SESSION = buySession({ destinationCurrencyCode: 'ETH', walletAddress: WALLET });

/** An upstream read of transactions (by session, by id or the search), when it was made. */
interface Read {
  at: number;
  url: URL;
}

const closers: (() => Promise<void>)[] = [];
beforeEach(() => {
  // setImmediate stays real: settle() lets the server's work in flight finish between clock steps.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  vi.useRealTimers();
});

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

interface SetupOptions {
  options?: RampServerOptions;
  scenarios?: Scenarios;
  /** Stands between the server and the sandbox (a service that answers differently). */
  wrap?: (upstream: typeof fetch) => typeof fetch;
  /** Registers the server's receiver with the sandbox and configures its secret. */
  receiver?: boolean;
}

async function setup(o: SetupOptions = {}) {
  const sandbox: Sandbox = createSandbox({
    apiKey: KEY,
    publicBaseUrl: SANDBOX_BASE_URL,
    now: () => Date.now(),
    scenarios: o.scenarios,
    // The service's webhooks reach the server in process.
    webhookFetch: (input, init) => server.fetch(new Request(input as string, init)),
  });
  const reads: Read[] = [];
  const counting =
    (upstream: typeof fetch): typeof fetch =>
    (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if ((init?.method ?? 'GET') === 'GET' && url.pathname.includes('/payments/transactions')) {
        reads.push({ at: Date.now(), url });
      }
      return upstream(input, init);
    };
  let upstreamWebhookSecret: string | undefined;
  if (o.receiver) {
    const config = configOf({
      RAMP_API_BASE_URL: SANDBOX_BASE_URL,
      RAMP_API_KEY: KEY,
      RAMP_PUBLIC_URL: ORIGIN,
    });
    upstreamWebhookSecret = (await registerUpstreamWebhook({ config, fetch: sandbox.fetch })).secret;
  }
  const received: WebhookEvent[] = [];
  const ledger: Promise<Ledger> = openEmbeddedLedger(null, () => Date.now());
  // The sandbox is the configured upstream; the status sync and the webhook sender run.
  const t = testServer({
    upstream: 'remote-sandbox',
    sandbox: { reuse: sandbox },
    options: {
      role: 'all',
      apiKey: KEY,
      publicUrl: ORIGIN,
      adminToken: ADMIN,
      webhookUrl: 'https://shop.example/webhooks/ramp',
      webhookSecret: 'whsec_0123456789abcdef0123456789abcdef',
      rateLimitSession: '100000/100000',
      rateLimitQuote: '100000/100000',
      ...(upstreamWebhookSecret ? { upstreamWebhookSecret } : {}),
      ...o.options,
    },
    wrapUpstream: (upstream) => {
      const counted = counting(upstream);
      return o.wrap ? o.wrap(counted) : counted;
    },
    webhookFetch: async (_url, init) => {
      received.push(JSON.parse(String(init!.body)) as WebhookEvent);
      return new Response(null, { status: 204 });
    },
    ledger,
    clock: 'system',
  });
  const server: RampServer = t.server;
  closers.push(async () => {
    sandbox.webhooks.stop();
    await t.close();
  });
  await server.ready();
  const call = (path: string, init: RequestInit = {}) =>
    server.fetch(new Request(`${ORIGIN}${path}`, init), { ip: SHOPPER });

  /** A session through the proxy, as the widget creates it; its id. */
  const session = async (key: string): Promise<string> => {
    const res = await quotedSession(call, SESSION, { 'Idempotency-Key': key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  };
  const pay = async (id: string) => {
    const res = await sandbox.fetch(`${SANDBOX_BASE_URL}/provider/checkout/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(res.status).toBe(303);
  };
  /** Moves the shared clock on by `ms`, a step at a time, letting the server work at each. */
  const run = async (ms: number, step = MIN) => {
    for (let done = 0; done < ms; done += step) {
      await vi.advanceTimersByTimeAsync(Math.min(step, ms - done));
      await settle();
    }
  };
  const order = async (id: string) => (await (await ledger).orders.get(id))!;
  /** The upstream reads that concern this order: by its session, its id or its externalSessionId. */
  const readsOf = async (id: string) => {
    const { externalSessionId } = await order(id);
    const names = (url: URL, param: string, value: string | null) =>
      value !== null && (url.searchParams.get(param)?.split(',') ?? []).includes(value);
    return reads.filter(
      (r) =>
        r.url.pathname.endsWith(`/sessions/${id}`) ||
        names(r.url, 'sessionIds', id) ||
        names(r.url, 'externalSessionIds', externalSessionId),
    );
  };
  const eventsOf = (id: string) => received.filter((e) => e.data.sessionId === id);
  return { sandbox, server, ledger, reads, received, session, pay, run, order, readsOf, eventsOf };
}

describe('the status follow-up', () => {
  it('follows a partner that cannot be looked up by session to transaction.completed by polling, then reads it no more', async () => {
    const t = await setup({ scenarios: { bySessionUnsupported: ['BANXA'] } });
    const id = await t.session('unsupported-partner-01');
    await t.pay(id);
    await t.run(5 * MIN, 1_000);

    const types = t.eventsOf(id).map((e) => e.type);
    expect(types[0]).toBe('checkout.session_created');
    expect(types.at(-1)).toBe('transaction.completed');
    expect(t.eventsOf(id).at(-1)!.data).toMatchObject({
      status: 'SETTLED',
      transactionId: expect.any(String),
    });
    expect(await t.order(id)).toMatchObject({ status: 'SETTLED', terminal: true, nextCheckAt: null });
    expect((await t.server.orders.retrieve(id))!.history.at(-1)).toMatchObject({ source: 'poll' });

    const ended = (await t.readsOf(id)).length;
    await t.run(6 * HOUR, 10 * MIN);
    expect((await t.readsOf(id)).length).toBe(ended);
  });

  it('finds a transaction the search by session id misses by the externalSessionId the server gave the session', async () => {
    // A service whose search by session id does not find this partner's transactions.
    const hideBySession: SetupOptions['wrap'] = (upstream) => async (input, init) => {
      const res = await upstream(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!url.searchParams.has('sessionIds') || res.status !== 200) return res;
      const page = (await res.json()) as { transactions: { serviceProvider: string }[]; count: number };
      const transactions = page.transactions.filter((tx) => tx.serviceProvider !== 'BANXA');
      return Response.json({ ...page, transactions, count: transactions.length, remaining: 0 });
    };
    const t = await setup({ wrap: hideBySession });
    const id = await t.session('external-session-01');
    await t.pay(id);
    await t.run(5 * MIN, 1_000);

    expect(
      t
        .eventsOf(id)
        .map((e) => e.type)
        .at(-1),
    ).toBe('transaction.completed');
    const { externalSessionId } = await t.order(id);
    expect(externalSessionId).toEqual(expect.any(String));
    expect(
      (await t.readsOf(id)).some((r) => r.url.searchParams.get('externalSessionIds') === externalSessionId),
    ).toBe(true);
  });

  it('expires a checkout never paid after RAMP_CHECKOUT_EXPIRES_MS with checkout.expired, then reads it no more', async () => {
    const t = await setup({ options: { checkoutExpiresMs: 2 * HOUR } });
    const id = await t.session('never-paid-000001');
    await t.run(2 * HOUR - 2 * MIN);
    expect(await t.order(id)).toMatchObject({ status: 'SESSION_CREATED', terminal: false });
    expect(t.eventsOf(id).map((e) => e.type)).toEqual(['checkout.session_created']);

    await t.run(5 * MIN);
    expect(await t.order(id)).toMatchObject({ status: 'EXPIRED', terminal: true, nextCheckAt: null });
    const expired = t.eventsOf(id).at(-1)!;
    expect(expired.type).toBe('checkout.expired');
    expect(expired.data).toMatchObject({ sessionId: id, status: 'EXPIRED', transactionId: null });
    const detail = (await t.server.orders.retrieve(id))!;
    expect(detail.order.status).toBe('EXPIRED');
    expect(detail.history.map((h) => [h.status, h.source])).toEqual([
      ['SESSION_CREATED', 'checkout'],
      ['EXPIRED', 'expiry'],
    ]);

    const atExpiry = (await t.readsOf(id)).length;
    await t.run(24 * HOUR, 10 * MIN);
    expect((await t.readsOf(id)).length).toBe(atExpiry);
  });

  it('records and announces a transaction that turns up after its checkout expired', async () => {
    const t = await setup({ receiver: true, options: { checkoutExpiresMs: HOUR } });
    const id = await t.session('paid-after-expiry-1');
    await t.run(HOUR + 15 * MIN);
    expect((await t.order(id)).status).toBe('EXPIRED');

    // The shopper pays after all: the service's webhooks say so, and the server records it.
    await t.pay(id);
    await t.run(2 * MIN, 1_000);
    const types = t.eventsOf(id).map((e) => e.type);
    expect(types.slice(0, 2)).toEqual(['checkout.session_created', 'checkout.expired']);
    expect(types.at(-1)).toBe('transaction.completed');
    expect(await t.order(id)).toMatchObject({ status: 'SETTLED', terminal: true });
    const sources = (await t.server.orders.retrieve(id))!.history.map((h) => h.source);
    expect(sources.slice(0, 2)).toEqual(['checkout', 'expiry']);
    expect(sources.slice(2)).toContain('webhook');
  });

  it('reads 250 open orders with 3 searches by session id a pass, not 250, and by externalSessionId only until their partner is found by session id', async () => {
    const t = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 250; i++) ids.push(await t.session(`batch-order-${String(i).padStart(4, '0')}`));
    const searches = (param: string, reads = t.reads) => reads.filter((r) => r.url.searchParams.has(param));
    const ids_ = (r: Read, param: string) => r.url.searchParams.get(param)!.split(',');

    await t.run(3_000, 3_000);
    expect(searches('sessionIds')).toHaveLength(3);
    expect(
      searches('sessionIds')
        .flatMap((r) => ids_(r, 'sessionIds'))
        .sort(),
    ).toEqual([...ids].sort());
    // None paid, their partner never found by session id: one more search a batch for them all.
    expect(searches('externalSessionIds')).toHaveLength(3);
    expect(searches('externalSessionIds').flatMap((r) => ids_(r, 'externalSessionIds'))).toHaveLength(250);
    expect(t.reads).toHaveLength(6);
    for (const r of t.reads) {
      const param = r.url.searchParams.has('sessionIds') ? 'sessionIds' : 'externalSessionIds';
      expect(Number(r.url.searchParams.get('limit'))).toBe(ids_(r, param).length);
    }

    // A fifth are paid. Their next check, together again, finds them by session id: the 200 unpaid
    // of the same partner have no transaction yet, and are not searched for a second time.
    for (const id of ids.slice(0, 50)) await t.pay(id);
    const first = t.reads.length;
    await t.run(6_000, 1_000);
    const later = t.reads.slice(first);
    const unpaid = new Set(ids.slice(50));
    const again = searches('sessionIds', later).filter((r) =>
      ids_(r, 'sessionIds').some((id) => unpaid.has(id)),
    );
    expect(again).toHaveLength(3);
    const searched = again.flatMap((r) => ids_(r, 'sessionIds')).filter((id) => unpaid.has(id));
    expect(searched.sort()).toEqual([...unpaid].sort());
    expect(searches('externalSessionIds', later)).toEqual([]);
    expect((await t.order(ids[0]!)).transactionId).toEqual(expect.any(String));
  });

  it("with the service's webhooks received, reads an order older than an hour at most once per 10 minutes", async () => {
    const t = await setup({ receiver: true });
    const id = await t.session('backstop-order-01');
    const { createdAt } = await t.order(id);
    await t.run(4 * HOUR);

    // One check is one search by session id (and one by externalSessionId at the same moment).
    const checks = (await t.readsOf(id)).filter((r) => r.url.searchParams.has('sessionIds')).map((r) => r.at);
    const young = checks.filter((at) => at < createdAt + HOUR);
    const old = checks.filter((at) => at >= createdAt + HOUR);
    // Under an hour old, the backoff as without webhooks (at most a minute apart).
    expect(young.length).toBeGreaterThan(50);
    // Then a backstop: still read, never twice within 10 minutes.
    expect(old.length).toBeGreaterThanOrEqual(17);
    for (let i = 1; i < old.length; i++) expect(old[i]! - old[i - 1]!).toBeGreaterThanOrEqual(10 * MIN);
  });
});
