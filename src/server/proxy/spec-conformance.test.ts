// Issue 14: what the server sends upstream for a session and a quote, the by-session fallback, and
// what a shopper's transaction read carries. Asserted on what the (fake) upstream received.
import { describe, expect, it } from 'vitest';
import { CUSTOMER_COOKIE } from './sessions/customer-id';
import { json } from '../testing/upstream';
import { testServer, type TestServer } from '../testing/server';

const BUY = {
  sessionType: 'BUY',
  sessionData: {
    serviceProvider: 'BANXA',
    countryCode: 'US',
    subdivision: 'US-NY',
    sourceCurrencyCode: 'USD',
    sourceAmount: '100',
    destinationCurrencyCode: 'BTC',
    paymentMethodType: 'CREDIT_DEBIT_CARD',
    walletAddress: 'bc1qr74wmrcwqq9w5yxczxj6udts9mnqsh3xlhk5yp',
  },
};
const XRP_BUY = {
  sessionType: 'BUY',
  sessionData: {
    ...BUY.sessionData,
    destinationCurrencyCode: 'XRP',
    walletAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  },
};
let n = 0;
const key = () => `3f6c1f0e-8a51-4c39-9a70-${String(++n).padStart(12, '0')}`;

type Sent = {
  sessionType: string;
  sessionData: Record<string, unknown>;
  externalSessionId: string;
  externalCustomerId: string;
};

async function session(t: TestServer, body: unknown, headers: Record<string, string> = {}) {
  const res = await t.session(body, { 'Idempotency-Key': key(), ...headers });
  const sent = t.callsTo('/crypto/session/widget').at(-1)?.body as Sent;
  return { res, sent, answer: (await res.json()) as Record<string, string> };
}

const cookieOf = (res: Response) => /rc_cid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

describe('the session body sent upstream', () => {
  it('has no subdivision, the spec fields only, and always an externalCustomerId', async () => {
    const t = testServer({ upstream: 'fake' });
    const { res, sent } = await session(t, BUY);
    expect(res.status).toBe(200);
    expect(sent.sessionData).not.toHaveProperty('subdivision');
    expect(Object.keys(sent).sort()).toEqual([
      'externalCustomerId',
      'externalSessionId',
      'sessionData',
      'sessionType',
    ]);
    expect(Object.keys(sent.sessionData).sort()).toEqual(
      [
        'serviceProvider',
        'countryCode',
        'sourceCurrencyCode',
        'sourceAmount',
        'destinationCurrencyCode',
        'paymentMethodType',
        'walletAddress',
        'clientIpAddress',
      ].sort(),
    );
    expect(sent.externalCustomerId).toMatch(/^rcc_[A-Za-z0-9_-]{32}$/);
  });

  it('the externalCustomerId is stable per browser (its signed cookie) and not the browser’s choice', async () => {
    const t = testServer({ upstream: 'fake' });
    const first = await session(t, BUY);
    const cookie = cookieOf(first.res)!;
    expect(first.res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.res.headers.get('set-cookie')).toMatch(/Path=\/api\/ramp/);
    const again = await session(t, BUY, { Cookie: `${CUSTOMER_COOKIE}=${cookie}` });
    expect(again.sent.externalCustomerId).toBe(first.sent.externalCustomerId);
    expect(cookieOf(again.res)).toBeUndefined();
    // Another browser gets another id; a forged cookie is replaced, never used.
    const other = await session(t, BUY);
    expect(other.sent.externalCustomerId).not.toBe(first.sent.externalCustomerId);
    const forged = await session(t, BUY, { Cookie: `${CUSTOMER_COOKIE}=mine.${'A'.repeat(43)}` });
    expect(forged.sent.externalCustomerId).not.toBe(first.sent.externalCustomerId);
    expect(cookieOf(forged.res)).toBeDefined();
    // Quotes carry the same id for the same browser.
    await t.request(
      '/api/ramp/payments/crypto/quote',
      json(
        { countryCode: 'US', sourceCurrencyCode: 'USD', sourceAmount: 100, destinationCurrencyCode: 'BTC' },
        { Cookie: `${CUSTOMER_COOKIE}=${cookie}` },
      ),
    );
    const quote = t.callsTo('/payments/crypto/quote').at(-1)!.body as Sent;
    expect(quote.externalCustomerId).toBe(first.sent.externalCustomerId);
  });

  it("a first quote sets the browser's cookie, and its session then carries the same id", async () => {
    const t = testServer({ upstream: 'fake' });
    const quote = await t.request(
      '/api/ramp/payments/crypto/quote',
      json({
        countryCode: 'US',
        sourceCurrencyCode: 'USD',
        sourceAmount: 100,
        destinationCurrencyCode: 'BTC',
      }),
    );
    expect(quote.status).toBe(200);
    const cookie = cookieOf(quote);
    expect(cookie).toBeDefined();
    expect(quote.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const sentQuote = t.upstream.calls.find((c) => c.path === '/payments/crypto/quote')!.body as Sent;
    const later = await session(t, BUY, { Cookie: `${CUSTOMER_COOKIE}=${cookie}` });
    expect(later.sent.externalCustomerId).toBe(sentQuote.externalCustomerId);
    expect(cookieOf(later.res)).toBeUndefined();
  });

  it('refuses an externalCustomerId from the browser', async () => {
    const t = testServer({ upstream: 'fake' });
    const { res } = await session(t, { ...BUY, externalCustomerId: 'me' });
    expect(res.status).toBe(400);
    expect(t.callsTo('/crypto/session/widget')).toHaveLength(0);
  });

  it('sends lockFields for what the shopper could not change, in the spec’s vocabulary', async () => {
    const t = testServer({ upstream: 'fake' });
    const { sent } = await session(t, {
      ...BUY,
      sessionData: { ...BUY.sessionData, lockFields: ['sourceAmount', 'walletAddress', 'cryptoCurrency'] },
    });
    expect(sent.sessionData.lockFields).toEqual(['cryptoCurrency', 'walletAddress', 'sourceAmount']);
    const none = await session(t, BUY);
    expect(none.sent.sessionData).not.toHaveProperty('lockFields');
    const bad = await session(t, { ...BUY, sessionData: { ...BUY.sessionData, lockFields: ['country'] } });
    expect(bad.res.status).toBe(400);
  });

  it('an XRP buy carries its destination tag; without one, or with a bad one, it is refused', async () => {
    const t = testServer({ upstream: 'fake' });
    const ok = await session(t, { ...XRP_BUY, sessionData: { ...XRP_BUY.sessionData, walletTag: '12345' } });
    expect(ok.res.status).toBe(200);
    expect(ok.sent.sessionData.walletTag).toBe('12345');
    const calls = t.callsTo('/crypto/session/widget').length;
    const missing = await session(t, XRP_BUY);
    expect(missing.res.status).toBe(400);
    expect(missing.answer.code).toBe('WALLET_TAG_REQUIRED');
    const bad = await session(t, { ...XRP_BUY, sessionData: { ...XRP_BUY.sessionData, walletTag: 'abc' } });
    expect(bad.answer.code).toBe('INVALID_WALLET_TAG');
    const btc = await session(t, { ...BUY, sessionData: { ...BUY.sessionData, walletTag: '1' } });
    expect(btc.answer.code).toBe('WALLET_TAG_NOT_ALLOWED');
    expect(t.callsTo('/crypto/session/widget').length).toBe(calls);
  });
});

describe('by-session read of a partner that cannot be looked up by session', () => {
  const unsupported = {
    status: 404,
    body: { code: 'TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED', message: 'Unsupported' },
  };

  it('resolves through the transactions search by externalSessionId, for the owner only', async () => {
    const t = testServer({ upstream: 'fake' });
    const created = await session(t, BUY);
    const { id, trackingToken } = created.answer as { id: string; trackingToken: string };
    const xid = created.sent.externalSessionId;
    let listed: unknown[] = [];
    t.upstream.on('/payments/transactions', (r) =>
      r.path === '/payments/transactions'
        ? { status: 200, body: { count: listed.length, transactions: listed } }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'x' } },
    );
    t.upstream.on('/payments/transactions/sessions/', () => unsupported);
    const read = () =>
      t.request(`/api/ramp/payments/transactions/sessions/${id}`, {
        headers: { 'X-Ramp-Tracking': trackingToken },
      });

    // Not created yet: the same answer as the by-session read gives (docs/CONTRACTS.md §1), so the
    // browser polls on.
    let res = await read();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ transaction: null, pending: 'NOT_YET_CREATED' });
    const search = t.upstream.calls.at(-1)!;
    expect(search.path).toBe('/payments/transactions');
    expect(search.url.searchParams.get('externalSessionIds')).toBe(xid);

    listed = [
      { id: 'tx-other', sessionId: 'someone-else', status: 'SETTLED', key: 'k0', externalSessionId: xid },
      {
        id: 'tx-1',
        sessionId: id,
        status: 'PROCESSING',
        key: 'k1',
        externalSessionId: xid,
        serviceProviderTransactionUrl: 'https://partner.example/orders/1',
        customer: { email: 'shopper@example.com' },
      },
    ];
    res = await read();
    expect(res.status).toBe(200);
    const { transaction } = (await res.json()) as { transaction: Record<string, unknown> };
    expect(transaction).toMatchObject({
      id: 'tx-1',
      status: 'PROCESSING',
      serviceProviderTransactionUrl: 'https://partner.example/orders/1',
    });
    expect(transaction).not.toHaveProperty('customer');

    // Another browser's token gets nothing.
    const other = await session(t, BUY);
    const stranger = await t.request(`/api/ramp/payments/transactions/sessions/${id}`, {
      headers: { 'X-Ramp-Tracking': other.answer.trackingToken! },
    });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('what a shopper’s transaction read carries', () => {
  it('the partner link and 2FA links when http(s), never other schemes', async () => {
    const t = testServer({ upstream: 'fake' });
    const created = await session(t, BUY);
    const { id, trackingToken } = created.answer as { id: string; trackingToken: string };
    t.upstream.on('/payments/transactions/sessions/', () => ({
      status: 200,
      body: {
        transaction: {
          id: 'tx-9',
          sessionId: id,
          status: 'TWO_FA_REQUIRED',
          serviceProviderTransactionUrl: 'javascript:alert(1)',
          multiFactorAuthorizationStatus: [
            { method: 'THREE_DS', submitted: false, url: 'https://partner.example/verify' },
            { method: 'SMS', url: 'data:text/html,x' },
          ],
        },
      },
    }));
    const res = await t.request(`/api/ramp/payments/transactions/sessions/${id}`, {
      headers: { 'X-Ramp-Tracking': trackingToken },
    });
    const { transaction } = (await res.json()) as { transaction: Record<string, unknown> };
    expect(transaction).not.toHaveProperty('serviceProviderTransactionUrl');
    expect(transaction.multiFactorAuthorizationStatus).toEqual([
      { method: 'THREE_DS', submitted: false, url: 'https://partner.example/verify' },
      { method: 'SMS' },
    ]);
  });
});
