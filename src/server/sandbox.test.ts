// The server against the real embedded sandbox (src/sandbox), in-process: a whole buy through
// the proxy, and the sandbox's faults seen through the proxy's retry, cache and error mapping.
import { describe, expect, it } from 'vitest';
import type { Currency, Quote, Route, SessionResponse, Transaction } from '../api/types';
import { SHOP, TEST_ORIGIN, testServer } from './testing/server';
import { SESSION_BODY } from './testing/session';
import { json, quotedSession } from './testing/upstream';

const WALLET = 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp';

/** The server at http://localhost, its sandbox's control routes on (e2e's hooks), its clock the test's. */
function sandboxApp(env: Record<string, string> = {}) {
  const t = testServer({
    env: { RAMP_PUBLIC_URL: TEST_ORIGIN, RAMP_SANDBOX_CONTROL: '1', ...env },
    sandbox: { timeScale: 0.1 },
    retry: { random: () => 0 },
  });
  const getJson = async <T>(path: string, init?: RequestInit) => {
    const res = await t.request(path, init);
    return { status: res.status, body: (await res.json()) as T, res };
  };
  return { ...t, getJson };
}

describe('a buy through the proxy against the sandbox', () => {
  it('goes from bootstrap to SETTLED', async () => {
    const s = sandboxApp();
    type Boot = {
      country: string;
      fiatCurrency: string;
      cryptoCurrencies: Currency[];
      paymentMethods: { method: string }[];
    };
    const boot = await s.getJson<Boot>('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US');
    expect(boot.status).toBe(200);
    expect(boot.body).toMatchObject({ country: 'US', fiatCurrency: 'USD' });
    expect(boot.body.cryptoCurrencies.some((c) => c.currencyCode === 'BTC')).toBe(true);

    const routes = await s.getJson<Route[]>(
      '/api/ramp/network-partner/supported/routes/CRYPTO_ONRAMP/US/USD/BTC',
    );
    expect(routes.status).toBe(200);
    expect(routes.body.length).toBeGreaterThan(0);
    const method = routes.body[0]!.paymentMethods[0]!.name;

    const quotes = await s.getJson<{ quotes: Quote[] }>(
      '/api/ramp/payments/crypto/quote',
      json({
        countryCode: 'US',
        subdivision: 'US-NY',
        sourceCurrencyCode: 'USD',
        sourceAmount: 150,
        destinationCurrencyCode: 'BTC',
        paymentMethodType: method,
        walletAddress: WALLET,
      }),
    );
    expect(quotes.status).toBe(200);
    const best = quotes.body.quotes[0]!;

    const session = await s.getJson<SessionResponse & { trackingToken: string }>(
      '/api/ramp/crypto/session/widget',
      json(
        {
          sessionType: 'BUY',
          sessionData: {
            serviceProvider: best.serviceProvider,
            countryCode: 'US',
            subdivision: 'US-NY',
            sourceCurrencyCode: 'USD',
            sourceAmount: '150',
            destinationCurrencyCode: 'BTC',
            paymentMethodType: method,
            walletAddress: WALLET,
            redirectUrl: `${SHOP}/thanks`,
          },
        },
        { 'Idempotency-Key': 'e2e-buy-0001', Origin: SHOP },
      ),
    );
    expect(session.status).toBe(200);
    expect(session.res.headers.get('access-control-allow-origin')).toBe(SHOP);
    const { id, widgetUrl, trackingToken } = session.body;
    expect(widgetUrl).toBe(`http://localhost/api/ramp/sandbox/provider/checkout/${id}`);

    const track = () =>
      s.getJson<{ transaction: Transaction | null; pending?: string }>(
        `/api/ramp/payments/transactions/sessions/${id}`,
        {
          headers: { 'X-Ramp-Tracking': trackingToken },
        },
      );
    const before = await track();
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ transaction: null, pending: 'NOT_YET_CREATED' });

    // The shopper opens the provider page (served under /api/ramp/sandbox) and pays.
    const page = await s.request(new URL(widgetUrl).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Pay</button>');
    const paid = await s.request(new URL(widgetUrl).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SHOP}/thanks`);

    const pending = await track();
    expect(pending.status).toBe(200);
    expect(pending.body.transaction?.status).not.toBe('SETTLED');
    s.clock.advance(60_000);
    const settled = await track();
    expect(settled.body.transaction).toMatchObject({ sessionId: id, status: 'SETTLED' });

    const byId = await s.getJson<{ transaction: Transaction }>(
      `/api/ramp/payments/transactions/${settled.body.transaction?.id}`,
      { headers: { 'X-Ramp-Tracking': trackingToken } },
    );
    expect(byId.body.transaction.status).toBe('SETTLED');
  });

  it('refuses another session’s token for both reads', async () => {
    const s = sandboxApp();
    const create = async (key: string) => {
      const r = await quotedSession(s.request, SESSION_BODY, { 'Idempotency-Key': key });
      expect(r.status).toBe(200);
      return (await r.json()) as SessionResponse & { trackingToken: string };
    };
    const a = await create('session-a-0001');
    const b = await create('session-b-0001');
    await s.request(`/api/ramp/sandbox/provider/checkout/${b.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
    });
    const asA = { headers: { 'X-Ramp-Tracking': a.trackingToken } };
    const asB = { headers: { 'X-Ramp-Tracking': b.trackingToken } };
    const txB = await s.getJson<{ transaction: Transaction }>(
      `/api/ramp/payments/transactions/sessions/${b.id}`,
      asB,
    );
    expect(txB.status).toBe(200);
    expect((await s.request(`/api/ramp/payments/transactions/sessions/${b.id}`, asA)).status).toBe(404);
    expect((await s.request(`/api/ramp/payments/transactions/${txB.body.transaction.id}`, asA)).status).toBe(
      404,
    );
    expect((await s.request(`/api/ramp/payments/transactions/${txB.body.transaction.id}`, asB)).status).toBe(
      200,
    );
  });
});

describe('sandbox faults through the proxy', () => {
  const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';

  it('retries a transient discovery failure, and never retries a quote', async () => {
    const s = sandboxApp();
    s.sandbox.faults.set([{ path: '/network-partner', kind: 'status', status: 503, times: 2 }]);
    expect((await s.request(COUNTRIES)).status).toBe(200);
    s.sandbox.faults.set([{ path: '/payments/crypto/quote', kind: 'drop', times: 1 }]);
    const quote = json({
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      sourceAmount: 100,
      destinationCurrencyCode: 'BTC',
    });
    expect((await s.request('/api/ramp/payments/crypto/quote', quote)).status).toBe(502);
    expect((await s.request('/api/ramp/payments/crypto/quote', quote)).status).toBe(200);
  });

  it('answers discovery from the stale cache while the sandbox is down', async () => {
    const s = sandboxApp();
    expect((await s.request(COUNTRIES)).status).toBe(200);
    s.sandbox.faults.set([{ path: '/network-partner', kind: 'status', status: 500 }]);
    s.clock.advance(5 * 60_000);
    const res = await s.request(COUNTRIES);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('STALE');
  });

  it('maps a malformed sandbox answer to 502 and a hang to 504', async () => {
    const s = sandboxApp({ RAMP_UPSTREAM_TIMEOUT_MS: '100' });
    s.sandbox.faults.set([{ path: '/network-partner/supported/payment-methods', kind: 'malformed' }]);
    const pm = await s.request(
      '/api/ramp/network-partner/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD',
    );
    expect(pm.status).toBe(502);
    s.sandbox.faults.set([{ path: '/payments/crypto/quote', kind: 'hang' }]);
    const quote = json({
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      sourceAmount: 100,
      destinationCurrencyCode: 'BTC',
    });
    const res = await s.request('/api/ramp/payments/crypto/quote', quote);
    expect(res.status).toBe(504);
  });

  it('lets e2e tests set faults, move the clock and drop the cache over HTTP', async () => {
    const s = sandboxApp();
    const put = await s.request('/__sandbox/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [{ path: '/network-partner', kind: 'status', status: 500 }] }),
    });
    expect(put.status).toBe(204);
    expect(s.sandbox.faults.rules[0]!.path).toBe('/network-partner');
    expect((await s.request(COUNTRIES)).status).toBe(502);
    expect((await s.request('/__sandbox/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await s.request(COUNTRIES)).status).toBe(200);
    const before = s.sandboxNow();
    await s.request('/__sandbox/clock', json({ advanceMs: 5000 }));
    expect(s.sandboxNow()).toBe(before + 5000);
    expect((await s.request('/__sandbox/cache', { method: 'DELETE' })).status).toBe(204);
    expect(
      (
        await s.request('/__sandbox/faults', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: '{"rules":[{"kind":"boom"}]}',
        })
      ).status,
    ).toBe(400);
  });

  it('sets the failing scenario over HTTP: a share from 0 to 1 per partner, anything else refused', async () => {
    const s = sandboxApp();
    const putScenarios = (body: unknown) =>
      s.request('/__sandbox/scenarios', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await putScenarios({ failing: { BANXA: 0.8 } })).status).toBe(204);
    expect(s.sandbox.scenarios.current).toEqual({ failing: { BANXA: 0.8 } });
    for (const bad of [{ failing: { BANXA: 1.5 } }, { failing: { banxa: 0.5 } }, { failing: ['BANXA'] }]) {
      expect((await putScenarios(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await s.request('/__sandbox/scenarios', { method: 'DELETE' })).status).toBe(204);
    expect(s.sandbox.scenarios.current).toEqual({});
  });

  it('has no control endpoints unless RAMP_SANDBOX_CONTROL=1', async () => {
    const s = sandboxApp({ RAMP_SANDBOX_CONTROL: '0' });
    expect((await s.request('/__sandbox/faults', { method: 'DELETE' })).status).toBe(404);
  });

  it('reports sandbox mode on /healthz and never shows the sandbox key', async () => {
    const s = sandboxApp();
    expect(await (await s.request('/healthz')).json()).toEqual({
      ok: true,
      phase: 'serving',
      upstream: 'sandbox',
      stores: 'memory',
    });
    const body = await (await s.request('/api/ramp/bootstrap')).text();
    expect(body).not.toContain(s.config.upstream.apiKey);
    for (const line of s.lines) expect(line).not.toContain(s.config.upstream.apiKey);
  });
});
