// The bootstrap's opening quote: a bootstrap request that names a quote (api/bootstrap.ts
// bootstrapQuery) brings it along, so the hosted page's first price needs no round trip of its own.
import { describe, expect, it } from 'vitest';
import { okBodies } from '../../../api/test-fixtures';
import { OPENING_QUOTE_WAIT_MS } from '../parts';
import { QUOTE_PATH, json } from '../../testing/upstream';
import { testServer } from '../../testing/server';

const OPENING =
  '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=GB&sourceCurrencyCode=GBP&destinationCurrencyCode=ETH&sourceAmount=100&paymentMethodType=CREDIT_DEBIT_CARD';
const REQUEST = {
  countryCode: 'GB',
  sourceCurrencyCode: 'GBP',
  sourceAmount: 100,
  destinationCurrencyCode: 'ETH',
  paymentMethodType: 'CREDIT_DEBIT_CARD',
};

describe('the bootstrap’s opening quote', () => {
  it('comes with the first data, asked upstream as a quote is, and is never cached', async () => {
    const { request, callsTo } = testServer({ upstream: 'fake' });
    const res = await request(OPENING);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { country: string; quote?: { request: unknown; quotes: unknown[] } };
    expect(body.country).toBe('GB');
    expect(body.quote?.request).toEqual(REQUEST);
    expect(body.quote?.quotes.length).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [call] = callsTo(QUOTE_PATH.replace('/api/ramp', ''));
    expect(call?.method).toBe('POST');
    expect(call?.body).toMatchObject(REQUEST);
    // With the shopper's customer id, as every quote (sessions/customer-id.ts).
    expect((call?.body as { externalCustomerId?: string }).externalCustomerId).toMatch(/.+/);
  });

  it('is not asked without a quote named; that bootstrap stays briefly cacheable', async () => {
    const { request, callsTo } = testServer({ upstream: 'fake' });
    const res = await request('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=GB');
    expect(((await res.json()) as { quote?: unknown }).quote).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('private, max-age=30');
    expect(callsTo(QUOTE_PATH.replace('/api/ramp', ''))).toHaveLength(0);
  });

  it('is left out, never failing the bootstrap, when the service has none or the allowance is spent', async () => {
    const failing = testServer({ upstream: 'fake' });
    failing.upstream.on('/payments/crypto/quote', () => ({
      status: 400,
      body: { code: 'NO_VALID_QUOTES', message: 'No valid quotes' },
    }));
    const refused = await failing.request(OPENING);
    expect(refused.status).toBe(200);
    expect(((await refused.json()) as { quote?: unknown }).quote).toBeUndefined();

    const limited = testServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_QUOTE: '1/1' } });
    await limited.request(OPENING);
    const second = await limited.request(OPENING);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { quote?: unknown; countries?: unknown[] }).quote).toBeUndefined();
    expect(limited.callsTo(QUOTE_PATH.replace('/api/ramp', ''))).toHaveLength(1);
  });

  it('when late, is joined by the widget’s own ask for it (same shopper): the service quotes once', async () => {
    // Through createRampServer's fetch, as a Web host runs it, the caller naming the client's address.
    const t = testServer({ upstream: 'fake' });
    const [answer] = okBodies('crypto-quote');
    t.upstream.on('/payments/crypto/quote', async () => {
      await new Promise((resolve) => setTimeout(resolve, OPENING_QUOTE_WAIT_MS + 300));
      return { status: 200, body: answer };
    });
    const send = (path: string, init: RequestInit = {}) => t.request(`http://shop.example${path}`, init);
    const quotes = () => t.callsTo('/payments/crypto/quote');
    const boot = await send(OPENING);
    expect(((await boot.json()) as { quote?: unknown }).quote).toBeUndefined();
    const cookie = boot.headers.get('set-cookie')!.split(';')[0]!;

    // The widget's ask, its fields in another order: answered by the quote in flight.
    const reordered = Object.fromEntries(Object.entries(REQUEST).reverse());
    const own = await send(QUOTE_PATH, json(reordered, { cookie }));
    expect(own.status).toBe(200);
    expect(((await own.json()) as { quotes: unknown[] }).quotes.length).toBeGreaterThan(0);
    expect(quotes()).toHaveLength(1);

    // Another shopper's ask for the same is never answered with it.
    const other = await send(QUOTE_PATH, json(REQUEST));
    expect(other.status).toBe(200);
    expect(quotes()).toHaveLength(2);
  }, 15_000);

  it('refuses a named quote that is not one, naming the parameter', async () => {
    const { request, upstream } = testServer({ upstream: 'fake' });
    const partial = await request(
      '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=GB&sourceCurrencyCode=GBP',
    );
    expect(partial.status).toBe(400);
    expect(await partial.json()).toMatchObject({
      code: 'INVALID_QUERY_PARAMETER',
      details: expect.arrayContaining([expect.stringMatching(/^sourceAmount: /)]),
    });
    const noCountry = await request(
      '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&sourceCurrencyCode=GBP&destinationCurrencyCode=ETH&sourceAmount=100',
    );
    expect(noCountry.status).toBe(400);
    expect(await noCountry.json()).toMatchObject({
      details: expect.arrayContaining([expect.stringMatching(/^country: /)]),
    });
    expect((await request(OPENING.replace('sourceAmount=100', 'sourceAmount=1e3'))).status).toBe(400);
    expect(upstream.calls).toHaveLength(0);
  });
});
