// Secrets and access: with a distinctive API key, every route (successes, refusals, upstream faults,
// an upstream that echoes its credentials) is driven and every response body, header and log line
// is scanned for the key in any encoding. Then: tracking tokens bind to their session, the console
// token goes through the constant-time compare, every class of response carries the security
// headers, and CORS grants exactly the configured origins.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaultRule } from '../../sandbox';
import { buySession } from '../../sandbox/test-kit';
import { SANDBOX_BASE_URL } from '../config/defaults';
import { openEmbeddedLedger } from '../storage/ledger';
import { DISCOVERY_CACHE_DEFAULTS } from '../proxy/discovery/cache';
import { API_CSP } from '../http/headers';
import { safeEqual } from '../http/tokens';
import { json } from '../testing/upstream';
import {
  ADMIN_TOKEN,
  HARDENING_ENV,
  SESSION_SECRET,
  SHOP,
  testServer,
  type TestServer,
} from '../testing/server';
import { QUOTE_BODY, SESSION_BODY } from '../testing/session';
import { errorBody } from '../testing/error-body';

vi.mock('../http/tokens', async (importOriginal) => {
  const mod = await importOriginal<typeof import('../http/tokens')>();
  // Still the real compare; the spy only shows which code paths use it.
  return { ...mod, safeEqual: vi.fn(mod.safeEqual) };
});

const KEY = 'sk_live_HARDENING_9f3Kq2Lm7Xv4Tz8Wn1Rb6Yc';

/** Every form the key could take on the way out. */
const forms = (secret: string) => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const b64url = (s: string) => Buffer.from(s).toString('base64url');
  return [
    secret,
    encodeURIComponent(secret),
    b64(secret),
    b64url(secret),
    b64(`BASIC ${secret}`),
    b64(`${secret}:`),
    b64(`:${secret}`),
    Buffer.from(secret).toString('hex'),
  ];
};

let staticRoot: string;
beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'rc-secrets-'));
  staticRoot = join(root, 'hosted');
  mkdirSync(join(staticRoot, 'assets'), { recursive: true });
  mkdirSync(join(root, 'embed'));
  writeFileSync(join(staticRoot, 'index.html'), '<!doctype html><title>Checkout</title>');
  writeFileSync(join(staticRoot, 'console.html'), '<!doctype html><title>Console</title>');
  writeFileSync(join(staticRoot, 'demo.html'), '<!doctype html><title>Demo</title>');
  writeFileSync(join(staticRoot, 'assets', 'index-1a2b3c.js'), 'export {}');
  writeFileSync(join(root, 'embed', 'ramp-checkout.js'), 'window.RampCheckout={}');
});

/** Records what the process prints besides the app's log (the sandbox reports its own bugs there). */
let printed: string[] = [];
beforeEach(() => {
  printed = [];
  for (const m of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, m).mockImplementation(
      (...args: unknown[]) => void printed.push(args.map(String).join(' ')),
    );
  }
});
afterEach(() => vi.restoreAllMocks());

/** Sends everything a browser (or an attacker) could, and keeps every response. */
async function driveEverything(h: TestServer, seen: Response[]) {
  const send = async (path: string, init?: RequestInit) => {
    const res = await h.request(path, init);
    seen.push(res);
    return res;
  };
  const NP = '/api/ramp/network-partner';
  const asAdmin = { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } };
  const fromShop = { headers: { Origin: SHOP } };

  await send('/healthz');
  await send('/');
  await send('/console');
  await send('/demo.html');
  await send('/assets/index-1a2b3c.js');
  await send('/ramp-checkout.js');
  await send('/nope');
  await send('/api/ramp');
  await send('/api/ramp/nope');
  await send('/api/ramp/service-providers/properties/countries');
  await send(`${NP}/supported/countries?category=CRYPTO_ONRAMP`, fromShop);
  await send(`${NP}/supported/countries?category=BUY&x=1`);
  await send(`${NP}/defaults/US/CRYPTO_ONRAMP`);
  await send(`${NP}/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=FIAT`);
  await send(`${NP}/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD`);
  await send(`${NP}/supported/routes/CRYPTO_ONRAMP/US/USD/BTC`);
  await send('/api/ramp/bootstrap?category=CRYPTO_ONRAMP', { headers: { 'Accept-Language': 'de-DE' } });
  await send(`/api/ramp/bootstrap?country=${'A'.repeat(3000)}`);
  await send('/api/ramp/payments/crypto/quote', json(QUOTE_BODY, { Origin: SHOP }));
  await send('/api/ramp/payments/crypto/quote', json({ ...QUOTE_BODY, countryCode: 'ZZ' }));
  await send('/api/ramp/payments/crypto/quote', json({ ...QUOTE_BODY, apiKey: KEY }));
  await send('/api/ramp/payments/crypto/quote', { method: 'POST', body: 'x' });
  await send('/api/ramp/payments/crypto/quote', json({ walletAddress: 'a'.repeat(9000) }));
  await send('/api/ramp/payments/crypto/quote');
  await send('/api/ramp/payments/crypto/quote', {
    method: 'OPTIONS',
    headers: { Origin: SHOP, 'Access-Control-Request-Method': 'POST' },
  });

  const key = `secrets-${Math.random().toString(36).slice(2, 12)}`;
  const created = await send(
    '/api/ramp/crypto/session/widget',
    json(SESSION_BODY, { 'Idempotency-Key': key }),
  );
  const session =
    created.status === 200 ? ((await created.clone().json()) as { id: string; trackingToken: string }) : null;
  await send('/api/ramp/crypto/session/widget', json(SESSION_BODY, { 'Idempotency-Key': key }));
  await send(
    '/api/ramp/crypto/session/widget',
    json(
      { ...SESSION_BODY, sessionData: { ...SESSION_BODY.sessionData, sourceAmount: '5' } },
      { 'Idempotency-Key': key },
    ),
  );
  await send('/api/ramp/crypto/session/widget', json(SESSION_BODY, { 'Idempotency-Key': 'x' }));
  await send(
    '/api/ramp/crypto/session/widget',
    json({ ...SESSION_BODY, externalSessionId: 'mine' }, { 'Idempotency-Key': `${key}-2` }),
  );
  await send(
    '/api/ramp/crypto/session/widget',
    json(
      { ...SESSION_BODY, sessionData: { ...SESSION_BODY.sessionData, redirectUrl: 'https://evil.example/' } },
      { 'Idempotency-Key': `${key}-3` },
    ),
  );
  if (session) {
    await h.choose(session.id);
    const tracked = { headers: { 'X-Ramp-Tracking': session.trackingToken } };
    const tx = await send(`/api/ramp/payments/transactions/sessions/${session.id}`, tracked);
    const txId =
      tx.status === 200 ? ((await tx.clone().json()) as { transaction: { id: string } }).transaction.id : 'x';
    await send(`/api/ramp/payments/transactions/${txId}`, tracked);
    await send(`/api/ramp/payments/transactions/${txId}`);
    await send(`/api/ramp/payments/transactions/${txId}`, asAdmin);
    await send(`/api/ramp/payments/transactions/sessions/${session.id}`, {
      headers: { 'X-Ramp-Tracking': 'a.b' },
    });
  }
  for (const path of [
    '/api/ramp/payments/transactions',
    '/api/ramp/financial-accounts',
    '/api/ramp/financial-accounts/transactions',
  ]) {
    await send(`${path}?limit=3`, asAdmin);
    await send(path, { headers: { Authorization: 'Bearer wrong-token-wrong-token' } });
    await send(`${path}?limit=999`, asAdmin);
  }
  await send('/api/ramp/admin/session', asAdmin);
  for (let i = 0; i < 11; i++)
    await send('/api/ramp/admin/session', { headers: { Authorization: `Bearer guess-${i}-xxxxxxxxxxxx` } });
  return session;
}

/** Fails with the place where a secret showed, never with the secret itself. */
async function expectNoSecret(seen: Response[], lines: string[], secrets: string[]) {
  const hits: string[] = [];
  for (const res of seen) {
    const body = await res.clone().text();
    for (const s of secrets) {
      if (body.includes(s)) hits.push(`body of ${res.status} (${res.headers.get('x-request-id')})`);
      for (const [name, value] of res.headers)
        if (value.includes(s)) hits.push(`header ${name} of ${res.status}`);
    }
  }
  for (const [i, line] of lines.entries())
    for (const s of secrets) if (line.includes(s)) hits.push(`log line ${i}`);
  for (const [i, line] of printed.entries())
    for (const s of secrets) if (line.includes(s)) hits.push(`console line ${i}`);
  expect(hits).toEqual([]);
}

const FAULT_RULES: FaultRule[] = [
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503 },
  { kind: 'status', status: 429 },
  { kind: 'status', status: 401 },
  { kind: 'status', status: 400 },
  { kind: 'malformed' },
  { kind: 'drop' },
  // Timeouts end in one fixed message; one write is enough to see it (reads would wait out each retry).
  { kind: 'hang', path: '/payments/crypto/quote' },
];

describe('the API key', () => {
  it('is in no response, header, log line or console output, through every route, refusal and fault', async () => {
    const h = testServer({
      env: { ...HARDENING_ENV, RAMP_API_KEY: KEY },
      upstream: 'remote-sandbox',
      static: staticRoot,
    });
    const seen: Response[] = [];
    const session = await driveEverything(h, seen);
    expect(session).not.toBeNull();
    for (const rule of FAULT_RULES) {
      // Past every cache bound, so discovery reaches the failing upstream too.
      h.clock.advance(DISCOVERY_CACHE_DEFAULTS.ttlMs + DISCOVERY_CACHE_DEFAULTS.staleIfErrorMs + 1);
      h.sandbox.faults.set([rule]);
      await driveEverything(h, seen);
      h.sandbox.faults.clear();
    }
    // The statuses cover success, refusal and failure, so the scan saw every kind of answer.
    const statuses = new Set(seen.map((r) => r.status));
    for (const s of [200, 204, 400, 401, 404, 405, 410, 413, 414, 415, 422, 429, 502, 504])
      expect(statuses).toContain(s);
    const tokens = seen.length > 0 ? [session!.trackingToken] : [];
    await expectNoSecret(seen, h.lines, [
      ...forms(KEY),
      ...forms(ADMIN_TOKEN).slice(2),
      ...forms(SESSION_SECRET),
    ]);
    // Tracking tokens are credentials too: they reach their own browser, never a log.
    for (const line of [...h.lines, ...printed]) for (const t of tokens) expect(line).not.toContain(t);
    expect(h.lines.length).toBeGreaterThan(100);
  });

  it('stays out of every answer when the upstream echoes it back in errors', async () => {
    // A misbehaving upstream that quotes the Authorization header it received in every error.
    const echo =
      (upstream: typeof fetch): typeof fetch =>
      async (input, init) => {
        const auth = new Headers(init?.headers).get('authorization') ?? '';
        const path = new URL(String(input)).pathname;
        if (path.startsWith('/payments/crypto/quote')) {
          return Response.json(
            { code: 'BAD_REQUEST', message: `bad credentials ${auth}`, errors: [auth] },
            { status: 400 },
          );
        }
        if (path.startsWith('/crypto/session')) {
          return Response.json(
            { code: 'UNEXPECTED_ERROR', message: `upstream broke with ${auth}` },
            { status: 500 },
          );
        }
        if (path.startsWith('/network-partner/supported/currencies')) {
          return new Response(`{"currencies": "${auth}`, { status: 200 });
        }
        if (path.startsWith('/network-partner/supported/countries')) {
          return Response.json({ countries: auth }, { status: 200 });
        }
        if (path.startsWith('/financial-accounts'))
          return Response.json(`denied for ${auth}`, { status: 403 });
        return upstream(input, init);
      };
    const h = testServer({
      env: { ...HARDENING_ENV, RAMP_API_KEY: KEY },
      upstream: 'remote-sandbox',
      wrapUpstream: echo,
      static: staticRoot,
    });
    const seen: Response[] = [];
    await driveEverything(h, seen);
    await expectNoSecret(seen, h.lines, forms(KEY));
  });

  it('in sandbox mode, the made-up key stays out of the sandbox pages and control answers too', async () => {
    const h = testServer({ env: { ...HARDENING_ENV, RAMP_SANDBOX_CONTROL: '1' }, static: staticRoot });
    const seen: Response[] = [];
    const session = await driveEverything(h, seen);
    for (const path of [
      `/api/ramp/sandbox/provider/checkout/${session!.id}`,
      '/api/ramp/sandbox/provider/checkout/unknown',
      '/api/ramp/sandbox/network-partner/supported/countries?category=CRYPTO_ONRAMP',
      '/api/ramp/sandbox/assets/provider.css',
    ]) {
      seen.push(await h.request(path));
    }
    seen.push(await h.request('/__sandbox/faults', { method: 'PUT', body: '{"rules":[{"kind":"nope"}]}' }));
    seen.push(await h.request('/__sandbox/faults', { method: 'DELETE' }));
    await expectNoSecret(seen, h.lines, forms(h.config.upstream.apiKey));
  });
});

describe('tracking tokens', () => {
  it("one session's token reads no other session's transaction, by session or by id", async () => {
    const h = testServer({ env: HARDENING_ENV });
    const sessions = [await h.paidSession(), await h.paidSession(), await h.paidSession()];
    const before = h.calls.length;
    const answers: unknown[] = [];
    for (const a of sessions) {
      for (const b of sessions) {
        const asA = { headers: { 'X-Ramp-Tracking': a.token } };
        const bySession = await h.request(`/api/ramp/payments/transactions/sessions/${b.id}`, asA);
        const byId = await h.request(`/api/ramp/payments/transactions/${b.txId}`, asA);
        if (a === b) {
          expect([bySession.status, byId.status]).toEqual([200, 200]);
        } else {
          expect([bySession.status, byId.status]).toEqual([404, 404]);
          for (const r of [bySession, byId]) {
            const { requestId: _, ...rest } = await errorBody(r);
            answers.push(rest);
          }
        }
      }
    }
    // Every refusal is the same answer as for a transaction that does not exist.
    expect(new Set(answers.map((x) => JSON.stringify(x))).size).toBe(1);
    // By session, a foreign token never reaches the upstream (the id is in the token).
    expect(h.calls.length - before).toBe(3 * 2 + 6);
  });

  it('a changed, truncated, extended or re-assembled token reads nothing and calls nothing (property)', async () => {
    const h = testServer({ env: HARDENING_ENV });
    const a = await h.paidSession();
    const b = await h.paidSession();
    const [payloadA, sigA] = a.token.split('.') as [string, string];
    const [payloadB, sigB] = b.token.split('.') as [string, string];
    const before = h.calls.length;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(fc.nat(a.token.length - 2), fc.constantFrom(...'AZaz09-_.='))
            .map(([i, ch]) => a.token.slice(0, i) + ch + a.token.slice(i + 1)),
          fc.nat(a.token.length - 1).map((n) => a.token.slice(0, n)),
          // Printable, as a header carries it (surrounding whitespace is not part of a header value).
          fc
            .string({
              unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
              minLength: 1,
              maxLength: 8,
            })
            .map((s) => `${a.token}${s}`),
          fc.constantFrom(
            `${payloadA}.${sigB}`,
            `${payloadB}.${sigA}`,
            `${sigA}.${payloadA}`,
            payloadA,
            `.${sigA}`,
          ),
        ),
        async (token) => {
          fc.pre(token !== a.token);
          const res = await h.request(`/api/ramp/payments/transactions/sessions/${a.id}`, {
            headers: { 'X-Ramp-Tracking': token },
          });
          expect(res.status).toBe(404);
        },
      ),
      { numRuns: 200 },
    );
    expect(h.calls.length).toBe(before);
  });
});

describe('the console token', () => {
  it('is compared with the constant-time compare on every console request', async () => {
    const h = testServer({ env: HARDENING_ENV });
    const spy = vi.mocked(safeEqual);
    spy.mockClear();
    const wrong = 'hardening-admin-token-0123456788';
    expect(
      (await h.request('/api/ramp/admin/session', { headers: { Authorization: `Bearer ${wrong}` } })).status,
    ).toBe(401);
    expect(spy).toHaveBeenCalledWith(wrong, ADMIN_TOKEN);
    expect(
      (
        await h.request('/api/ramp/payments/transactions', {
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        })
      ).status,
    ).toBe(200);
    expect(spy).toHaveBeenLastCalledWith(ADMIN_TOKEN, ADMIN_TOKEN);
    expect(spy).toHaveReturnedWith(true);
  });

  it('the compare agrees with === for any pair, prefixes and near-misses included (property)', () => {
    const pair = fc.oneof(
      fc.tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 })),
      fc.string({ maxLength: 40 }).map((s) => [s, s] as [string, string]),
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 4 }))
        .map(([s, t]) => [s, s + t] as [string, string]),
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 10 })
        .map((s) => [s, s.normalize('NFD')] as [string, string]),
    );
    fc.assert(
      fc.property(pair, ([x, y]) => {
        expect(safeEqual(x, y)).toBe(x === y);
        expect(safeEqual(y, x)).toBe(x === y);
      }),
      { numRuns: 500 },
    );
  });
});

describe('security headers', () => {
  const COMMON = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': expect.stringContaining('camera=()'),
    'cross-origin-resource-policy': expect.stringMatching(/^(same-origin|cross-origin)$/),
    'x-request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    'content-security-policy': expect.any(String),
  };
  const headersOf = (res: Response) => Object.fromEntries(res.headers);

  it('are on every class of response: API answers, refusals, failures, pages, assets and the sandbox', async () => {
    // A ledger whose order listing breaks: the way to the app's last-resort 500.
    const ledger = await openEmbeddedLedger(null);
    const h = testServer({
      env: { ...HARDENING_ENV, RAMP_SANDBOX_CONTROL: '1', RAMP_RATE_LIMIT_QUOTE: '60/1' },
      static: staticRoot,
      ledger: {
        ...ledger,
        orders: { ...ledger.orders, list: () => Promise.reject(new Error('boom: internal detail')) },
      },
    });
    const NP = '/api/ramp/network-partner';
    const api: [string, Promise<Response>][] = [
      ['200 api', h.request('/api/ramp/payments/crypto/quote', json(QUOTE_BODY))],
      ['429', h.request('/api/ramp/payments/crypto/quote', json(QUOTE_BODY))],
      ['400', h.request(`${NP}/supported/countries?category=nope`)],
      ['404 api', h.request('/api/ramp/nope')],
      ['404 app', h.request('/nope')],
      ['405', h.request('/api/ramp/bootstrap', { method: 'POST' })],
      ['410', h.request('/api/ramp/service-providers/properties/countries')],
      [
        '413',
        h.request('/api/ramp/crypto/session/widget', {
          ...json({}),
          headers: { 'Content-Type': 'application/json', 'Content-Length': '99999' },
        }),
      ],
      ['415', h.request('/api/ramp/crypto/session/widget', { method: 'POST', body: 'x' })],
      ['414', h.request(`/api/ramp/bootstrap?country=${'A'.repeat(3000)}`)],
      ['401', h.request('/api/ramp/admin/session')],
      ['500', h.request('/api/ramp/orders', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })],
      [
        'preflight granted',
        h.request('/api/ramp/bootstrap', {
          method: 'OPTIONS',
          headers: { Origin: SHOP, 'Access-Control-Request-Method': 'GET' },
        }),
      ],
      [
        'preflight denied',
        h.request('/api/ramp/bootstrap', {
          method: 'OPTIONS',
          headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
        }),
      ],
      ['healthz', h.request('/healthz')],
      ['HEAD', h.request('/healthz', { method: 'HEAD' })],
      [
        'sandbox api 401',
        h.request('/api/ramp/sandbox/network-partner/supported/countries?category=CRYPTO_ONRAMP'),
      ],
      ['sandbox control', h.request('/__sandbox/faults', { method: 'DELETE' })],
    ];
    h.sandbox.faults.set([{ path: '/payments/transactions', kind: 'status', status: 503 }]);
    for (const [name, p] of api) {
      const res = await p;
      expect(headersOf(res), name).toMatchObject(COMMON);
      expect(res.headers.get('content-security-policy'), name).toBe(API_CSP);
      expect(res.headers.get('x-frame-options'), name).toBe('DENY');
    }
    const fiveHundred = await (
      await h.request('/api/ramp/orders', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).json();
    expect(fiveHundred).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on the server',
      requestId: expect.any(String),
    });

    // This server has spent its one quote (the 429 above), which a session needs: the session whose
    // provider page is read below is created on the sandbox itself.
    const session = await (
      await h.sandbox.fetch(`${SANDBOX_BASE_URL}/crypto/session/widget`, {
        method: 'POST',
        headers: { Authorization: `BASIC ${h.config.upstream.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(buySession({}, { externalSessionId: 'headers-session-1' })),
      })
    ).json();
    const pages: [string, string, RegExp | null][] = [
      ['/', 'hosted', /frame-ancestors 'self' https:\/\/shop\.example/],
      ['/console', 'console', /frame-ancestors 'none'/],
      ['/demo.html', 'demo', null],
      ['/assets/index-1a2b3c.js', 'asset', null],
      ['/ramp-checkout.js', 'embed', null],
      [
        `/api/ramp/sandbox/provider/checkout/${(session as { id: string }).id}`,
        'provider page',
        /form-action 'self'/,
      ],
    ];
    for (const [path, name, csp] of pages) {
      const res = await h.request(path);
      expect(res.status, name).toBe(200);
      expect(headersOf(res), name).toMatchObject(COMMON);
      if (csp) expect(res.headers.get('content-security-policy'), name).toMatch(csp);
      if (name === 'hosted' || name === 'console' || name === 'provider page') {
        expect(res.headers.get('content-security-policy'), name).not.toContain('unsafe');
      }
    }
    const etag = (await h.request('/ramp-checkout.js')).headers.get('etag')!;
    const notModified = await h.request('/ramp-checkout.js', { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(headersOf(notModified)).toMatchObject(COMMON);
  });
});

describe('CORS', () => {
  const ROUTES = [
    ['GET', '/api/ramp/bootstrap'],
    ['POST', '/api/ramp/payments/crypto/quote'],
    ['POST', '/api/ramp/crypto/session/widget'],
    ['GET', '/api/ramp/payments/transactions/sessions/ses_1'],
    ['GET', '/api/ramp/payments/transactions'],
    ['GET', '/api/ramp/nope'],
  ] as const;
  const lookalikes = fc.constantFrom(
    `${SHOP}/`,
    SHOP.toUpperCase(),
    SHOP.replace('https:', 'http:'),
    `${SHOP}:443`,
    `${SHOP}:8443`,
    `${SHOP}.evil.example`,
    'https://evil-shop.example',
    'https://shop.example@evil.example',
    `${SHOP}%00`,
    'null',
    '*',
    '',
    'file://',
  );
  const origins = fc.oneof(
    lookalikes,
    fc.webUrl().map((u) => new URL(u).origin),
    fc.constant(SHOP),
  );

  it('grants exactly the configured origin, preflight and actual, never * or credentials (property)', async () => {
    const h = testServer({ env: HARDENING_ENV });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROUTES), origins, async ([method, path], origin) => {
        const actual = await h.request(path, { method, headers: { Origin: origin } });
        const preflight = await h.request(path, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': method,
            'Access-Control-Request-Headers': 'content-type, idempotency-key, x-ramp-tracking',
          },
        });
        for (const res of [actual, preflight]) {
          expect(res.headers.get('access-control-allow-origin')).toBe(origin === SHOP ? SHOP : null);
          expect(res.headers.has('access-control-allow-credentials')).toBe(false);
          expect(res.headers.get('vary')).toContain('Origin');
        }
        if (origin === SHOP) {
          const list = (name: string) => preflight.headers.get(name)?.split(/,\s*/);
          expect(list('access-control-allow-methods')).toEqual(['GET', 'POST']);
          expect(list('access-control-allow-headers')).toEqual([
            'Content-Type',
            'Idempotency-Key',
            'X-Ramp-Tracking',
            'X-Ramp-Intent',
          ]);
        } else {
          expect(preflight.headers.has('access-control-allow-methods')).toBe(false);
          expect(preflight.headers.has('access-control-allow-headers')).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lets the embed script load from any page, and nothing else of the build', async () => {
    const h = testServer({ env: HARDENING_ENV, static: staticRoot });
    expect(
      (await h.request('/ramp-checkout.js', { headers: { Origin: 'https://any.example' } })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe('*');
    for (const path of ['/', '/console', '/assets/index-1a2b3c.js', '/healthz']) {
      expect(
        (await h.request(path, { headers: { Origin: SHOP } })).headers.has('access-control-allow-origin'),
      ).toBe(false);
    }
  });
});
