import { describe, expect, it } from 'vitest';
import { TRACKING_TOKEN_TTL_MS } from '../../http/tokens';
import { BUY_SESSION, SESSION_PATH, json } from '../../testing/upstream';
import { testServer, type TestServer } from '../../testing/server';

const BODY = BUY_SESSION;
const KEY_A = '3f6c1f0e-8a51-4c39-9a70-aaaaaaaaaaaa';
const KEY_B = '3f6c1f0e-8a51-4c39-9a70-bbbbbbbbbbbb';

type Session = { id: string; widgetUrl: string; trackingToken: string; externalSessionId: string };

async function createSession(t: TestServer, key = KEY_A, body: unknown = BODY) {
  const res = await t.session(body, { 'Idempotency-Key': key });
  return { res, body: (await res.json()) as Session & { code?: string; message?: string } };
}

const tracked = (token: string) => ({ headers: { 'X-Ramp-Tracking': token } });

describe('session creation', () => {
  it('sets externalSessionId and clientIpAddress, and returns a tracking token', async () => {
    const t = testServer({ upstream: 'fake' });
    const { res, body } = await createSession(t);
    expect(res.status).toBe(200);
    const sent = t.callsTo('/crypto/session/widget')[0]!.body as {
      externalSessionId: string;
      sessionData: Record<string, unknown>;
    };
    expect(sent.externalSessionId).toMatch(/^rc_[A-Za-z0-9_-]{32}$/);
    expect(sent.sessionData).toEqual({ ...BODY.sessionData, clientIpAddress: '203.0.113.7' });
    expect(body).toMatchObject({
      id: 'sess1',
      widgetUrl: expect.any(String),
      trackingToken: expect.any(String),
    });
    // Account details of the upstream answer stay on the server.
    expect(body).not.toHaveProperty('customerId');
    expect(body).not.toHaveProperty('externalCustomerId');
  });

  it('takes the client IP from X-Forwarded-For only with RAMP_TRUST_PROXY=1 (the last hop)', async () => {
    const untrusting = testServer({ upstream: 'fake' });
    await untrusting.session(BODY, { 'Idempotency-Key': KEY_A, 'X-Forwarded-For': '198.51.100.9' });
    const sent = (t: TestServer) =>
      (t.callsTo('/crypto/session/widget')[0]!.body as { sessionData: object }).sessionData;
    expect(sent(untrusting)).toMatchObject({
      clientIpAddress: '203.0.113.7',
    });
    const trusting = testServer({ upstream: 'fake', env: { RAMP_TRUST_PROXY: '1' } });
    await trusting.session(BODY, { 'Idempotency-Key': KEY_A, 'X-Forwarded-For': '10.0.0.1, 198.51.100.9' });
    expect(sent(trusting)).toMatchObject({
      clientIpAddress: '198.51.100.9',
    });
  });

  it.each([
    ['2', 'two proxies: the entry the outer one appended', '198.51.100.9'],
    ['true', 'true is one proxy: the last entry', '10.0.0.2'],
    ['3', 'a header shorter than the hops says nothing: the socket', '203.0.113.7'],
  ])('with RAMP_TRUST_PROXY=%s takes %s', async (hops, _, address) => {
    const t = testServer({ upstream: 'fake', env: { RAMP_TRUST_PROXY: hops } });
    const forwarded = '6.6.6.6, 198.51.100.9, 10.0.0.2'
      .split(', ')
      .slice(hops === '3' ? 1 : 0)
      .join(', ');
    await t.session(BODY, { 'Idempotency-Key': KEY_A, 'X-Forwarded-For': forwarded });
    const sent = (t.callsTo('/crypto/session/widget')[0]!.body as { sessionData: object }).sessionData;
    expect(sent).toMatchObject({ clientIpAddress: address });
  });

  it.each([
    ['externalSessionId', { ...BODY, externalSessionId: 'mine' }],
    ['clientIpAddress', { ...BODY, sessionData: { ...BODY.sessionData, clientIpAddress: '1.2.3.4' } }],
    ['customerId', { ...BODY, customerId: 'cust' }],
  ])('refuses a body that sets %s', async (field, body) => {
    const t = testServer({ upstream: 'fake' });
    const { res, body: err } = await createSession(t, KEY_A, body);
    expect(res.status).toBe(400);
    expect(err).toMatchObject({ code: 'FIELD_NOT_ALLOWED', message: expect.stringContaining(field) });
    expect(t.callsTo('/crypto/session/widget')).toHaveLength(0);
  });

  it('refuses unknown fields and a missing wallet on BUY', async () => {
    const t = testServer({ upstream: 'fake' });
    const unknown = await createSession(t, KEY_A, {
      ...BODY,
      sessionData: { ...BODY.sessionData, theme: 'x' },
    });
    expect(unknown.body).toMatchObject({
      code: 'INVALID_BODY',
      message: 'Invalid body: sessionData.theme: unknown field',
    });
    const { walletAddress: _, ...noWallet } = BODY.sessionData;
    const missing = await createSession(t, KEY_B, { ...BODY, sessionData: noWallet });
    expect(missing.res.status).toBe(400);
    expect(t.callsTo('/crypto/session/widget')).toHaveLength(0);
  });

  it('requires a well-formed Idempotency-Key', async () => {
    const t = testServer({ upstream: 'fake' });
    expect((await t.request(SESSION_PATH, json(BODY))).status).toBe(400);
    const bad = await createSession(t, 'short');
    expect(bad.body).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
    expect(t.callsTo('/crypto/session/widget')).toHaveLength(0);
  });

  it('accepts a redirectUrl on an allowed origin or its own origin, and refuses others', async () => {
    const t = testServer({ upstream: 'fake' });
    const withRedirect = (url: string) => ({
      ...BODY,
      sessionData: { ...BODY.sessionData, redirectUrl: url },
    });
    expect(
      (await createSession(t, 'key-allowed-1', withRedirect('https://shop.example/done?o=1'))).res.status,
    ).toBe(200);
    expect(
      (await createSession(t, 'key-own-origin', withRedirect('http://127.0.0.1:8787/thanks'))).res.status,
    ).toBe(200);
    for (const url of [
      'https://evil.example/x',
      'javascript:alert(1)',
      'https://shop.example.evil.example/',
      '/relative',
    ]) {
      const { res, body } = await createSession(t, `key-${url.length}-foreign`, withRedirect(url));
      expect(res.status).toBe(400);
      expect(body.code).toBe('REDIRECT_URL_NOT_ALLOWED');
    }
    expect(t.callsTo('/crypto/session/widget')).toHaveLength(2);
  });

  it('limits redirects to RAMP_REDIRECT_ORIGINS when set', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_REDIRECT_ORIGINS: 'https://pay.shop.example' } });
    const body = (url: string) => ({ ...BODY, sessionData: { ...BODY.sessionData, redirectUrl: url } });
    expect((await createSession(t, 'key-redirect-1', body('https://shop.example/x'))).res.status).toBe(400);
    expect((await createSession(t, 'key-redirect-2', body('https://pay.shop.example/x'))).res.status).toBe(
      200,
    );
  });

  it('answers a replay of the same Idempotency-Key with the same session, without a second upstream session', async () => {
    const t = testServer({ upstream: 'fake' });
    const [first, second] = await Promise.all([createSession(t), createSession(t)]);
    const third = await createSession(t);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(t.callsTo('/crypto/session/widget')).toHaveLength(1);
    const other = await createSession(t, KEY_B);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('refuses the same Idempotency-Key for a different checkout', async () => {
    const t = testServer({ upstream: 'fake' });
    await createSession(t);
    const changed = await createSession(t, KEY_A, {
      ...BODY,
      sessionData: { ...BODY.sessionData, sourceAmount: '200' },
    });
    expect(changed.res.status).toBe(422);
    expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('says so when the upstream already has the session but the server lost it', async () => {
    const t = testServer({ upstream: 'fake' });
    t.upstream.on('/crypto/session/widget', () => ({
      status: 400,
      body: { code: 'DUPLICATE_EXTERNAL_SESSION_ID', message: 'duplicate' },
    }));
    const { res, body } = await createSession(t);
    expect(res.status).toBe(409);
    expect(body.code).toBe('SESSION_ALREADY_CREATED');
  });
});

describe('transaction reads', () => {
  const setup = async () => {
    const t = testServer({ upstream: 'fake' });
    const a = (await createSession(t, KEY_A)).body;
    const b = (await createSession(t, KEY_B)).body;
    t.upstream.calls.length = 0;
    return { t, a, b };
  };

  it('by session: only with the token of that session', async () => {
    const { t, a, b } = await setup();
    const own = await t.request(`/api/ramp/payments/transactions/sessions/${a.id}`, tracked(a.trackingToken));
    expect(own.status).toBe(200);
    const tx = ((await own.json()) as { transaction: Record<string, unknown> }).transaction;
    expect(tx).toMatchObject({ id: `tx-${a.id}`, sessionId: a.id, status: expect.any(String) });
    expect(tx).not.toHaveProperty('accountId');
    const foreign = await t.request(
      `/api/ramp/payments/transactions/sessions/${b.id}`,
      tracked(a.trackingToken),
    );
    expect(foreign.status).toBe(404);
    expect(t.upstream.calls).toHaveLength(1);
  });

  it('by id: only when the transaction belongs to the token session, with the same 404 as a missing one', async () => {
    const { t, a, b } = await setup();
    expect(
      (await t.request(`/api/ramp/payments/transactions/tx-${a.id}`, tracked(a.trackingToken))).status,
    ).toBe(200);
    const foreign = await t.request(`/api/ramp/payments/transactions/tx-${b.id}`, tracked(a.trackingToken));
    const missing = await t.request('/api/ramp/payments/transactions/unknown-id', tracked(a.trackingToken));
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    const strip = (x: Record<string, unknown>) => ({ ...x, requestId: undefined });
    expect(strip(await foreign.json())).toEqual(strip(await missing.json()));
  });

  it('refuse missing, tampered and expired tokens without calling upstream', async () => {
    const { t, a } = await setup();
    const path = `/api/ramp/payments/transactions/sessions/${a.id}`;
    const [payload, sig] = a.trackingToken.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sid: a.id, exp: 9e15 })).toString('base64url')}.${sig}`;
    expect((await t.request(path)).status).toBe(404);
    expect((await t.request(path, tracked(`${payload}.${sig!.slice(0, -2)}AA`))).status).toBe(404);
    expect((await t.request(path, tracked(forged))).status).toBe(404);
    t.clock.advance(TRACKING_TOKEN_TTL_MS);
    expect((await t.request(path, tracked(a.trackingToken))).status).toBe(404);
    expect(
      (await t.request(`/api/ramp/payments/transactions/tx-${a.id}`, tracked(a.trackingToken))).status,
    ).toBe(404);
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('answer the owner "not created yet" without an error status, so it keeps polling', async () => {
    const { t, a } = await setup();
    t.upstream.on('/payments/transactions/sessions/', () => ({
      status: 404,
      body: { code: 'TRANSACTION_FETCH_BY_SESSION_NOT_YET_CREATED_WITH_PROVIDER', message: 'not yet' },
    }));
    const res = await t.request(`/api/ramp/payments/transactions/sessions/${a.id}`, tracked(a.trackingToken));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ transaction: null, pending: 'NOT_YET_CREATED' });
  });
});

describe('rate limits', () => {
  const QUOTE = {
    countryCode: 'US',
    sourceCurrencyCode: 'USD',
    sourceAmount: 50,
    destinationCurrencyCode: 'BTC',
  };

  it('shed excess quote traffic per client with 429 and Retry-After', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_QUOTE: '60/2' } });
    const quote = (ip: string) => t.request('/api/ramp/payments/crypto/quote', json(QUOTE), ip);
    expect((await quote('203.0.113.7')).status).toBe(200);
    expect((await quote('203.0.113.7')).status).toBe(200);
    const limited = await quote('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(await limited.json()).toMatchObject({
      code: 'RATE_LIMITED',
      requestId: limited.headers.get('x-request-id'),
    });
    expect((await quote('198.51.100.2')).status).toBe(200);
    t.clock.advance(1000);
    expect((await quote('203.0.113.7')).status).toBe(200);
    expect(t.upstream.calls).toHaveLength(4);
  });

  it('apply to session creation', async () => {
    const t = testServer({ upstream: 'fake', env: { RAMP_RATE_LIMIT_SESSION: '1/1' } });
    expect((await createSession(t, KEY_A)).res.status).toBe(200);
    const limited = await createSession(t, KEY_B);
    expect(limited.res.status).toBe(429);
    expect(limited.res.headers.get('retry-after')).toBe('60');
  });
});
