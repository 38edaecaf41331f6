// GET /api/ramp/stats through createRampServer's fetch: shoppers open the checkout, get quotes and
// start sessions on a sandbox served over HTTP; the partner's page settles some orders, declines or
// cancels others, and one is never paid (it expires). The stats give exactly those counts, on the
// embedded ledger and through two instances sharing PostgreSQL and Redis (the same figures from each).
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RampServerOptions } from '../index';
import { freshDatabase, missingServices, redisDb } from '../testing/services';
import { type Call, callerOf, sandboxOverHttp } from '../testing/sandbox-http';
import { testServer } from '../testing/server';
import { quotedSession } from '../testing/session';
import type { Stats } from './stats';

const KEY = 'sk_test_stats_0123456789abcdef';
const ADMIN = 'stats-admin-token-0123456789';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops) await d();
});

/** The upstream: the sandbox on a real port, so every instance reads the same sessions. */
async function sandboxOrigin(): Promise<string> {
  const { origin, close } = await sandboxOverHttp(KEY);
  drops.push(close);
  return origin;
}

const base = (upstream: string) => ({
  apiBaseUrl: upstream,
  apiKey: KEY,
  adminToken: ADMIN,
  syncIntervalMs: 50,
  checkoutExpiresMs: 1_000,
  rateLimitSession: '600/100',
  rateLimitQuote: '600/100',
});

const caller = callerOf;

/** An instance on that upstream over HTTP, its jobs running, on the real clock. */
const instance = (options: RampServerOptions) =>
  testServer({ options: { role: 'all', ...options }, upstream: globalThis.fetch, clock: 'system' }).server;

const session = (partner: string, amount: string) => ({
  sessionType: 'BUY',
  sessionData: {
    serviceProvider: partner,
    countryCode: 'US',
    sourceCurrencyCode: 'USD',
    sourceAmount: amount,
    destinationCurrencyCode: 'ETH',
    paymentMethodType: 'CREDIT_DEBIT_CARD',
    walletAddress: WALLET,
  },
});

const ORDERS = [
  ['BANXA', '100', 'pay'],
  ['BANXA', '50.5', 'pay'],
  ['BANXA', '70', 'decline'],
  ['TRANSAK', '80', 'cancel'],
  ['TRANSAK', '60', null], // never paid: expires
] as const;

/** Six checkouts opened, five quoted and started, played out on the partner's page; `calls` take turns. */
async function playCheckouts(calls: Call[], upstream: string, tag: string): Promise<void> {
  for (let i = 0; i < 6; i++) {
    const opened = await calls[i % calls.length]!('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US');
    expect(opened.status).toBe(200);
  }
  for (const [i, [partner, amount, action]] of ORDERS.entries()) {
    const res = await quotedSession(
      (p, init) => calls[i % calls.length]!(p, init),
      session(partner, amount),
      {
        'Idempotency-Key': `stats-${tag}-${i}-0000`,
      },
    );
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    if (action === null) continue;
    const acted = await fetch(`${upstream}/provider/checkout/${id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `action=${action}`,
      redirect: 'manual',
    });
    expect(acted.status).toBe(303);
  }
}

const statsOf = async (call: Call, query = '') => {
  const res = await call(`/api/ramp/stats${query}`, { headers: { Authorization: `Bearer ${ADMIN}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Stats;
};

/** Waits until every order has ended, then checks the figures the checkouts above must give. */
async function expectPlayedStats(call: Call): Promise<Stats> {
  await vi.waitFor(
    async () => {
      const { funnel } = await statsOf(call);
      expect(funnel.completed + funnel.failed + funnel.abandoned).toBe(5);
    },
    { timeout: 20_000, interval: 100 },
  );
  const stats = await statsOf(call);
  expect(stats.funnel).toEqual({ opened: 6, quoted: 5, sessions: 5, completed: 2, failed: 2, abandoned: 1 });
  expect(stats.byPartner).toEqual([
    {
      partner: 'BANXA',
      orders: 3,
      completed: 2,
      failed: 1,
      abandoned: 0,
      completionRate: 0.6667,
      medianSecondsToComplete: expect.any(Number),
      // 2 of 3 ended orders completed, against every partner's 2 of 5: (2 + 10 × 0.4) / (3 + 10).
      completion: { rate: 6 / 13, ended: 3, baseline: 0.4 },
    },
    {
      partner: 'TRANSAK',
      orders: 2,
      completed: 0,
      failed: 1,
      abandoned: 1,
      completionRate: 0,
      medianSecondsToComplete: null,
      completion: { rate: 4 / 12, ended: 2, baseline: 0.4 },
    },
  ]);
  expect(stats.byPartner[0]!.medianSecondsToComplete).toBeGreaterThan(0);
  expect(stats.byCountry).toEqual([
    { country: 'US', orders: 5, completed: 2, failed: 2, abandoned: 1, completionRate: 0.4 },
  ]);
  expect(stats.byMethod).toEqual([
    { method: 'CREDIT_DEBIT_CARD', orders: 5, completed: 2, failed: 2, abandoned: 1, completionRate: 0.4 },
  ]);
  const today = new Date().toISOString().slice(0, 10);
  expect(stats.to).toBe(today);
  expect(stats.days).toHaveLength(30);
  expect(stats.days.at(-1)).toEqual({ day: today, orders: 5, completed: 2 });
  expect(stats.volume.fiat).toEqual([
    { currency: 'USD', total: '150.5', days: [{ day: today, amount: '150.5' }] },
  ]);
  expect(stats.volume.crypto).toEqual([
    {
      currency: 'ETH',
      total: expect.stringMatching(/^0\.\d+$/),
      days: [{ day: today, amount: expect.any(String) }],
    },
  ]);
  // Counts only: nothing of a shopper's (no wallet, reference or session) in the answer.
  expect(JSON.stringify(stats)).not.toMatch(/0x5290|ses_|stats-/i);
  return stats;
}

describe('GET /api/ramp/stats', () => {
  it('counts the funnel, partners, countries, methods and volume of the played checkouts (embedded ledger)', async () => {
    const upstream = await sandboxOrigin();
    const ramp = instance(base(upstream));
    const call = caller(ramp, '192.0.2.30');
    expect((await call('/api/ramp/stats')).status).toBe(401);
    expect(
      (await call('/api/ramp/stats', { headers: { Authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(401);

    await playCheckouts([call], upstream, 'embedded');
    await expectPlayedStats(call);

    const banxa = await statsOf(call, '?partner=BANXA');
    expect(banxa.funnel).toEqual({
      opened: null,
      quoted: null,
      sessions: 3,
      completed: 2,
      failed: 1,
      abandoned: 0,
    });
    expect(banxa.byPartner.map((p) => p.partner)).toEqual(['BANXA']);
    const gb = await statsOf(call, '?country=GB');
    expect(gb.funnel).toEqual({ opened: 0, quoted: 0, sessions: 0, completed: 0, failed: 0, abandoned: 0 });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await statsOf(call, `?from=${yesterday}&to=${yesterday}`);
    expect(before.days).toEqual([{ day: yesterday, orders: 0, completed: 0 }]);
    expect(before.funnel.sessions).toBe(0);

    for (const q of [
      '?from=2026-02-30',
      '?country=usa',
      '?partner=a b',
      `?from=${new Date().toISOString().slice(0, 10)}&to=2020-01-01`,
    ]) {
      const res = await call(`/api/ramp/stats${q}`, { headers: { Authorization: `Bearer ${ADMIN}` } });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY_PARAMETER' });
    }

    const metrics = await (await call('/metrics', { headers: { Authorization: `Bearer ${ADMIN}` } })).text();
    expect(metrics).toMatch(/^ramp_orders_total\{partner="BANXA",outcome="completed"\} 2$/m);
    expect(metrics).toMatch(/^ramp_orders_total\{partner="BANXA",outcome="failed"\} 1$/m);
    expect(metrics).toMatch(/^ramp_orders_total\{partner="TRANSAK",outcome="abandoned"\} 1$/m);
    expect(metrics).toMatch(/^ramp_checkouts_total\{stage="opened"\} 6$/m);
    expect(metrics).toMatch(/^ramp_checkouts_total\{stage="quoted"\} 5$/m);
    expect(metrics).toMatch(/^ramp_checkouts_total\{stage="session"\} 5$/m);
  }, 40_000);

  it('is 404 when no admin token is configured, like the other console routes', async () => {
    const ramp = testServer({ env: { RAMP_ADMIN_TOKEN: '' } }).server;
    expect((await caller(ramp, '192.0.2.31')('/api/ramp/stats')).status).toBe(404);
  });
});

describe.skipIf(missingServices('stats on several instances', ['redis', 'postgres']))(
  'GET /api/ramp/stats on two instances (real PostgreSQL and Redis)',
  () => {
    it('gives the same figures whichever instance answers', async () => {
      const upstream = await sandboxOrigin();
      const db = await freshDatabase('stats');
      drops.push(db.drop);
      const calls: Call[] = [];
      for (let i = 0; i < 2; i++) {
        const ramp = instance({
          ...base(upstream),
          redisUrl: redisDb(12),
          databaseUrl: db.url,
          sessionSecret: 'stats-session-secret-0123456789abcdef',
          leaseTtlMs: 1_000,
        });
        await ramp.ready();
        calls.push(caller(ramp, `192.0.2.${40 + i}`));
      }
      await playCheckouts(calls, upstream, `pg-${process.pid}-${Date.now()}`);
      const first = await expectPlayedStats(calls[0]!);
      const second = await expectPlayedStats(calls[1]!);
      expect(second).toEqual(first);
    }, 60_000);
  },
);
