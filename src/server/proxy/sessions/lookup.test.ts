// POST /api/ramp/sessions/lookup as the widget's recent orders call it: several orders' states in one
// request and one ledger read, nothing of anyone else's, the same null for every token that reads no
// order, a changed state on the next lookup, bad bodies refused, one rate-limit unit per request.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LOOKUP_TOKENS } from '../../../api/proxy/contract';
import type { SessionLookupResponse } from '../../../api/proxy/session-lookup';
import { TRACKING_TOKEN_TTL_MS, createTokenSigner } from '../../http/tokens';
import { openEmbeddedLedger } from '../../storage/ledger';
import type { Ledger } from '../../storage/ledger/ledger';
import type { OrderQuery } from '../../storage/ledger/types';
import { ADMIN_TOKEN, HARDENING_ENV, SESSION_SECRET, SHOP, testServer } from '../../testing/server';
import { errorBody } from '../../testing/error-body';
import { SESSION_BODY } from '../../testing/session';
import type { Env } from '../../config/env';
import { json } from '../../testing/upstream';

const LOOKUP = '/api/ramp/sessions/lookup';
const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };

const ledgers: Ledger[] = [];
afterEach(async () => {
  for (const l of ledgers.splice(0)) await l.close();
});

/** A test server on an in-memory ledger whose order reads are counted. */
async function setup(env: Env = {}) {
  const ledger = await openEmbeddedLedger(null);
  ledgers.push(ledger);
  const reads: OrderQuery[] = [];
  const counted: Ledger = {
    ...ledger,
    orders: {
      ...ledger.orders,
      list: (q) => (reads.push(q), ledger.orders.list(q)),
      get: () => Promise.reject(new Error('the lookup reads orders in one list call')),
    },
  };
  const h = testServer({ env: { ...HARDENING_ENV, ...env }, ledger: counted });
  let n = 0;
  /** A session of this browser, as the widget creates it (its intent's when given). */
  const session = async (headers: Record<string, string> = {}) => {
    const res = await h.session(SESSION_BODY, { 'Idempotency-Key': `lookup-test-key-${++n}`, ...headers });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; trackingToken: string };
  };
  const lookup = (body: unknown, headers: Record<string, string> = {}) =>
    h.request(LOOKUP, json(body, headers));
  const orders = async (trackingTokens: string[]) => {
    const res = await lookup({ trackingTokens });
    expect(res.status).toBe(200);
    return ((await res.json()) as SessionLookupResponse).orders;
  };
  return { h, ledger, reads, session, lookup, orders };
}

describe('POST /api/ramp/sessions/lookup', () => {
  it("answers each token's order in one request and one ledger read, with nothing of the merchant's", async () => {
    const { h, reads, session } = await setup();
    const intent = await h.request(
      '/api/ramp/intents',
      json({ reference: 'merchant-order-77', customerId: 'merchant-customer-42' }, ADMIN),
    );
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const a = await session({ 'X-Ramp-Intent': clientSecret });
    const b = await session();
    h.calls.length = 0;
    reads.length = 0;

    const res = await h.request(
      LOOKUP,
      json({ trackingTokens: [b.trackingToken, a.trackingToken, b.trackingToken] }, { Origin: SHOP }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    const found = (JSON.parse(text) as SessionLookupResponse).orders;
    expect(found.map((o) => o?.sessionId)).toEqual([b.id, a.id, b.id]);
    expect(found[1]).toEqual({
      sessionId: a.id,
      status: 'SESSION_CREATED',
      terminal: false,
      partner: 'BANXA',
      direction: 'buy',
      sourceAmount: '100',
      sourceCurrency: 'USD',
      destinationAmount: null,
      destinationCurrency: 'BTC',
      walletAddress: expect.any(String),
      paymentMethod: null,
      transactionId: null,
      txHash: null,
      createdAt: new Date(h.clock.now()).toISOString(),
      updatedAt: new Date(h.clock.now()).toISOString(),
    });
    // The merchant's reference, customer and intent stay on the server.
    for (const secret of ['merchant-order-77', 'merchant-customer-42', 'int_'])
      expect(text).not.toContain(secret);
    // One read for all of them, and nothing asked of the service.
    expect(reads).toEqual([{ sessionIds: [b.id, a.id], limit: 2 }]);
    expect(h.calls).toEqual([]);
  });

  it('answers the same null for a forged, foreign, expired or unknown token, and nothing of another order', async () => {
    const { h, session, orders, lookup } = await setup();
    const mine = await session();
    const other = await session();
    const [payload, signature] = mine.trackingToken.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string; exp: number };
    const forged = `${Buffer.from(JSON.stringify({ ...claims, sid: other.id })).toString('base64url')}.${signature}`;
    const foreign = createTokenSigner('another-server-secret-0123456789abcdef', { now: h.clock.now }).sign(
      mine.id,
    );
    const unknown = createTokenSigner(SESSION_SECRET, { now: h.clock.now }).sign('ses_nobody');

    const answered = await orders([forged, foreign, unknown, mine.trackingToken]);
    expect(answered.slice(0, 3)).toEqual([null, null, null]);
    expect(answered[3]).toMatchObject({ sessionId: mine.id });
    expect(JSON.stringify(answered)).not.toContain(other.id);

    h.clock.advance(TRACKING_TOKEN_TTL_MS);
    const late = await lookup({ trackingTokens: [mine.trackingToken] });
    expect(await late.json()).toEqual({ orders: [null] });
  });

  it("shows an order's new state on the next lookup", async () => {
    const { h, ledger, session, orders } = await setup();
    const s = await session();
    expect((await orders([s.trackingToken]))[0]).toMatchObject({
      status: 'SESSION_CREATED',
      terminal: false,
    });
    h.clock.advance(60_000);
    const at = h.clock.now();
    await ledger.orders.applyUpdate(
      s.id,
      {
        status: 'SETTLED',
        terminal: true,
        transactionId: 'txn_lookup_1',
        destinationAmount: '0.00152',
        txHash: '0xabc123',
        at,
      },
      [],
    );
    expect((await orders([s.trackingToken]))[0]).toMatchObject({
      status: 'SETTLED',
      terminal: true,
      transactionId: 'txn_lookup_1',
      destinationAmount: '0.00152',
      txHash: '0xabc123',
      updatedAt: new Date(at).toISOString(),
    });
  });

  it('answers an expired order as not ended, since a late payment still moves it, and a settled one as ended', async () => {
    const { h, ledger, session, orders } = await setup();
    const s = await session();
    h.clock.advance(86_400_000);
    const expiredAt = h.clock.now();
    const expiry = {
      status: 'EXPIRED',
      terminal: true,
      transactionId: null,
      at: expiredAt,
      source: 'expiry',
    } as const;
    expect(await ledger.orders.applyUpdate(s.id, expiry, [])).toBe(true);
    expect((await orders([s.trackingToken]))[0]).toMatchObject({ status: 'EXPIRED', terminal: false });

    // The shopper paid after all: the ledger takes the transaction, and the next lookup sees it end.
    h.clock.advance(60_000);
    const paid = {
      status: 'SETTLED',
      terminal: true,
      transactionId: 'txn_late_1',
      at: h.clock.now(),
    } as const;
    expect(await ledger.orders.applyUpdate(s.id, paid, [])).toBe(true);
    expect((await orders([s.trackingToken]))[0]).toMatchObject({
      status: 'SETTLED',
      terminal: true,
      transactionId: 'txn_late_1',
    });
  });

  it('refuses a malformed body or more than the limit with 400, naming no token', async () => {
    const { h, session, lookup } = await setup();
    const s = await session();
    const eleven = Array.from({ length: MAX_LOOKUP_TOKENS + 1 }, () => s.trackingToken);
    for (const [body, detail] of [
      [{ trackingTokens: eleven }, 'trackingTokens: expected at most 10 trackingTokens'],
      [{ trackingTokens: [] }, 'trackingTokens: expected at least one trackingToken'],
      [{ trackingTokens: s.trackingToken }, 'trackingTokens: expected an array of trackingTokens'],
      [{ trackingTokens: [s.trackingToken, 42] }, 'trackingTokens.1: expected a trackingToken'],
      [{ trackingTokens: [`${s.trackingToken} `] }, 'trackingTokens.0: expected a trackingToken'],
      [{ trackingTokens: [s.trackingToken], sessionId: s.id }, 'sessionId: unknown field'],
    ] as const) {
      const res = await lookup(body);
      expect(res.status, detail).toBe(400);
      const error = await errorBody(res);
      expect(error).toMatchObject({ code: 'INVALID_BODY', details: expect.arrayContaining([detail]) });
      expect(JSON.stringify(error)).not.toContain(s.trackingToken);
    }
    const notJson = await h.request(LOOKUP, { method: 'POST', body: s.trackingToken });
    expect((await errorBody(notJson)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    // Tokens reach neither the log nor the metrics.
    const metrics = await (await h.request('/metrics', { headers: ADMIN })).text();
    expect(metrics).toContain('route="/api/ramp/sessions/lookup"');
    expect(h.lines.join('\n') + metrics).not.toContain(s.trackingToken.split('.')[1]);
  });

  it('takes POST only, and is in the OpenAPI document with its body', async () => {
    const { h } = await setup();
    const res = await h.request(LOOKUP);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    const preflight = await h.request(LOOKUP, {
      method: 'OPTIONS',
      headers: {
        Origin: SHOP,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    const doc = (await (await h.request('/api/ramp/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    expect(doc.paths[LOOKUP]!.post!.requestBody.content['application/json']!.schema).toMatchObject({
      required: ['trackingTokens'],
      properties: { trackingTokens: { type: 'array', minItems: 1, maxItems: MAX_LOOKUP_TOKENS } },
    });
  });

  it('counts one request as one tracking read against the allowance, however many tokens it names', async () => {
    const { session, lookup } = await setup({ RAMP_RATE_LIMIT_TRANSACTION: '60/2' });
    const s = await session();
    const ten = Array.from({ length: MAX_LOOKUP_TOKENS }, () => s.trackingToken);
    expect((await lookup({ trackingTokens: ten })).status).toBe(200);
    expect((await lookup({ trackingTokens: ten })).status).toBe(200);
    const refused = await lookup({ trackingTokens: [s.trackingToken] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});
