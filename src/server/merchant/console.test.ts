import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, testServer } from '../testing/server';

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const LISTINGS = [
  ['/api/ramp/payments/transactions', 'transactions'],
  ['/api/ramp/financial-accounts', 'financialAccounts'],
  ['/api/ramp/financial-accounts/transactions', 'financialAccountTransactions'],
] as const;

describe('merchant console endpoints', () => {
  it.each(LISTINGS)('%s answers 404 when RAMP_ADMIN_TOKEN is unset', async (path) => {
    const t = testServer({ upstream: 'fake', env: { RAMP_ADMIN_TOKEN: '' } });
    const res = await t.request(path, bearer('anything-at-all-here'));
    expect(res.status).toBe(404);
    expect(t.upstream.calls).toHaveLength(0);
  });

  it.each(LISTINGS)('%s answers 401 with a wrong or missing token', async (path) => {
    const t = testServer({ upstream: 'fake' });
    for (const init of [
      bearer(`${ADMIN_TOKEN}x`),
      bearer(ADMIN_TOKEN.slice(0, -1)),
      {},
      { headers: { Authorization: ADMIN_TOKEN } },
    ]) {
      const res = await t.request(path, init);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(t.upstream.calls).toHaveLength(0);
  });

  it.each(LISTINGS)(
    '%s answers the listing in the upstream wire shape with the right token',
    async (path, wrapper) => {
      const t = testServer({ upstream: 'fake' });
      const res = await t.request(`${path}?limit=5`, bearer(ADMIN_TOKEN));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        count: 1,
        remaining: 0,
        [wrapper]: [expect.objectContaining({ key: expect.any(String) })],
      });
      expect(t.upstream.calls[0]!.url.searchParams.get('limit')).toBe('5');
    },
  );

  it('reads any transaction by id with the console token, and refuses a wrong one', async () => {
    const t = testServer({ upstream: 'fake' });
    const ok = await t.request('/api/ramp/payments/transactions/tx-s1', bearer(ADMIN_TOKEN));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ transaction: { id: 'tx-s1', sessionId: 's1' } });
    const wrong = await t.request('/api/ramp/payments/transactions/tx-s1', bearer('nope-nope-nope'));
    expect(wrong.status).toBe(401);
    expect(t.upstream.calls).toHaveLength(1);
  });

  it('narrows account transactions to one financial account', async () => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request(
      '/api/ramp/financial-accounts/transactions?customerId=cus_alice&financialAccountId=fa_1',
      bearer(ADMIN_TOKEN),
    );
    expect(res.status).toBe(200);
    expect(t.upstream.calls[0]!.url.searchParams.get('financialAccountId')).toBe('fa_1');
  });

  it.each([
    [
      "the description's filters and one cursor",
      'from=2026-02-01&status=SETTLED&after=key-1&limit=100',
      { from: '2026-02-01', status: 'SETTLED', after: 'key-1', limit: '100' },
    ],
    [
      'the partner, type and customer filters of the upstream search',
      'serviceProviders=TRANSAK,BANXA&types=CRYPTO_SELL&externalCustomerIds=shop-user-1',
      { serviceProviders: 'TRANSAK,BANXA', types: 'CRYPTO_SELL', externalCustomerIds: 'shop-user-1' },
    ],
  ])('forwards %s', async (_, query, upstream) => {
    const t = testServer({ upstream: 'fake' });
    const res = await t.request(`/api/ramp/payments/transactions?${query}`, bearer(ADMIN_TOKEN));
    expect(res.status).toBe(200);
    expect(Object.fromEntries(t.upstream.calls[0]!.url.searchParams)).toEqual(upstream);
  });

  it.each([
    '/api/ramp/payments/transactions?before=a&after=b',
    '/api/ramp/payments/transactions?types=buy',
    '/api/ramp/financial-accounts/transactions?startDate=2026-02-01',
  ])('refuses %s before asking the upstream', async (path) => {
    const t = testServer({ upstream: 'fake' });
    expect((await t.request(path, bearer(ADMIN_TOKEN))).status).toBe(400);
    expect(t.upstream.calls).toHaveLength(0);
  });

  it('checks the token before validating the query', async () => {
    const t = testServer({ upstream: 'fake' });
    expect((await t.request('/api/ramp/payments/transactions?limit=999')).status).toBe(401);
  });

  it('GET /api/ramp/admin/session answers 204 for the right token only', async () => {
    const t = testServer({ upstream: 'fake' });
    expect((await t.request('/api/ramp/admin/session', bearer(ADMIN_TOKEN))).status).toBe(204);
    expect((await t.request('/api/ramp/admin/session', bearer('wrong-token-wrong-token'))).status).toBe(401);
    expect(
      (
        await testServer({ upstream: 'fake', env: { RAMP_ADMIN_TOKEN: '' } }).request(
          '/api/ramp/admin/session',
        )
      ).status,
    ).toBe(404);
  });

  it('slows down token guessing from one client', async () => {
    const t = testServer({ upstream: 'fake' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await t.request('/api/ramp/admin/session', bearer(`guess-number-${i}-xxxxxxxx`))).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The limiter comes before the comparison: a throttled client's token is not tried, even the right one.
    const right = await t.request('/api/ramp/admin/session', bearer(ADMIN_TOKEN));
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
