// Test support for the hardening suites: the host app over a real sandbox (src/sandbox), in-process,
// with every upstream call counted, a manual clock, recorded retry delays and an in-memory log.
// `remote` mode points the app at the sandbox as if it were the configured upstream, so the API key
// is one the test chooses (sandbox mode makes up a random one).
import { expect } from 'vitest';
import { BTC_WALLET, buySession } from '../../api/test-sessions';
import { createSandbox } from '../../sandbox';
import type { FaultRule, Sandbox } from '../../sandbox';
import { createApp } from '../app';
import type { AppDeps } from '../app';
import { SANDBOX_BASE_URL } from '../config/defaults';
import { resolveConfig } from '../config/config';
import { loadConfig } from '../config/env';
import type { ServerConfig } from '../config/config';
import type { Env } from '../config/env';
import { createLogger } from '../http/log';
import { json, manualClock, quotedSession } from './upstream';

export const SHOP = 'https://shop.example';
export const ADMIN_TOKEN = 'hardening-admin-token-0123456789';
export const SESSION_SECRET = 'hardening-session-secret-0123456789abcdef';
export const WALLET = BTC_WALLET;
/** What a browser at this address sends (the connection the entry passes the app). */
export const BROWSER_IP = '203.0.113.7';

export const QUOTE_BODY = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};

/** The test kit's buy with the shopper's state, and no payment method (the session's default). */
export const SESSION_BODY = buySession({
  subdivision: 'US-NY',
  paymentMethodType: undefined,
  walletAddress: WALLET,
});

/** The shopper pays on the provider's page (the upstream's own, a real HTTP origin): 303 when accepted. */
export const payAtProvider = (widgetUrl: string): Promise<Response> =>
  fetch(widgetUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });

export interface UpstreamCall {
  method: string;
  /** Path below the upstream base URL. */
  path: string;
}

export interface HarnessOptions {
  mode?: 'sandbox' | 'remote';
  /** The upstream key in remote mode. */
  apiKey?: string;
  env?: Env;
  /** Random source of the retry jitter (default: the middle of the range). */
  random?: () => number;
  deps?: AppDeps;
  /** Stands between the app and the sandbox (e.g. an upstream that echoes what it was sent). */
  wrapFetch?: (upstream: typeof fetch) => typeof fetch;
  /** Reuse a sandbox (and its clock) from another harness: a restarted server, same upstream. */
  sandbox?: { sandbox: Sandbox; clock: ReturnType<typeof manualClock> };
}

export type Harness = ReturnType<typeof harness>;

export function harness(o: HarnessOptions = {}) {
  const mode = o.mode ?? 'sandbox';
  const apiKey = o.apiKey ?? 'sk_test_hardening_key_0123456789';
  const config: ServerConfig = resolveConfig(
    loadConfig({
      RAMP_ALLOWED_ORIGINS: SHOP,
      RAMP_ADMIN_TOKEN: ADMIN_TOKEN,
      RAMP_SESSION_SECRET: SESSION_SECRET,
      // Small, so a hanging upstream costs a test a fraction of a second.
      RAMP_UPSTREAM_TIMEOUT_MS: '250',
      // A session creation slower than its timeout (500 ms) fails before the browser's deadline (5 s).
      RAMP_SESSION_TIMEOUT_MS: '500',
      RAMP_REQUEST_DEADLINE_MS: '5000',
      RAMP_RATE_LIMIT_QUOTE: '100000/100000',
      RAMP_RATE_LIMIT_SESSION: '100000/100000',
      // What it answers and the events it queues are checked against their schemas (http/self-check.ts).
      RAMP_SELF_CHECK: '1',
      ...(mode === 'remote' ? { RAMP_API_BASE_URL: SANDBOX_BASE_URL, RAMP_API_KEY: apiKey } : {}),
      ...o.env,
    }),
  );
  const clock = o.sandbox?.clock ?? manualClock();
  const sandbox =
    o.sandbox?.sandbox ??
    createSandbox({
      apiKey: config.upstream.apiKey,
      publicBaseUrl: mode === 'sandbox' ? 'http://localhost/sandbox' : SANDBOX_BASE_URL,
      timeScale: 0.1,
      now: clock.now,
    });
  const calls: UpstreamCall[] = [];
  const countingFetch: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push({ method: init?.method ?? 'GET', path: url.pathname });
    return sandbox.fetch(input, init);
  };
  const lines: string[] = [];
  // The production logger (main.ts), writing to memory.
  const log = createLogger({
    secrets: [config.upstream.apiKey, config.adminToken, config.sessionSecret],
    write: (l) => lines.push(l),
    level: 'debug',
  });
  const delays: number[] = [];
  const app = createApp(config, {
    fetch: o.wrapFetch ? o.wrapFetch(countingFetch) : countingFetch,
    ...(mode === 'sandbox' ? { sandbox, advanceSandboxClock: clock.advance } : {}),
    log,
    now: clock.now,
    retry: {
      sleep: async (ms) => void delays.push(ms),
      random: o.random ?? (() => 0.5),
    },
    ...o.deps,
  });

  const request = async (path: string, init: RequestInit = {}, ip = BROWSER_IP): Promise<Response> =>
    app.request(path, init, { clientIp: ip });

  const callsTo = (path: string | RegExp) =>
    calls.filter((c) => (typeof path === 'string' ? c.path === path : path.test(c.path))).length;

  const quote = (body: unknown = QUOTE_BODY) => request('/api/ramp/payments/crypto/quote', json(body));

  /** Quotes the session's terms first, as the widget does (test-upstream.ts quotedSession). */
  const createSession = (key: string, body: unknown = SESSION_BODY, headers: Record<string, string> = {}) =>
    quotedSession((path, init) => request(path, init), body, { 'Idempotency-Key': key, ...headers });

  /** The shopper's choice on the simulated provider page. */
  const choose = (sessionId: string, action: 'pay' | 'decline' | 'cancel' = 'pay') =>
    sandbox.fetch(`${SANDBOX_BASE_URL}/provider/checkout/${sessionId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
    });

  const track = (sessionId: string, token: string) =>
    request(`/api/ramp/payments/transactions/sessions/${sessionId}`, {
      headers: { 'X-Ramp-Tracking': token },
    });

  let keys = 0;
  /** A session created through the proxy and paid on the provider page, with its transaction id. */
  const paidSession = async () => {
    const res = await createSession(`paid-session-${++keys}-${Math.random().toString(36).slice(2)}`);
    if (res.status !== 200) throw new Error(`session creation failed: ${res.status} ${await res.text()}`);
    const { id, trackingToken } = (await res.json()) as { id: string; trackingToken: string };
    if ((await choose(id)).status !== 303) throw new Error('pay failed');
    const tx = (await (await track(id, trackingToken)).json()) as { transaction: { id: string } };
    return { id, token: trackingToken, txId: tx.transaction.id };
  };

  const setFaults = (rules: FaultRule[]) => sandbox.faults.set(rules);

  return {
    app,
    config,
    sandbox,
    clock,
    calls,
    delays,
    lines,
    request,
    callsTo,
    quote,
    createSession,
    choose,
    track,
    paidSession,
    setFaults,
  };
}

/** The error body every refusal and failure has: exactly code, message and requestId (+ documented extras). */
export async function errorBody(
  res: Response,
): Promise<{ code: string; message: string; requestId: string }> {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { code: string; message: string; requestId: string };
  expect(body).toMatchObject({
    code: expect.stringMatching(/^[A-Z][A-Z0-9_]+$/),
    message: expect.any(String),
    requestId: res.headers.get('x-request-id'),
  });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
