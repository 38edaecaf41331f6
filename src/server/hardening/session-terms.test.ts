// Defect 8: session creation trusted the browser's choices. A session must hold against the discovery
// data as the widget checks it (country, currencies, the partner's route and method, the amount within
// its limits, a wallet of the crypto's chain) and match a quote this server gave recently; otherwise
// it is refused with a 422 naming the choice, and nothing reaches the upstream's session route.
import { describe, expect, it } from 'vitest';
import { BUY_SESSION, SESSION_PATH, json, quoteFor } from '../testing/upstream';
import { testServer, type TestServer } from '../testing/server';

const UPSTREAM_SESSION = '/crypto/session/widget';
const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
let n = 0;
const key = () => `5e1a7c2d-0b4f-4e8a-9c31-${String(++n).padStart(12, '0')}`;

const withData = (data: Record<string, unknown>) => ({
  ...BUY_SESSION,
  sessionData: { ...BUY_SESSION.sessionData, ...data },
});

async function refused(t: TestServer, res: Response, code: string) {
  const body = (await res.json()) as { code: string; message: string; details?: string[] };
  expect({ status: res.status, code: body.code }).toEqual({ status: 422, code });
  expect(t.callsTo(UPSTREAM_SESSION)).toHaveLength(0);
  return body;
}

describe('a session whose choices the discovery data does not allow', () => {
  it('is refused for a partner that serves no route for the pair', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.session(withData({ serviceProvider: 'TRANSAK' }), { 'Idempotency-Key': key() });
    const body = await refused(t, res, 'ROUTE_UNAVAILABLE');
    expect(body.message).toContain('TRANSAK');
    expect(body.details).toEqual([expect.stringMatching(/^sessionData\.serviceProvider: /)]);
  });

  it('is refused for a payment method the partner does not take on the route', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.session(withData({ paymentMethodType: 'SEPA' }), { 'Idempotency-Key': key() });
    await refused(t, res, 'ROUTE_UNAVAILABLE');
  });

  it('is refused for country ZZ', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.session(withData({ countryCode: 'ZZ' }), { 'Idempotency-Key': key() });
    await refused(t, res, 'COUNTRY_NOT_SUPPORTED');
  });

  it('is refused for a crypto the country is not offered', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.session(withData({ destinationCurrencyCode: 'DOGE' }), { 'Idempotency-Key': key() });
    await refused(t, res, 'CURRENCY_NOT_SUPPORTED');
  });

  it.each([
    ['"0"', '0'],
    ['18 decimal digits', '0.000000000000000001'],
    ['18 digits above the maximum', '100000000000.000001'],
    ['more decimals than the fiat has', '100.001'],
    ['below the partner’s minimum', '9.99'],
    ['above the partner’s maximum', '10000.01'],
  ])('is refused for an amount of %s', async (_, amount) => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.session(withData({ sourceAmount: amount }), { 'Idempotency-Key': key() });
    const body = await refused(t, res, 'AMOUNT_OUT_OF_RANGE');
    expect(body.details).toEqual([expect.stringMatching(/^sessionData\.sourceAmount: /)]);
  });

  it('is refused for a wallet address of another chain, or one that is not an address of its own', async () => {
    const t = testServer({ upstream: 'fake' });
    const other = await t.session(withData({ walletAddress: ETH_WALLET }), { 'Idempotency-Key': key() });
    expect((await refused(t, other, 'WALLET_MISMATCH')).message).toContain('BITCOIN');
    // The right family, a broken checksum.
    const broken = await t.session(
      withData({ walletAddress: 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yq' }),
      {
        'Idempotency-Key': key(),
      },
    );
    await refused(t, broken, 'INVALID_WALLET_ADDRESS');
  });
});

describe('a session bound to a recent quote', () => {
  it('passes with the terms the server quoted', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.session(BUY_SESSION, { 'Idempotency-Key': key() });
    expect(res.status).toBe(200);
    expect(t.callsTo(UPSTREAM_SESSION)).toHaveLength(1);
  });

  it('is refused for terms that were never quoted', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request(SESSION_PATH, json(BUY_SESSION, { 'Idempotency-Key': key() }));
    const body = await refused(t, res, 'QUOTE_REQUIRED');
    expect(body.message).toMatch(/request a quote first/);
  });

  it('is refused for terms other than the quoted ones: amount, partner or method', async () => {
    const t = testServer({ upstream: 'fake' });
    // Two partners with two methods each: every variant below is valid by itself; only its quote is missing.
    t.upstream.on('/network-partner/supported/routes/', () => ({
      status: 200,
      body: ['BANXA', 'PAYBIS'].map((partner) => ({
        partner,
        source: 'USD',
        destination: 'BTC',
        paymentMethods: ['CREDIT_DEBIT_CARD', 'APPLE_PAY'].map((name) => ({
          name,
          limits: { currencyCode: 'USD', min: 10, max: 10000 },
        })),
        kycLimits: [],
      })),
    }));
    expect((await t.session(BUY_SESSION, { 'Idempotency-Key': key() })).status).toBe(200);
    for (const data of [
      { sourceAmount: '150' },
      { serviceProvider: 'PAYBIS' },
      { paymentMethodType: 'APPLE_PAY' },
    ]) {
      const res = await t.request(SESSION_PATH, json(withData(data), { 'Idempotency-Key': key() }));
      expect(res.status).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe('QUOTE_REQUIRED');
    }
    expect(t.callsTo(UPSTREAM_SESSION)).toHaveLength(1);
  });

  it('is refused once the quote has expired (RAMP_QUOTE_BINDING_TTL_MS)', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_QUOTE_BINDING_TTL_MS: '60000' } });
    const quote = await t.request('/api/ramp/payments/crypto/quote', json(quoteFor(BUY_SESSION)));
    expect(quote.status).toBe(200);
    t.clock.advance(59_000);
    const inTime = await t.request(SESSION_PATH, json(BUY_SESSION, { 'Idempotency-Key': key() }));
    expect(inTime.status).toBe(200);
    t.clock.advance(2_000);
    const late = await t.request(SESSION_PATH, json(BUY_SESSION, { 'Idempotency-Key': key() }));
    expect(late.status).toBe(422);
    expect(((await late.json()) as { code: string }).code).toBe('QUOTE_REQUIRED');
    expect(t.callsTo(UPSTREAM_SESSION)).toHaveLength(1);
  });

  it('binds for five minutes by default', async () => {
    const t = testServer({ upstream: 'fake' });
    await t.request('/api/ramp/payments/crypto/quote', json(quoteFor(BUY_SESSION)));
    t.clock.advance(5 * 60_000);
    const late = await t.request(SESSION_PATH, json(BUY_SESSION, { 'Idempotency-Key': key() }));
    expect(((await late.json()) as { code: string }).code).toBe('QUOTE_REQUIRED');
  });

  it('is refused when the quote was for the other direction', async () => {
    const t = testServer({ upstream: 'fake' });
    // The fake upstream's quote is a purchase: it binds no sale of the same terms.
    const sell = {
      sessionType: 'SELL',
      sessionData: {
        ...BUY_SESSION.sessionData,
        sourceCurrencyCode: 'BTC',
        destinationCurrencyCode: 'USD',
        sourceAmount: '0.01',
      },
    };
    t.upstream.on('/payments/crypto/quote', () => ({
      status: 200,
      body: {
        quotes: [
          {
            serviceProvider: 'BANXA',
            sourceCurrencyCode: 'BTC',
            sourceAmount: 0.01,
            destinationCurrencyCode: 'USD',
            destinationAmount: 950,
            transactionType: 'CRYPTO_PURCHASE',
          },
        ],
      },
    }));
    const res = await t.session(sell, { 'Idempotency-Key': key() });
    await refused(t, res, 'QUOTE_REQUIRED');
  });
});
