// The merchant's upstream quota is the server's to spend, not any client's: cache misses that go
// upstream are limited per client, total upstream concurrency is bounded, negative answers are
// cached briefly, and transaction reads by id are limited too.
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../http/tokens';
import { SESSION_SECRET, testServer } from '../testing/server';

const currencies = (code: string) =>
  `/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO&providerCurrencyCode=${code}`;

describe('discovery cache misses', () => {
  it('300 distinct queries from one client reach the upstream at most ~60 times; another client is still served', async () => {
    const t = testServer({ upstream: 'fake' });
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) statuses.push((await t.request(currencies(`X${i}`))).status);
    const upstream = t.upstream.calls.filter((c) => c.path === '/network-partner/supported/currencies');
    expect(upstream.length).toBeLessThanOrEqual(60);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(200);
    const limited = await t.request(currencies('X999'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Cached answers are still served to the busy client; another client is served in full.
    expect((await t.request(currencies('X0'))).status).toBe(200);
    expect((await t.request(currencies('X999'), {}, '198.51.100.9')).status).toBe(200);
  });

  it('negative answers are cached briefly: the same missing query goes upstream once', async () => {
    const t = testServer({ upstream: 'fake' });
    t.upstream.on('/network-partner/supported/currencies', () => ({
      status: 400,
      body: { code: 'INVALID_CURRENCY_CODE', message: 'unknown' },
    }));
    for (let i = 0; i < 5; i++) {
      const res = await t.request(currencies('NOPE'));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_CURRENCY_CODE' });
    }
    expect(t.upstream.calls).toHaveLength(1);
    t.clock.advance(60_000);
    await t.request(currencies('NOPE'));
    expect(t.upstream.calls).toHaveLength(2);
  });

  it('total upstream concurrency is bounded', async () => {
    const t = testServer({
      upstream: 'fake',
      env: { RAMP_UPSTREAM_CONCURRENCY: '4', RAMP_RATE_LIMIT_DISCOVERY: '100000/100000' },
    });
    const gate = t.upstream.hold();
    const pending = Array.from({ length: 20 }, (_, i) =>
      t.request(currencies(`C${i}`), {}, `198.51.100.${i}`),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(t.upstream.calls.length).toBe(4);
    gate.release();
    const done = await Promise.all(pending);
    expect(done.every((r) => r.status === 200)).toBe(true);
    expect(t.upstream.calls.length).toBe(20);
  });
});

describe('transaction reads by id', () => {
  it('are rate limited per client', async () => {
    const t = testServer({ upstream: 'fake' });
    const token = createTokenSigner(SESSION_SECRET).sign('s1');
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await t.request(`/api/ramp/payments/transactions/tx-s1`, {
        headers: { 'X-Ramp-Tracking': token },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(t.upstream.calls.length).toBeLessThan(200);
  });
});
