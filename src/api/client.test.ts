import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createRampClient } from './client';
import type { RampClientOptions } from './client';
import { REDACTED, RampError } from './errors';
import { proxyReaders } from './proxy-readers';
import { readWith, upstreamReaders } from './schemas';
import { okBodies } from './test-fixtures';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that records each call and answers from `handler`. */
function fakeFetch(handler: Handler = () => json([])) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    return handler(String(input), init);
  };
  return { fetch, calls };
}

/** Never answers; rejects like fetch does once its signal aborts. */
const hang: Handler = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });

function setup(handler?: Handler, o: Partial<RampClientOptions> = {}) {
  const f = fakeFetch(handler);
  const client = createRampClient({
    baseUrl: 'https://up.example/',
    readers: upstreamReaders,
    fetch: f.fetch,
    ...o,
  });
  return { client, calls: f.calls };
}

async function rejection(p: Promise<unknown>): Promise<RampError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(RampError);
    return e as RampError;
  }
  throw new Error('expected a rejection');
}

const routeBody = okBodies('network-partner-supported-routes')[0];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('URLs', () => {
  it('countries: base without trailing slash, category and partners (list joined)', async () => {
    const { client, calls } = setup(() => json(okBodies('network-partner-supported-countries')[0]));
    const countries = await client.countries({ category: 'CRYPTO_ONRAMP', partners: ['BANXA', 'MOONPAY'] });
    expect(countries[0]?.countryCode).toBe('US');
    await client.countries({ category: 'CRYPTO_OFFRAMP' });
    expect(calls.map((c) => c.url)).toEqual([
      'https://up.example/network-partner/supported/countries?category=CRYPTO_ONRAMP&partners=BANXA%2CMOONPAY',
      'https://up.example/network-partner/supported/countries?category=CRYPTO_OFFRAMP',
    ]);
    expect(calls[0]!.method).toBe('GET');
  });

  it('a relative base (the browser against the proxy)', async () => {
    const f = fakeFetch(() => json({ countries: [] }));
    const client = createRampClient({ baseUrl: '/api/ramp', readers: proxyReaders, fetch: f.fetch });
    await client.countries({ category: 'CRYPTO_ONRAMP' });
    expect(f.calls[0]!.url).toBe('/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP');
  });

  it('routes: the path follows the direction, optional filters only when defined', async () => {
    const { client, calls } = setup(() => json(routeBody));
    const routes = await client.routes({
      category: 'CRYPTO_ONRAMP',
      country: 'US',
      fiatCurrency: 'USD',
      cryptoCurrency: 'BTC',
    });
    expect(routes[0]!.partner).toBe('BANXA');
    await client.routes({
      category: 'CRYPTO_OFFRAMP',
      country: 'US',
      fiatCurrency: 'USD',
      cryptoCurrency: 'USDC_SOL',
      subdivision: 'US-NY',
      paymentMethod: 'ACH',
      paymentType: undefined,
      partners: 'PAYBIS,BANXA',
    });
    expect(calls.map((c) => c.url)).toEqual([
      'https://up.example/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC',
      'https://up.example/network-partner/supported/routes/CRYPTO_OFFRAMP/US/USDC_SOL/USD?subdivision=US-NY&paymentMethod=ACH&partners=PAYBIS%2CBANXA',
    ]);
  });

  it('path segments are encoded', async () => {
    const { client, calls } = setup((url) => {
      if (url.includes('/routes/')) return json([]);
      if (url.includes('/defaults/')) return json(null);
      return json(okBodies('payments-transaction-get')[0]);
    });
    await client.routes({
      category: 'CRYPTO_ONRAMP',
      country: 'U S',
      fiatCurrency: 'a/b',
      cryptoCurrency: '?#',
    });
    await client.defaults({ country: '../x', category: 'CRYPTO_ONRAMP' });
    await client.transaction('t/1?x=y');
    await client.transactionBySession('s 1#');
    expect(calls.map((c) => c.url)).toEqual([
      'https://up.example/network-partner/supported/routes/CRYPTO_ONRAMP/U%20S/a%2Fb/%3F%23',
      'https://up.example/network-partner/defaults/..%2Fx/CRYPTO_ONRAMP',
      'https://up.example/payments/transactions/t%2F1%3Fx%3Dy',
      'https://up.example/payments/transactions/sessions/s%201%23',
    ]);
  });

  it('currencies and payment methods: required and optional query', async () => {
    const { client, calls } = setup((url) =>
      url.includes('currencies')
        ? json({ currencies: [] })
        : json(okBodies('network-partner-supported-payment-methods')[1]),
    );
    await client.currencies({ category: 'CRYPTO_ONRAMP', country: 'US', type: 'CRYPTO', network: 'SOLANA' });
    await client.currencies({ category: 'CRYPTO_OFFRAMP', country: 'DE', type: 'FIAT', partner: undefined });
    const pms = await client.paymentMethods({
      category: 'CRYPTO_ONRAMP',
      country: 'US',
      currencyCode: 'USD',
    });
    expect(pms.map((p) => p.method)).toEqual(['CREDIT_DEBIT_CARD', 'APPLE_PAY']);
    expect(calls.map((c) => c.url)).toEqual([
      'https://up.example/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO&network=SOLANA',
      'https://up.example/network-partner/supported/currencies?category=CRYPTO_OFFRAMP&country=DE&type=FIAT',
      'https://up.example/network-partner/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD',
    ]);
  });

  it('listings: filters and the one cursor', async () => {
    const { client, calls } = setup((url) => {
      if (url.includes('/financial-accounts/transactions'))
        return json(okBodies('financial-accounts-transactions-search')[0]);
      if (url.includes('/financial-accounts')) return json(okBodies('financial-accounts-search')[0]);
      return json(okBodies('payments-transactions-search')[0]);
    });
    const page = await client.transactions({ from: '2026-01-01', status: 'SETTLED', limit: 5, after: 'k 1' });
    expect(page).toMatchObject({ count: 1, remaining: 0, totalCount: 1 });
    await client.financialAccounts({ customerId: 'c1', before: 'k2' });
    await client.financialAccountTransactions({
      customerId: 'c1',
      startDate: '2026-01-01T00:00:00Z',
      endDate: undefined,
    });
    expect(calls.map((c) => c.url)).toEqual([
      'https://up.example/payments/transactions?from=2026-01-01&status=SETTLED&limit=5&after=k+1',
      'https://up.example/financial-accounts?customerId=c1&before=k2',
      'https://up.example/financial-accounts/transactions?customerId=c1&startDate=2026-01-01T00%3A00%3A00Z',
    ]);
  });
});

describe('headers', () => {
  it('no Authorization without a key; Accept always; no Content-Type without a body', async () => {
    const { client, calls } = setup(() => json({ countries: [] }));
    await client.countries({ category: 'CRYPTO_ONRAMP' });
    const h = calls[0]!.headers;
    expect(h.get('authorization')).toBeNull();
    expect(h.get('accept')).toBe('application/json');
    expect(h.get('content-type')).toBeNull();
    expect(h.get('service-version')).toBeNull();
  });

  it('BASIC key and the version in the default header', async () => {
    const { client, calls } = setup(() => json({ countries: [] }), {
      apiKey: 'sk_test_123',
      serviceVersion: '2026-02-03',
    });
    await client.countries({ category: 'CRYPTO_ONRAMP' });
    expect(calls[0]!.headers.get('Authorization')).toBe('BASIC sk_test_123');
    expect(calls[0]!.headers.get('Service-Version')).toBe('2026-02-03');
  });

  it('a configurable version header name', async () => {
    const { client, calls } = setup(() => json({ countries: [] }), {
      serviceVersion: '2026-02-03',
      versionHeader: 'Meld-Version',
    });
    await client.countries({ category: 'CRYPTO_ONRAMP' });
    expect(calls[0]!.headers.get('Meld-Version')).toBe('2026-02-03');
    expect(calls[0]!.headers.has('Service-Version')).toBe(false);
  });

  it('per-call headers are sent, but cannot replace the key', async () => {
    const { client, calls } = setup(() => json(okBodies('payments-transaction-get')[0]), { apiKey: 'k1' });
    await client.transaction('t1', { headers: { 'X-Ramp-Tracking': 'tok', authorization: 'BASIC other' } });
    expect(calls[0]!.headers.get('X-Ramp-Tracking')).toBe('tok');
    expect(calls[0]!.headers.get('Authorization')).toBe('BASIC k1');
  });

  it('bodies are JSON with Content-Type', async () => {
    const { client, calls } = setup(() => json(okBodies('crypto-session-widget')[0]));
    const req = {
      sessionType: 'BUY' as const,
      sessionData: {
        serviceProvider: 'BANXA',
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: '100',
        destinationCurrencyCode: 'BTC',
        walletAddress: 'bc1q',
      },
    };
    const session = await client.createSession(req, { headers: { 'Idempotency-Key': 'u1' } });
    expect(session.widgetUrl).toMatch(/^https:/);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://up.example/crypto/session/widget',
      body: req,
    });
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('idempotency-key')).toBe('u1');
  });
});

describe('quote', () => {
  const req = {
    countryCode: 'US',
    sourceCurrencyCode: 'USD',
    sourceAmount: 100,
    destinationCurrencyCode: 'BTC',
  };

  it('posts the request and returns normalised quotes', async () => {
    const { client, calls } = setup(() => json(okBodies('crypto-quote')[0]));
    const quotes = await client.quote({ ...req, paymentMethodType: 'CREDIT_DEBIT_CARD' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://up.example/payments/crypto/quote',
      body: { ...req, paymentMethodType: 'CREDIT_DEBIT_CARD' },
    });
    expect(quotes[0]).toMatchObject({ serviceProvider: 'BANXA', rampScore: 87.5, lowKyc: true });
  });

  it('an empty 200 list is [] (the caller decides)', async () => {
    const { client } = setup(() => json({ quotes: [] }));
    await expect(client.quote(req)).resolves.toEqual([]);
  });

  it('NO_VALID_QUOTES by code and by message', async () => {
    const byCode = setup(() =>
      json(
        { code: 'NO_VALID_QUOTES', message: 'No valid quotes available for this request', requestId: 'r' },
        400,
      ),
    );
    expect(await rejection(byCode.client.quote(req))).toMatchObject({
      code: 'NO_VALID_QUOTES',
      status: 400,
      requestId: 'r',
      retryable: false,
    });
    const byMessage = setup(() => json({ code: 'BAD_REQUEST', message: 'No valid quotes found' }, 400));
    expect((await rejection(byMessage.client.quote(req))).code).toBe('NO_VALID_QUOTES');
  });
});

describe('item-by-item lists', () => {
  const req = {
    countryCode: 'US',
    sourceCurrencyCode: 'USD',
    sourceAmount: 100,
    destinationCurrencyCode: 'BTC',
  };
  const full = {
    serviceProvider: 'BANXA',
    sourceCurrencyCode: 'USD',
    sourceAmount: 100,
    destinationCurrencyCode: 'BTC',
    destinationAmount: 0.001,
  };

  it('a quote without what the screen needs is dropped and reported; the others are kept', async () => {
    const dropped: unknown[] = [];
    const { fetch } = fakeFetch(() =>
      json({ quotes: [full, { ...full, serviceProvider: 'TRANSAK', destinationAmount: undefined }] }),
    );
    const client = createRampClient({
      baseUrl: 'https://up.example',
      readers: upstreamReaders,
      fetch,
      onDropped: (d, op) => dropped.push([d, op]),
    });
    const quotes = await client.quote(req);
    expect(quotes.map((q) => q.serviceProvider)).toEqual(['BANXA']);
    expect(dropped).toEqual([
      [
        { list: 'quotes', kept: 1, dropped: 1, reasons: ['quotes[1].destinationAmount: missing'] },
        'POST /payments/crypto/quote',
      ],
    ]);
  });

  it('a quote without sourceAmount or currency codes is kept, filled from the request', async () => {
    const { client } = setup(() =>
      json({
        quotes: [
          {
            serviceProvider: 'PAYBIS',
            destinationAmount: 0.002,
            rampIntelligence: { previouslyUsed: '2026-01-02T03:04:05Z' },
          },
        ],
      }),
    );
    expect(await client.quote(req)).toEqual([
      expect.objectContaining({
        serviceProvider: 'PAYBIS',
        sourceAmount: 100,
        sourceCurrencyCode: 'USD',
        destinationCurrencyCode: 'BTC',
        destinationAmount: 0.002,
        previouslyUsed: '2026-01-02T03:04:05Z',
      }),
    ]);
  });

  it('fails only when no item is usable, naming the fields', async () => {
    const { client } = setup(() => json({ quotes: [{ serviceProvider: 'BANXA' }] }));
    expect(await rejection(client.quote(req))).toMatchObject({
      code: 'MALFORMED_RESPONSE',
      details: ['quotes[0].destinationAmount: missing'],
    });
  });

  it('routes, currencies and listings keep their usable items', async () => {
    const route = (routeBody as unknown[])[0];
    const routes = setup(() => json([route, { partner: 'X' }]));
    expect(
      await routes.client.routes({
        category: 'CRYPTO_ONRAMP',
        country: 'US',
        fiatCurrency: 'USD',
        cryptoCurrency: 'BTC',
      }),
    ).toHaveLength(1);
    const listed = setup(() =>
      json({
        transactions: [
          { id: 't1', status: 'SETTLED', key: 'k1' },
          { id: 't2', status: 'SETTLED' },
        ],
      }),
    );
    const page = await listed.client.transactions({});
    expect(page.items.map((t) => t.id)).toEqual(['t1']);
  });

  it('the by-id read does not need a pagination key', async () => {
    const { client } = setup(() => json({ transaction: { id: 't1', status: 'PENDING' } }));
    await expect(client.transaction('t1')).resolves.toMatchObject({ id: 't1' });
  });
});

describe('defaults', () => {
  it('the object; null for a null body; null for a 404 NOT_FOUND', async () => {
    const [obj, nul] = okBodies('network-partner-defaults');
    const p = { country: 'US', category: 'CRYPTO_ONRAMP' } as const;
    expect(await setup(() => json(obj)).client.defaults(p)).toMatchObject({ currencyCode: 'USD' });
    expect(await setup(() => json(nul)).client.defaults(p)).toBeNull();
    const notFound = setup(() => json({ code: 'NOT_FOUND', message: 'Resource not found' }, 404));
    expect(await notFound.client.defaults(p)).toBeNull();
    const broken = setup(() => json({ code: 'UNEXPECTED_ERROR', message: 'Unexpected error' }, 500));
    expect(await rejection(broken.client.defaults(p))).toMatchObject({
      code: 'UNEXPECTED_ERROR',
      retryable: true,
    });
  });
});

describe('failures', () => {
  it('documented error body', async () => {
    const { client } = setup(() =>
      json({ code: 'UNAUTHORIZED', message: 'Access denied', requestId: 'r9' }, 401),
    );
    expect(await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }))).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      message: 'Access denied',
      requestId: 'r9',
      retryable: false,
    });
  });

  it('bare JSON string body', async () => {
    const { client } = setup(() => json('network is only supported for CRYPTO searches', 400));
    const e = await rejection(client.currencies({ category: 'CRYPTO_ONRAMP', country: 'US', type: 'FIAT' }));
    expect(e).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'network is only supported for CRYPTO searches',
    });
  });

  it('non-JSON error body (a gateway page)', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const e = await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }));
    expect(e).toMatchObject({ code: 'UNEXPECTED_ERROR', status: 502, retryable: true });
    expect(e.message).not.toContain('<html>');
  });

  it('a 200 that is not JSON', async () => {
    const { client } = setup(() => new Response('<html>login</html>', { status: 200 }));
    expect(await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }))).toMatchObject({
      code: 'MALFORMED_RESPONSE',
      status: 502,
      retryable: true,
    });
  });

  it('a 200 that breaks the schema names the field', async () => {
    const bad = structuredClone(routeBody) as { paymentMethods: { limits: { min: unknown } }[] }[];
    bad[0]!.paymentMethods[0]!.limits.min = '10';
    const { client } = setup(() => json(bad));
    const e = await rejection(
      client.routes({ category: 'CRYPTO_ONRAMP', country: 'US', fiatCurrency: 'USD', cryptoCurrency: 'BTC' }),
    );
    expect(e.code).toBe('MALFORMED_RESPONSE');
    expect(e.message).toContain('routes[0].paymentMethods[0].limits.min: expected number');
  });

  it('network failure', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const e = await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }));
    expect(e).toMatchObject({ code: 'NETWORK_ERROR', status: 0, retryable: true });
    expect(e.cause).toBeInstanceOf(TypeError);
  });

  it('timeout: default 15 s, body reading included', async () => {
    vi.useFakeTimers();
    const { client } = setup(hang);
    const p = rejection(client.countries({ category: 'CRYPTO_ONRAMP' }));
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void p.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ code: 'TIMEOUT', status: 0, retryable: true });
  });

  it('timeout: timeoutMs option, and the timer is cleared after a response', async () => {
    vi.useFakeTimers();
    const slow = setup(hang, { timeoutMs: 50 });
    const p = rejection(slow.client.countries({ category: 'CRYPTO_ONRAMP' }));
    await vi.advanceTimersByTimeAsync(50);
    expect((await p).code).toBe('TIMEOUT');
    const fast = setup(() => json({ countries: [] }), { timeoutMs: 50 });
    await fast.client.countries({ category: 'CRYPTO_ONRAMP' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("abort by the caller's signal, before or during the request", async () => {
    const { client, calls } = setup(hang);
    const before = new AbortController();
    before.abort();
    const e1 = await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }, { signal: before.signal }));
    expect(e1).toMatchObject({ code: 'ABORTED', retryable: false });
    expect(calls).toHaveLength(0);

    const during = new AbortController();
    const p = rejection(client.countries({ category: 'CRYPTO_ONRAMP' }, { signal: during.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    during.abort();
    expect(await p).toMatchObject({ code: 'ABORTED', status: 0, retryable: false });
  });

  it("abort by the client's own signal (a request's deadline), beside each call's", async () => {
    const shared = new AbortController();
    const { client, calls } = setup(hang, { signal: shared.signal });
    const own = new AbortController();
    const p = rejection(client.countries({ category: 'CRYPTO_ONRAMP' }, { signal: own.signal }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    shared.abort();
    expect(await p).toMatchObject({ code: 'ABORTED', retryable: false });
    const e = await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }));
    expect(e).toMatchObject({ code: 'ABORTED' });
    expect(calls).toHaveLength(1);
  });

  it('with no timeout of its own, a call runs on its one signal and leaves no timer', async () => {
    vi.useFakeTimers();
    const shared = new AbortController();
    const { client, calls } = setup(hang, { signal: shared.signal, timeoutMs: 0 });
    const p = rejection(client.countries({ category: 'CRYPTO_ONRAMP' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    shared.abort();
    expect(await p).toMatchObject({ code: 'ABORTED', retryable: false });
  });

  it('the API key never appears in an error', async () => {
    const key = 'sk_live_SECRET_123456';
    const { client } = setup(
      () =>
        json(
          {
            code: 'UNAUTHORIZED',
            message: `Invalid key BASIC ${key}`,
            errors: [`[Authorization] ${key} rejected`],
          },
          401,
        ),
      { apiKey: key },
    );
    const e = await rejection(client.countries({ category: 'CRYPTO_ONRAMP' }));
    expect(JSON.stringify({ m: e.message, d: e.details })).not.toContain(key);
    expect(e.message).toBe(`Invalid key BASIC ${REDACTED}`);
  });
});

describe('request primitive', () => {
  it('any path and schema (e.g. the proxy /bootstrap)', async () => {
    const { client, calls } = setup(() => json({ country: 'US', extra: true }));
    const r = await client.request('GET', '/bootstrap', {
      query: { category: 'CRYPTO_ONRAMP', country: undefined },
      read: readWith(v.looseObject({ country: v.string() })),
    });
    expect(r.country).toBe('US');
    expect(calls[0]!.url).toBe('https://up.example/bootstrap?category=CRYPTO_ONRAMP');
  });

  it('uses the global fetch when none is given, looked up at call time', async () => {
    const f = fakeFetch(() => json({ countries: [] }));
    const client = createRampClient({ baseUrl: '/api/ramp', readers: proxyReaders });
    vi.stubGlobal('fetch', f.fetch);
    await client.countries({ category: 'CRYPTO_ONRAMP' });
    expect(f.calls).toHaveLength(1);
  });
});
