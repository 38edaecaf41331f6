import { describe, expect, it } from 'vitest';
import { TEST_KEY, json } from '../testing/upstream';
import { ADMIN_TOKEN, BROWSER_IP, testServer } from '../testing/server';

const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const QUOTE = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
  paymentMethodType: 'CREDIT_DEBIT_CARD',
};

// What a browser sends along; none of it may reach the upstream.
const BROWSER_HEADERS = {
  Cookie: 'session=abc; theme=dark',
  Origin: 'https://shop.example',
  'User-Agent': 'Mozilla/5.0 (browser)',
  'X-Forwarded-For': '198.51.100.1',
  'X-Forwarded-Host': 'evil.example',
  Referer: 'https://shop.example/checkout',
  'Accept-Language': 'de-DE',
  Authorization: 'BASIC stolen-key',
};
const ALLOWED_UPSTREAM_HEADERS = ['accept', 'authorization', 'content-type', 'service-version'];

describe('upstream requests', () => {
  it('carry the key and version header, and nothing of the browser request', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    await request(COUNTRIES, { headers: BROWSER_HEADERS });
    await request('/api/ramp/payments/crypto/quote', json(QUOTE, BROWSER_HEADERS));
    expect(upstream.calls).toHaveLength(2);
    for (const call of upstream.calls) {
      expect(call.headers.get('authorization')).toBe(`BASIC ${TEST_KEY}`);
      expect(call.headers.get('service-version')).toBe('2026-02-03');
      expect([...call.headers.keys()].every((h) => ALLOWED_UPSTREAM_HEADERS.includes(h))).toBe(true);
      expect(call.url.origin + call.url.pathname).toMatch(/^https:\/\/upstream\.test\/v1\//);
    }
  });

  it('use a custom version header name and value', async () => {
    const { request, upstream } = testServer({
      upstream: 'fake',
      env: {
        RAMP_VERSION_HEADER: 'Meld-Version',
        RAMP_SERVICE_VERSION: '2025-06-01',
      },
    });
    await request(COUNTRIES);
    expect(upstream.calls[0]!.headers.get('meld-version')).toBe('2025-06-01');
    expect(upstream.calls[0]!.headers.has('service-version')).toBe(false);
  });

  it('mirror the path and forward only validated query parameters', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const res = await request(
      '/api/ramp/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC?subdivision=US-NY&paymentMethod=CREDIT_DEBIT_CARD',
    );
    expect(res.status).toBe(200);
    expect(upstream.calls[0]!.path).toBe('/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC');
    expect(Object.fromEntries(upstream.calls[0]!.url.searchParams)).toEqual({
      subdivision: 'US-NY',
      paymentMethod: 'CREDIT_DEBIT_CARD',
    });
  });

  it('forward only allowlisted quote fields, and refuse unknown ones before any upstream call', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const bad = await request(
      '/api/ramp/payments/crypto/quote',
      json({ ...QUOTE, customerId: 'someone-else' }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'INVALID_BODY',
      message: expect.stringContaining('customerId'),
    });
    expect(upstream.calls).toHaveLength(0);
    await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    // Plus the server's own customer id (issue 14: the spec wants one on every quote).
    expect(upstream.calls[0]!.body).toEqual({ ...QUOTE, externalCustomerId: expect.stringMatching(/^rcc_/) });
  });

  it('are not retried for POSTs, and retried with backoff for idempotent reads', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    upstream.on('/payments/crypto/quote', () => ({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'busy' },
    }));
    upstream.on('/network-partner', () => ({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'busy' },
    }));
    expect((await request('/api/ramp/payments/crypto/quote', json(QUOTE))).status).toBe(502);
    expect(upstream.calls).toHaveLength(1);
    expect((await request(COUNTRIES)).status).toBe(502);
    expect(upstream.calls).toHaveLength(1 + 3);
  });

  it('are not retried after a client error', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    upstream.on('/network-partner', () => ({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Bad request' },
    }));
    expect((await request(COUNTRIES)).status).toBe(400);
    expect(upstream.calls).toHaveLength(1);
  });
});

describe('the description rules, through the proxy', () => {
  it('reversed routes answer 200 []', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/network-partner/supported/routes/CRYPTO_ONRAMP/US/BTC/USD');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(upstream.calls[0]!.path).toBe('/network-partner/supported/routes/CRYPTO_ONRAMP/US/BTC/USD');
  });

  it('defaults of a country without one answer 200 null', async () => {
    const { request } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/network-partner/defaults/DE/CRYPTO_ONRAMP');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('null');
  });

  it('a display name as paymentMethodType gets NO_VALID_QUOTES', async () => {
    const { request } = testServer({ upstream: 'fake' });
    const res = await request(
      '/api/ramp/payments/crypto/quote',
      json({ ...QUOTE, paymentMethodType: 'CREDIT_OR_DEBIT_CARD_DISPLAY' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'NO_VALID_QUOTES',
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('discovery answers keep the upstream wire shape', async () => {
    const { request } = testServer({ upstream: 'fake' });
    expect(await (await request(COUNTRIES)).json()).toMatchObject({ countries: expect.any(Array) });
    const cur = await request(
      '/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=FIAT',
    );
    expect(await cur.json()).toMatchObject({
      currencies: [{ currencyCode: 'USD' }, { currencyCode: 'EUR' }],
    });
    const quote = await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    expect(await quote.json()).toMatchObject({ quotes: [{ serviceProvider: 'BANXA', sourceAmount: 100 }] });
  });
});

describe('refusals', () => {
  it.each([
    ['/api/ramp/service-providers/properties/countries', '/api/ramp/network-partner/supported/countries'],
    [
      '/api/ramp/service-providers/properties/fiat-currencies',
      '/api/ramp/network-partner/supported/currencies?type=FIAT',
    ],
    [
      '/api/ramp/service-providers/limits/fiat-currency-purchases',
      '/api/ramp/network-partner/supported/routes/{category}/{country}/{source}/{destination}',
    ],
  ])('legacy %s → 410 with its replacement', async (path, replacement) => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const res = await request(path);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'GONE', replacement, requestId: expect.any(String) });
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 404 JSON for everything not allowlisted', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    for (const path of [
      '/api/ramp/network-partner/supported/fiat-limits',
      '/api/ramp',
      '/nope',
      '/api/ramp/bank-linking/accounts',
    ]) {
      const res = await request(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        code: 'NOT_FOUND',
        message: expect.any(String),
        requestId: res.headers.get('x-request-id'),
      });
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it('checks the raw request target as received on the socket, before URL normalisation', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    for (const raw of [
      '/x/../api/ramp/bootstrap',
      '/api/ramp/%62ootstrap',
      'http://localhost/api/ramp//bootstrap',
    ]) {
      const res = await request('/api/ramp/bootstrap', {}, { ip: BROWSER_IP, target: raw });
      expect(res.status).toBe(400);
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const { request } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/payments/crypto/quote');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('tells a literal segment from the parameter beside it (transactions/sessions/:id, transactions/:id)', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const other = await request('/api/ramp/payments/transactions/other/abc123');
    expect(other.status).toBe(404);
    const postSession = await request('/api/ramp/payments/transactions/sessions/abc123', { method: 'POST' });
    expect(postSession.status).toBe(405);
    expect(postSession.headers.get('allow')).toBe('GET');
    const postOther = await request('/api/ramp/payments/transactions/other/abc123', { method: 'POST' });
    expect(postOther.status).toBe(404);
    const postOne = await request('/api/ramp/payments/transactions/abc123', { method: 'POST' });
    expect(postOne.status).toBe(405);
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses invalid queries without calling upstream', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP&x=1');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_QUERY_PARAMETER',
      details: ['x: unknown parameter'],
    });
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses bodies over 8 KB, non-JSON bodies and broken JSON', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const big = await request(
      '/api/ramp/payments/crypto/quote',
      json({ ...QUOTE, walletAddress: 'a'.repeat(9000) }),
    );
    expect(big.status).toBe(413);
    const text = await request('/api/ramp/payments/crypto/quote', { method: 'POST', body: 'countryCode=US' });
    expect(text.status).toBe(415);
    const broken = await request('/api/ramp/payments/crypto/quote', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"countryCode":',
    });
    expect(await broken.json()).toMatchObject({ code: 'INVALID_JSON' });
    expect(upstream.calls).toHaveLength(0);
  });
});

describe('upstream failures reach the browser as { code, message, requestId }', () => {
  it('4xx keeps its status, code and message, and nothing else of the body', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    upstream.on('/payments/crypto/quote', () => ({
      status: 422,
      body: {
        code: 'TRANSACTION_FAILED_GETTING_CRYPTO_QUOTE_FROM_PROVIDER',
        message: 'Provider failed',
        requestId: 'upstream-id',
        errors: ['internal detail'],
        serviceProviderDetails: { code: '5034', internal: 'x' },
      },
    }));
    const res = await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'TRANSACTION_FAILED_GETTING_CRYPTO_QUOTE_FROM_PROVIDER',
      message: 'Provider failed',
      requestId: res.headers.get('x-request-id'),
    });
  });

  it('5xx and malformed answers become 502', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    upstream.on('/payments/crypto/quote', () => ({ status: 200, text: '<html>oops' }));
    const res = await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'MALFORMED_RESPONSE' });
  });

  it('a refused key is not blamed on the browser', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    upstream.on('/payments/crypto/quote', () => ({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'Access denied' },
    }));
    const res = await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_AUTH_FAILED' });
  });

  it('a timeout becomes 504', async () => {
    const { request, upstream } = testServer({ upstream: 'fake', env: { RAMP_UPSTREAM_TIMEOUT_MS: '100' } });
    upstream.on('/payments/crypto/quote', () => new Promise(() => {}));
    const res = await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
  });

  it('a network failure becomes 502', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    upstream.on('/payments/crypto/quote', () => {
      throw new TypeError('fetch failed');
    });
    const res = await request('/api/ramp/payments/crypto/quote', json(QUOTE));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNREACHABLE' });
  });
});

describe('the API key', () => {
  it('never appears in a response or a log line, even when the upstream echoes it', async () => {
    const { request, upstream, lines } = testServer({ upstream: 'fake' });
    upstream.on('/payments/crypto/quote', (r) => ({
      status: 400,
      body: { code: 'BAD_REQUEST', message: `bad header ${r.headers.get('authorization')}` },
    }));
    upstream.on('/network-partner/supported/payment-methods', () => ({
      status: 500,
      body: { code: 'UNEXPECTED_ERROR', message: `key=${TEST_KEY}` },
    }));
    const responses = await Promise.all([
      request('/api/ramp/payments/crypto/quote', json(QUOTE)),
      request(
        '/api/ramp/network-partner/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD',
      ),
      request(COUNTRIES),
      request('/api/ramp/bootstrap?category=CRYPTO_ONRAMP'),
      request('/api/ramp/payments/transactions', { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } }),
      request('/healthz'),
      request('/nope'),
    ]);
    for (const res of responses) {
      expect(await res.text()).not.toContain(TEST_KEY);
      for (const [, value] of res.headers) expect(value).not.toContain(TEST_KEY);
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(TEST_KEY);
  });
});

describe('every response', () => {
  it('carries a request id and the security headers', async () => {
    const { request } = testServer({ upstream: 'fake' });
    for (const path of ['/healthz', '/nope', COUNTRIES, '/api/ramp/%2e%2e/x']) {
      const res = await request(path);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('gets HSTS only over https', async () => {
    const { request } = testServer({ upstream: 'fake' });
    expect((await request('https://ramp.example/healthz')).headers.get('strict-transport-security')).toMatch(
      /max-age=/,
    );
    expect((await request('http://localhost/healthz')).headers.has('strict-transport-security')).toBe(false);
  });
});

describe('/healthz', () => {
  it('says ok and which upstream is in use', async () => {
    const { request } = testServer({ upstream: 'fake' });
    const res = await request('/healthz');
    expect(await res.json()).toEqual({ ok: true, phase: 'serving', upstream: 'remote', stores: 'memory' });
    const ready = await request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      degraded: false,
      dependencies: { ledger: { up: true } },
    });
  });
});
