// Upstream faults through the whole proxy: every operation × every fault kind of the sandbox's
// fault injection. Each failure must reach the browser as a clear JSON error with the right status,
// within the (small) upstream timeout; reads are retried with bounded backoff, writes are sent once,
// discovery falls back to its stale cache within a bound, and everything works again once the
// upstream recovers, including tracking across a server restart.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { FaultRule } from '../../sandbox';
import { DISCOVERY_CACHE_DEFAULTS } from '../proxy/discovery/cache';
import { READ_RETRY } from '../upstream/client';
import { ADMIN_TOKEN, HARDENING_ENV, testServer, type TestServer } from '../testing/server';
import { SESSION_BODY } from '../testing/session';
import { errorBody } from '../testing/error-body';

type Ctx = { id: string; token: string; txId: string; n: number };

interface Op {
  name: string;
  /** read: idempotent, retried; write: sent exactly once. */
  kind: 'read' | 'write';
  method: 'GET' | 'POST';
  /** Where the fault is injected, below the upstream's root. */
  faultPath: (ctx: Ctx) => string | RegExp;
  /** Needs a paid session first (transaction reads). */
  tracked?: boolean;
  send: (h: TestServer, ctx: Ctx) => Promise<Response>;
}

const NP = '/api/ramp/network-partner';
const admin = { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } };

const OPS: Op[] = [
  {
    name: 'countries',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/network-partner/supported/countries',
    send: (h) => h.request(`${NP}/supported/countries?category=CRYPTO_ONRAMP`),
  },
  {
    name: 'defaults',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/network-partner/defaults/US/CRYPTO_ONRAMP',
    send: (h) => h.request(`${NP}/defaults/US/CRYPTO_ONRAMP`),
  },
  {
    name: 'currencies',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/network-partner/supported/currencies',
    send: (h) => h.request(`${NP}/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO`),
  },
  {
    name: 'payment methods',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/network-partner/supported/payment-methods',
    send: (h) =>
      h.request(`${NP}/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD`),
  },
  {
    name: 'routes',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC',
    send: (h) => h.request(`${NP}/supported/routes/CRYPTO_ONRAMP/US/USD/BTC`),
  },
  {
    // Its first upstream call is the countries list; a fault there fails the whole first screen.
    name: 'bootstrap',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/network-partner/supported/countries',
    send: (h) => h.request('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US'),
  },
  {
    name: 'quote',
    kind: 'write',
    method: 'POST',
    faultPath: () => '/payments/crypto/quote',
    send: (h) => h.quote(),
  },
  {
    name: 'session creation',
    kind: 'write',
    method: 'POST',
    faultPath: () => '/crypto/session/widget',
    send: (h, ctx) => h.session(SESSION_BODY, { 'Idempotency-Key': `fault-session-key-${++ctx.n}` }),
  },
  {
    name: 'transaction by session',
    kind: 'read',
    method: 'GET',
    tracked: true,
    faultPath: (ctx) => `/payments/transactions/sessions/${ctx.id}`,
    send: (h, ctx) => h.track(ctx.id, ctx.token),
  },
  {
    name: 'transaction by id',
    kind: 'read',
    method: 'GET',
    tracked: true,
    faultPath: (ctx) => `/payments/transactions/${ctx.txId}`,
    send: (h, ctx) =>
      h.request(`/api/ramp/payments/transactions/${ctx.txId}`, { headers: { 'X-Ramp-Tracking': ctx.token } }),
  },
  {
    name: 'console: transactions',
    kind: 'read',
    method: 'GET',
    faultPath: () => /^\/payments\/transactions$/,
    send: (h) => h.request('/api/ramp/payments/transactions?limit=5', admin),
  },
  {
    name: 'console: financial accounts',
    kind: 'read',
    method: 'GET',
    faultPath: () => /^\/financial-accounts$/,
    send: (h) => h.request('/api/ramp/financial-accounts?limit=5', admin),
  },
  {
    name: 'console: financial account transactions',
    kind: 'read',
    method: 'GET',
    faultPath: () => '/financial-accounts/transactions',
    send: (h) => h.request('/api/ramp/financial-accounts/transactions?limit=5', admin),
  },
];

interface Fault {
  name: string;
  rule: Omit<FaultRule, 'path' | 'method'>;
  /** Undefined: the request still succeeds. */
  status?: number;
  code?: string;
  retryAfter?: boolean;
  /** The server's configuration for this fault, over HARDENING_ENV. */
  env?: Record<string, string>;
}

const FAULTS: Fault[] = [
  {
    // Far under: the 137 cases run side by side on one event loop, which a loaded machine can hold
    // for longer than the 250 ms the failing cases use (a timeout there is a retry: two attempts).
    name: 'a latency spike under the timeout',
    rule: { kind: 'latency', latencyMs: 20 },
    env: {
      RAMP_UPSTREAM_TIMEOUT_MS: '5000',
      RAMP_SESSION_TIMEOUT_MS: '5000',
      RAMP_REQUEST_DEADLINE_MS: '10000',
    },
  },
  {
    name: 'a latency spike over the timeout',
    rule: { kind: 'latency', latencyMs: 5_000 },
    status: 504,
    code: 'UPSTREAM_TIMEOUT',
  },
  { name: '500', rule: { kind: 'status', status: 500 }, status: 502, code: 'UNEXPECTED_ERROR' },
  { name: '502', rule: { kind: 'status', status: 502 }, status: 502, code: 'UNEXPECTED_ERROR' },
  { name: '503', rule: { kind: 'status', status: 503 }, status: 502, code: 'SERVICE_UNAVAILABLE' },
  {
    name: '429',
    rule: { kind: 'status', status: 429 },
    status: 429,
    code: 'TOO_MANY_REQUESTS',
    retryAfter: true,
  },
  { name: 'malformed JSON', rule: { kind: 'malformed' }, status: 502, code: 'MALFORMED_RESPONSE' },
  { name: 'a dropped connection', rule: { kind: 'drop' }, status: 502, code: 'UPSTREAM_UNREACHABLE' },
  { name: 'a hang', rule: { kind: 'hang' }, status: 504, code: 'UPSTREAM_TIMEOUT' },
];

const unhandled = (h: TestServer) => h.lines.filter((l) => l.includes('"unhandled error"'));

describe.concurrent('every operation × every upstream fault', () => {
  const cases = OPS.flatMap((op) => FAULTS.map((f) => [op.name, f.name, op, f] as const));

  it.each(cases)('%s with %s', async (_op, _fault, op, fault) => {
    const h = testServer({ env: { ...HARDENING_ENV, ...fault.env }, upstream: 'remote-sandbox' });
    const ctx: Ctx = { id: '', token: '', txId: '', n: 0 };
    if (op.tracked) Object.assign(ctx, await h.paidSession());
    h.sandbox.faults.set([{ ...fault.rule, method: op.method, path: op.faultPath(ctx) }]);
    const before = h.calls.length;

    const res = await op.send(h, ctx);
    const attempts = h.calls.slice(before).filter((c) => {
      const p = op.faultPath(ctx);
      return typeof p === 'string' ? c.path === p : p.test(c.path);
    }).length;

    if (fault.status === undefined) {
      expect(res.status).toBe(200);
      expect(attempts).toBe(1);
    } else {
      expect(res.status).toBe(fault.status);
      const body = await errorBody(res);
      expect(body.code).toBe(fault.code);
      // Nothing of the upstream's own error body (its request id, timestamp) passes.
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
      expect(res.headers.get('cache-control')).toBe('no-store');
      if (fault.retryAfter) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Reads get the retry budget; a write is never sent twice.
      expect(attempts).toBe(op.kind === 'read' ? READ_RETRY.retries + 1 : 1);
    }
    expect(unhandled(h)).toEqual([]);

    // The upstream comes back: the same operation works again, nothing was cached from the failure.
    h.sandbox.faults.clear();
    expect((await op.send(h, ctx)).status).toBe(200);
  });
});

describe('idempotent reads', () => {
  const COUNTRIES = `${NP}/supported/countries?category=CRYPTO_ONRAMP`;

  it('back off exponentially with full jitter: each wait is random × the doubling cap (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: READ_RETRY.retries,
          maxLength: READ_RETRY.retries,
        }),
        async (draws) => {
          let i = 0;
          const h = testServer({ env: HARDENING_ENV, retry: { random: () => draws[i++]! } });
          h.sandbox.faults.set([{ path: '/network-partner', kind: 'status', status: 503 }]);
          expect((await h.request(COUNTRIES)).status).toBe(502);
          expect(h.delays).toHaveLength(READ_RETRY.retries);
          h.delays.forEach((d, n) => {
            const cap = Math.min(READ_RETRY.maxDelayMs, READ_RETRY.baseDelayMs * 2 ** n);
            expect(d).toBe(Math.round(draws[n]! * cap));
            expect(d).toBeGreaterThanOrEqual(0);
            expect(d).toBeLessThanOrEqual(cap);
          });
          // Each retry is logged with its attempt number and wait, without any credential.
          const retries = h.lines.filter((l) => l.includes('"upstream retry"')).map((l) => JSON.parse(l));
          expect(retries.map((r) => [r.attempt, r.delayMs])).toEqual(h.delays.map((d, n) => [n + 1, d]));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('succeed when the upstream recovers within the retry budget, with no error shown', async () => {
    const h = testServer({ env: HARDENING_ENV });
    h.sandbox.faults.set([{ path: '/network-partner', kind: 'drop', times: READ_RETRY.retries }]);
    const res = await h.request(COUNTRIES);
    expect(res.status).toBe(200);
    expect(h.callsTo('/network-partner/supported/countries')).toHaveLength(READ_RETRY.retries + 1);
  });

  it('are not retried after a client error (400, 404)', async () => {
    const h = testServer({ env: HARDENING_ENV });
    for (const status of [400, 404]) {
      h.sandbox.faults.set([{ path: '/network-partner/supported/currencies', kind: 'status', status }]);
      const before = h.calls.length;
      // A different query per status: a 4xx answer is kept briefly (negative caching).
      const type = status === 400 ? 'FIAT' : 'CRYPTO';
      const res = await h.request(
        `${NP}/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=${type}`,
      );
      expect(res.status).toBe(status);
      expect(h.calls.length - before).toBe(1);
    }
  });
});

describe('quote and session creation are never retried blindly', () => {
  it('one upstream call per browser call, whatever fails', async () => {
    const h = testServer({ env: HARDENING_ENV });
    for (const rule of FAULTS.map((f) => f.rule)) {
      h.sandbox.faults.set([{ ...rule, path: '/payments/crypto/quote' }]);
      await h.quote();
      h.sandbox.faults.set([{ ...rule, path: '/crypto/session/widget' }]);
      await h.session(SESSION_BODY, {
        'Idempotency-Key': `never-retried-${rule.kind}-${rule.status ?? rule.latencyMs ?? 0}`,
      });
    }
    // Each session is quoted first (unfaulted): two quote calls per round, one per browser call.
    expect(h.callsTo('/payments/crypto/quote')).toHaveLength(2 * FAULTS.length);
    expect(h.callsTo('/crypto/session/widget')).toHaveLength(FAULTS.length);
    expect(h.delays).toEqual([]);
  });

  // A creation whose answer never came is the server's to settle (merchant/jobs/pending-resolver.ts):
  // these servers run their background jobs. Meanwhile a replay is told to retry, never sent upstream.
  const settling = () => testServer({ env: { ...HARDENING_ENV, RAMP_ROLE: 'all' } });
  /** The replay of `key`, once the server has settled what became of its session. */
  const settled = (h: TestServer, key: string) =>
    vi.waitFor(
      async () => {
        const res = await h.session(SESSION_BODY, { 'Idempotency-Key': key });
        expect(res.status).not.toBe(503);
        return res;
      },
      { timeout: 5_000 },
    );

  it('a session lost to a dropped connection is created once, by the server, and the replay gets it', async () => {
    const h = settling();
    h.sandbox.faults.set([{ path: '/crypto/session/widget', kind: 'drop', times: 1 }]);
    const KEY = 'replay-after-drop-0001';
    const dropped = await h.session(SESSION_BODY, { 'Idempotency-Key': KEY });
    expect(dropped.status).toBe(502);
    expect((await errorBody(dropped)).code).toBe('UPSTREAM_UNREACHABLE');

    // The widget retries with the same Idempotency-Key: no transaction names the session, so the
    // server creates it again with the same externalSessionId, and the replay gets it.
    const replay = await settled(h, KEY);
    expect(replay.status).toBe(200);
    const session = (await replay.json()) as { id: string; trackingToken: string };
    // Its answer is lost on the way to the browser: the next replay gets the same session, no new call.
    const again = await h.session(SESSION_BODY, { 'Idempotency-Key': KEY });
    expect(await again.json()).toEqual(session);
    expect(h.callsTo('/crypto/session/widget')).toHaveLength(2);
    expect((await h.choose(session.id)).status).toBe(303);
    expect((await h.track(session.id, session.trackingToken)).status).toBe(200);
  });

  it('a session created upstream whose answer was lost is never created twice', async () => {
    for (const rule of [{ kind: 'malformed' }, { kind: 'latency', latencyMs: 1_000 }] satisfies Omit<
      FaultRule,
      'path'
    >[]) {
      const h = settling();
      h.sandbox.faults.set([{ ...rule, path: '/crypto/session/widget', times: 1 }]);
      const KEY = `lost-answer-${rule.kind}-0001`;
      const lost = await h.session(SESSION_BODY, { 'Idempotency-Key': KEY });
      expect([502, 504]).toContain(lost.status);
      // The upstream holds a session for this externalSessionId: the replay is refused in words, not duplicated.
      const replay = await settled(h, KEY);
      expect(replay.status).toBe(409);
      expect(await errorBody(replay)).toMatchObject({
        code: 'SESSION_ALREADY_CREATED',
        message: expect.stringContaining('new key'),
      });
      // Starting again with a new key works.
      expect((await h.session(SESSION_BODY, { 'Idempotency-Key': `${KEY}-new` })).status).toBe(200);
    }
  });

  it('a double click during a slow upstream makes one session', async () => {
    const h = testServer({ env: HARDENING_ENV });
    h.sandbox.faults.set([{ path: '/crypto/session/widget', kind: 'latency', latencyMs: 30 }]);
    const [a, b] = await Promise.all([
      h.session(SESSION_BODY, { 'Idempotency-Key': 'double-click-0001' }),
      h.session(SESSION_BODY, { 'Idempotency-Key': 'double-click-0001' }),
    ]);
    expect(await a.json()).toEqual(await b.json());
    expect(h.callsTo('/crypto/session/widget')).toHaveLength(1);
  });
});

describe.concurrent('discovery from the cache when the upstream fails', () => {
  const COUNTRIES = `${NP}/supported/countries?category=CRYPTO_ONRAMP`;
  const { ttlMs, staleWhileRevalidateMs, staleIfErrorMs } = DISCOVERY_CACHE_DEFAULTS;
  const TRANSIENT = FAULTS.filter((f) => f.status !== undefined);

  it.each(TRANSIENT.map((f) => [f.name, f] as const))(
    'serves the last answer on %s, within the bound, and refuses beyond it',
    async (_name, fault) => {
      const h = testServer({ env: HARDENING_ENV });
      const fresh = await h.request(COUNTRIES);
      expect(fresh.status).toBe(200);
      const body = await fresh.json();
      h.sandbox.faults.set([{ ...fault.rule, path: '/network-partner' }]);

      h.clock.advance(ttlMs + staleWhileRevalidateMs);
      const stale = await h.request(COUNTRIES);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(await stale.json()).toEqual(body);

      h.clock.advance(staleIfErrorMs - staleWhileRevalidateMs - 1);
      expect((await h.request(COUNTRIES)).headers.get('x-cache')).toBe('STALE');

      h.clock.advance(1);
      const refused = await h.request(COUNTRIES);
      expect(refused.status).toBe(fault.status);
      expect((await errorBody(refused)).code).toBe(fault.code);
    },
  );

  it('keeps the bootstrap working from the cache while the upstream is down', async () => {
    const h = testServer({ env: HARDENING_ENV });
    const BOOT = '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US';
    const first = await (await h.request(BOOT)).json();
    h.sandbox.faults.set([{ path: '/network-partner', kind: 'status', status: 503 }]);
    h.clock.advance(ttlMs + staleWhileRevalidateMs + 1);
    const res = await h.request(BOOT);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(first);
  });

  // The test's own `expect`: in a concurrent block, the global one's poll may find no current test.
  it('answers at once from the cache while a hanging refresh runs in the background', async ({ expect }) => {
    const h = testServer({ env: HARDENING_ENV });
    await h.request(COUNTRIES);
    h.sandbox.faults.set([{ path: '/network-partner', kind: 'hang' }]);
    h.clock.advance(ttlMs + 1);
    const res = await h.request(COUNTRIES);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('STALE');
    // The refresh times out on its own (retries included) and is logged, never thrown at anyone.
    await expect
      .poll(() => h.lines.some((l) => l.includes('"cache refresh failed"')), { timeout: 5_000 })
      .toBe(true);
    expect(unhandled(h)).toEqual([]);
    // The upstream is back: the next request past the window is fresh again.
    h.sandbox.faults.clear();
    h.clock.advance(staleWhileRevalidateMs);
    const back = await h.request(COUNTRIES);
    expect(back.headers.get('x-cache')).toBe('MISS');
    expect((await h.request(COUNTRIES)).headers.get('x-cache')).toBe('HIT');
  });

  it('does not hide a client error behind a stale answer', async () => {
    const h = testServer({ env: HARDENING_ENV });
    await h.request(COUNTRIES);
    h.sandbox.faults.set([{ path: '/network-partner', kind: 'status', status: 400 }]);
    h.clock.advance(ttlMs + staleWhileRevalidateMs + 1);
    expect((await h.request(COUNTRIES)).status).toBe(400);
  });
});

describe('status tracking', () => {
  it('resumes once the upstream comes back, and reaches SETTLED', async () => {
    const h = testServer({ env: HARDENING_ENV });
    const { id, token } = await h.paidSession();
    for (const rule of FAULTS.filter((f) => f.status !== undefined).map((f) => f.rule)) {
      h.sandbox.faults.set([{ ...rule, path: '/payments/transactions' }]);
      expect((await h.track(id, token)).status).not.toBe(200);
    }
    h.sandbox.faults.clear();
    h.clock.advance(60_000);
    const res = await h.track(id, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ transaction: { sessionId: id, status: 'SETTLED' } });
  });

  it('survives a restart of the server: same secret, same upstream, the token still reads', async () => {
    const first = testServer({ env: HARDENING_ENV, upstream: 'remote-sandbox' });
    const { id, token } = await first.paidSession();
    // A new process: new app, caches and stores; the secret comes from the environment again.
    const restarted = testServer({
      env: HARDENING_ENV,
      upstream: 'remote-sandbox',
      sandbox: { reuse: first.sandbox },
      clock: first.clock,
    });
    first.clock.advance(60_000);
    const res = await restarted.track(id, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ transaction: { sessionId: id, status: 'SETTLED' } });
    // A server with another secret never accepts it.
    const other = testServer({
      env: { ...HARDENING_ENV, RAMP_SESSION_SECRET: 'another-secret-another-secret-0123456789' },
      upstream: 'remote-sandbox',
      sandbox: { reuse: first.sandbox },
      clock: first.clock,
    });
    expect((await other.track(id, token)).status).toBe(404);
    expect(other.calls).toHaveLength(0);
  });
});
