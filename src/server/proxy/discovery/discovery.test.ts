import { describe, expect, it } from 'vitest';
import { DISCOVERY_CACHE_DEFAULTS } from './cache';
import { testServer } from '../../testing/server';

const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const countriesCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path === '/network-partner/supported/countries').length;

describe('discovery cache', () => {
  it('makes one upstream call for N concurrent identical requests', async () => {
    const t = testServer({ upstream: 'fake' });
    const gate = t.upstream.hold();
    const pending = Array.from({ length: 25 }, () => t.request(COUNTRIES));
    await new Promise((r) => setTimeout(r, 0));
    gate.release();
    const responses = await Promise.all(pending);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(t.upstream.calls).toHaveLength(1);
    // Later identical requests are hits, whatever the query order.
    const hit = await t.request('/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(t.upstream.calls).toHaveLength(1);
  });

  it('keeps different queries apart', async () => {
    const t = testServer({ upstream: 'fake' });
    await t.request(COUNTRIES);
    await t.request('/api/ramp/network-partner/supported/countries?category=CRYPTO_OFFRAMP');
    expect(t.upstream.calls).toHaveLength(2);
  });

  it('serves a stale answer when the upstream fails, within a bound', async () => {
    const t = testServer({ upstream: 'fake' });
    const first = await (await t.request(COUNTRIES)).json();
    t.upstream.on('/network-partner', () => ({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: 'down' },
    }));
    const { ttlMs, staleWhileRevalidateMs, staleIfErrorMs } = DISCOVERY_CACHE_DEFAULTS;
    t.clock.advance(ttlMs + staleWhileRevalidateMs + 1);
    const stale = await t.request(COUNTRIES);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(await stale.json()).toEqual(first);
    t.clock.advance(staleIfErrorMs);
    expect((await t.request(COUNTRIES)).status).toBe(502);
  });

  it('does not hide client errors behind stale answers', async () => {
    const t = testServer({ upstream: 'fake' });
    await t.request(COUNTRIES);
    t.upstream.on('/network-partner', () => ({ status: 400, body: { code: 'BAD_REQUEST', message: 'no' } }));
    t.clock.advance(DISCOVERY_CACHE_DEFAULTS.ttlMs + DISCOVERY_CACHE_DEFAULTS.staleWhileRevalidateMs + 1);
    expect((await t.request(COUNTRIES)).status).toBe(400);
  });

  it('answers stale at once in the revalidate window and refreshes in the background', async () => {
    const t = testServer({ upstream: 'fake' });
    await t.request(COUNTRIES);
    t.clock.advance(DISCOVERY_CACHE_DEFAULTS.ttlMs + 1);
    const res = await t.request(COUNTRIES);
    expect(res.headers.get('x-cache')).toBe('STALE');
    await new Promise((r) => setTimeout(r, 0));
    expect(countriesCalls(t.upstream.calls)).toBe(2);
    expect((await t.request(COUNTRIES)).headers.get('x-cache')).toBe('HIT');
  });
});

describe('/api/ramp/bootstrap', () => {
  it('answers the first screen in one response, through the cache', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      countries: expect.arrayContaining([expect.objectContaining({ countryCode: 'US' })]),
      country: 'US',
      subdivisions: ['US-CA', 'US-NY'],
      defaults: { countryCode: 'US', currencyCode: 'USD' },
      fiatCurrencies: [{ currencyCode: 'USD' }, { currencyCode: 'EUR' }],
      cryptoCurrencies: [{ currencyCode: 'USDC' }, { currencyCode: 'BTC' }, { currencyCode: 'XRP' }],
      paymentMethods: [expect.objectContaining({ method: 'CREDIT_DEBIT_CARD' })],
      fiatCurrency: 'USD',
    });
    expect(Object.keys(body).sort()).toEqual([
      'countries',
      'country',
      'cryptoCurrencies',
      'defaults',
      'fiatCurrencies',
      'fiatCurrency',
      'paymentMethods',
      'subdivisions',
    ]);
    expect(t.upstream.calls.map((c) => c.path)).toHaveLength(5);
    // The widget's next discovery calls are served from the cache.
    const pm = await t.request(
      '/api/ramp/network-partner/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD',
    );
    expect(pm.headers.get('x-cache')).toBe('HIT');
  });

  it('falls back to the Accept-Language region, then the first fiat currency when there is no default', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request('/api/ramp/bootstrap?category=CRYPTO_ONRAMP', {
      headers: { 'Accept-Language': 'de-DE,de;q=0.9' },
    });
    expect(await res.json()).toMatchObject({
      country: 'DE',
      defaults: null,
      subdivisions: null,
      fiatCurrency: 'USD',
    });
  });

  it('defaults to US without hints, and validates its query', async () => {
    const t = testServer({ upstream: 'fake' });
    expect(await (await t.request('/api/ramp/bootstrap')).json()).toMatchObject({ country: 'US' });
    expect((await t.request('/api/ramp/bootstrap?category=BUY')).status).toBe(400);
  });
});
