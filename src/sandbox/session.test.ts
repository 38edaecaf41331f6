import { describe, expect, it } from 'vitest';
import type { SessionResponse, Transaction } from '../api/types';
import { BTC_WALLET, buySession, createTestSandbox, type TestSandbox } from './test-kit';

async function create(t: TestSandbox, body: unknown) {
  const res = await t.postJson<SessionResponse & { code?: string; errors?: string[] }>(
    '/crypto/session/widget',
    body,
  );
  return res;
}

/** Submits the provider page's form as a browser would (no API key). */
const choose = (t: TestSandbox, widgetUrl: string, action: string) =>
  t.sandbox.fetch(widgetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action }),
    redirect: 'manual',
  });

const bySession = (t: TestSandbox, id: string) =>
  t.getJson<{ transaction: Transaction; code?: string }>(`/payments/transactions/sessions/${id}`);

describe('widget session and provider checkout', () => {
  it('creates a session whose widgetUrl is the provider page under the public base', async () => {
    const t = createTestSandbox({ publicBaseUrl: 'http://127.0.0.1:8787/sandbox/' });
    const res = await create(
      t,
      buySession({}, { externalSessionId: 'ext-1', externalCustomerId: 'shop-user-1001' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^ses_/),
      token: expect.any(String),
      externalSessionId: 'ext-1',
      customerId: 'cus_alice',
      externalCustomerId: 'shop-user-1001',
    });
    expect(res.body.widgetUrl).toBe(`http://127.0.0.1:8787/sandbox/provider/checkout/${res.body.id}`);
    expect(res.body.serviceProviderWidgetUrl).toBe(res.body.widgetUrl);
  });

  it('shows partner, amounts, method and wallet, with Pay / Decline / Cancel and no script', async () => {
    const t = createTestSandbox();
    const { body } = await create(t, buySession());
    const res = await t.sandbox.fetch(body.widgetUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('<h1>Banxa checkout</h1>');
    expect(html).toMatch(/<dt>You pay<\/dt><dd>100\.00 USD<\/dd>/);
    expect(html).toMatch(/<dt>You receive<\/dt><dd>0\.\d{8} BTC<\/dd>/);
    expect(html).toContain('Credit or debit card');
    expect(html).toContain(BTC_WALLET);
    for (const action of ['pay', 'decline', 'cancel']) {
      expect(html).toMatch(new RegExp(`<button type="submit" name="action" value="${action}">`));
    }
    expect(html).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('href="../../assets/provider.css"');
  });

  it('answers TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER until the shopper pays, then advances to SETTLED', async () => {
    const t = createTestSandbox({ timeScale: 1 });
    const session = (await create(t, buySession({}, { externalSessionId: 'order-42' }))).body;
    const before = await bySession(t, session.id);
    expect(before.status).toBe(404);
    expect(before.body.code).toBe('TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER');
    // Looking at the page is not acting on it.
    await t.sandbox.fetch(session.widgetUrl);
    expect((await bySession(t, session.id)).status).toBe(404);

    const paid = await choose(t, session.widgetUrl, 'pay');
    expect(paid.status).toBe(303);
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { status, body } = await bySession(t, session.id);
      expect(status).toBe(200);
      seen.push(body.transaction.status);
      t.advance(1000);
    }
    expect([...new Set(seen)]).toEqual(['PENDING', 'PROCESSING', 'SETTLING', 'SETTLED']);

    const { transaction } = (await bySession(t, session.id)).body;
    expect(transaction).toMatchObject({
      sessionId: session.id,
      externalSessionId: 'order-42',
      serviceProvider: 'BANXA',
      transactionType: 'CRYPTO_PURCHASE',
      sourceAmount: 100,
      sourceCurrencyCode: 'USD',
      destinationCurrencyCode: 'BTC',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
      countryCode: 'US',
    });
    expect(transaction.cryptoDetails).toMatchObject({
      destinationWalletAddress: BTC_WALLET,
      blockchainTransactionId: expect.stringMatching(/^[0-9a-f]{64}$/),
      totalFee: expect.any(Number),
    });
    expect(transaction.key).toBeUndefined();
    const byId = await t.getJson<{ transaction: Transaction }>(`/payments/transactions/${transaction.id}`);
    expect(byId.body.transaction).toEqual(transaction);
    // Newest first: the new transaction heads the listing.
    const list = await t.getJson<{ transactions: Transaction[]; totalCount: number }>(
      '/payments/transactions?limit=1',
    );
    expect(list.body.transactions[0]!.id).toBe(transaction.id);
    expect(list.body.totalCount).toBe(241);
  });

  it('scales the timeline: at timeScale 0.1 it settles within 0.6 s', async () => {
    const t = createTestSandbox({ timeScale: 0.1 });
    const session = (await create(t, buySession())).body;
    await choose(t, session.widgetUrl, 'pay');
    t.advance(599);
    expect((await bySession(t, session.id)).body.transaction.status).toBe('SETTLING');
    t.advance(1);
    expect((await bySession(t, session.id)).body.transaction.status).toBe('SETTLED');
  });

  it.each([
    ['decline', 'FAILED'],
    ['cancel', 'CANCELLED'],
  ])('%s ends the transaction as %s, for good', async (action, status) => {
    const t = createTestSandbox();
    const session = (await create(t, buySession())).body;
    await choose(t, session.widgetUrl, action);
    t.advance(60_000);
    const { transaction } = (await bySession(t, session.id)).body;
    expect(transaction.status).toBe(status);
    expect(transaction.cryptoDetails?.blockchainTransactionId).toBeUndefined();
    // A second choice is refused; the page shows the outcome.
    expect((await choose(t, session.widgetUrl, 'pay')).status).toBe(409);
    const page = await (await t.sandbox.fetch(session.widgetUrl)).text();
    expect(page).toContain('You can close this window');
  });

  it('redirects to the session’s redirectUrl after the choice, else back to the page', async () => {
    const t = createTestSandbox();
    const withReturn = (await create(t, buySession({ redirectUrl: 'https://shop.example/done?x=1' }))).body;
    const res = await choose(t, withReturn.widgetUrl, 'pay');
    expect(res.headers.get('location')).toBe('https://shop.example/done?x=1');
    const plain = (await create(t, buySession())).body;
    const back = await choose(t, plain.widgetUrl, 'cancel');
    expect(new URL(back.headers.get('location')!, plain.widgetUrl).href).toBe(plain.widgetUrl);
  });

  it('sells: the page and transaction describe a sale', async () => {
    const t = createTestSandbox({ timeScale: 0 });
    const res = await create(t, {
      sessionType: 'SELL',
      sessionData: {
        serviceProvider: 'TRANSAK',
        countryCode: 'DE',
        sourceCurrencyCode: 'ETH',
        sourceAmount: '0.5',
        destinationCurrencyCode: 'EUR',
      },
    });
    expect(res.status).toBe(200);
    const html = await (await t.sandbox.fetch(res.body.widgetUrl)).text();
    expect(html).toContain('<dt>You send</dt><dd>0.50000000 ETH</dd>');
    expect(html).toContain('SEPA bank transfer');
    await choose(t, res.body.widgetUrl, 'pay');
    const { transaction } = (await bySession(t, res.body.id)).body;
    expect(transaction).toMatchObject({
      status: 'SETTLED',
      transactionType: 'CRYPTO_SELL',
      sourceAmount: 0.5,
    });
    expect(transaction.destinationCurrencyCode).toBe('EUR');
  });

  it('refuses a reused externalSessionId', async () => {
    const t = createTestSandbox();
    expect((await create(t, buySession({}, { externalSessionId: 'same' }))).status).toBe(200);
    const again = await create(t, buySession({}, { externalSessionId: 'same' }));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'DUPLICATE_EXTERNAL_SESSION_ID',
      message: 'Duplicate external session ID',
    });
  });

  it('validates the session body', async () => {
    const t = createTestSandbox();
    const missing = await create(t, {
      sessionType: 'BUY',
      sessionData: { serviceProvider: 'BANXA', sourceAmount: 100 },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        '[sessionData.countryCode] must not be blank',
        '[sessionData.sourceAmount] must be a string',
        '[sessionData.walletAddress] must not be blank',
      ]),
    );
    expect((await create(t, { sessionType: 'TRANSFER', sessionData: {} })).body.errors).toContain(
      '[sessionType] is invalid',
    );
    expect((await create(t, buySession({ redirectUrl: 'javascript:alert(1)' }))).body.errors).toContain(
      '[sessionData.redirectUrl] is invalid',
    );
  });

  it('checks that the service provider serves the request', async () => {
    const t = createTestSandbox();
    const code = async (overrides: Record<string, unknown>, top: Record<string, unknown> = {}) =>
      (await create(t, buySession(overrides, top))).body.code;
    expect(await code({ serviceProvider: 'NOPE' })).toBe('TRANSACTION_INVALID_PROVIDER');
    expect(await code({ serviceProvider: 'MERCURYO' })).toBe(
      'TRANSACTION_PROPERTY_COMBINATION_NOT_SUPPORTED_BY_SERVICE_PROVIDER',
    );
    expect(await code({ serviceProvider: 'PAYBIS', subdivision: 'US-NY' })).toBe(
      'TRANSACTION_PROPERTY_COMBINATION_NOT_SUPPORTED_BY_SERVICE_PROVIDER',
    );
    expect(await code({ paymentMethodType: 'Credit or debit card' })).toBe(
      'TRANSACTION_PROPERTY_COMBINATION_NOT_SUPPORTED_BY_SERVICE_PROVIDER',
    );
    expect(await code({ sourceAmount: '5' })).toBe('INVALID_AMOUNT_TOO_LOW');
    expect(await code({ sourceAmount: '10001' })).toBe('INVALID_AMOUNT_TOO_HIGH');
    expect(await code({ sourceCurrencyCode: 'BTC', destinationCurrencyCode: 'USD' })).toBe(
      'INVALID_FIAT_CURRENCY',
    );
    expect(await code({ walletAddress: '0x000000000000000000000000000000000000dEaD' })).toBe(
      'TRANSACTION_INVALID_PARAMETER',
    );
    expect(await code({}, { customerId: 'cus_nobody' })).toBe('CUSTOMER_NOT_FOUND');
  });

  it('answers NOT_FOUND for unknown sessions and transactions', async () => {
    const t = createTestSandbox();
    expect((await bySession(t, 'ses_unknown')).body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.getJson('/payments/transactions/txn_unknown')).status).toBe(404);
    expect((await t.sandbox.fetch('http://upstream.test/provider/checkout/ses_unknown')).status).toBe(404);
  });

  it('reads seeded history by id and by session, without listing keys', async () => {
    const t = createTestSandbox();
    const list = await t.getJson<{ transactions: Transaction[] }>('/payments/transactions?limit=1');
    const seeded = list.body.transactions[0]!;
    const byId = await t.getJson<{ transaction: Transaction }>(`/payments/transactions/${seeded.id}`);
    expect(byId.body.transaction).toMatchObject({
      id: seeded.id,
      status: seeded.status,
      sessionId: seeded.sessionId,
    });
    expect(byId.body.transaction).not.toHaveProperty('key');
    expect((await bySession(t, seeded.sessionId!)).body.transaction.id).toBe(seeded.id);
  });
});
