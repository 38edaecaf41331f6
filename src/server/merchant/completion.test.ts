// The ranking's completion rates (issue 27) through createRampServer's fetch: shoppers quote and start
// sessions on a sandbox served over HTTP whose `failing` scenario fails every paid BANXA order, and
// pay on the partner's page; once the status sync has ended them, the quote answer carries, per
// partner, how often its orders completed here, smoothed toward every partner's rate. With the
// learning off it carries none; two instances on one PostgreSQL ledger give the same figures.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Quote } from '../../api/types';
import type { RampServerOptions } from '../index';
import { openEmbeddedLedger } from '../storage/ledger';
import { testServer } from '../testing/server';
import { freshDatabase, missingServices, redisDb } from '../testing/services';
import { type Call, callerOf, sandboxOverHttp } from '../testing/sandbox-http';
import { QUOTE_PATH, json, quotedSession } from '../testing/session';
import type { Ledger } from '../storage/ledger/ledger';
import { COMPLETION_CACHE_MS, completionOf } from './completion';
import type { Stats } from './stats';

const KEY = 'sk_test_completion_0123456789abcdef';
const ADMIN = 'completion-admin-token-0123456789';
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const d of drops) await d();
});

/** The upstream: the sandbox on a real port, so every instance reads the same sessions. */
async function sandboxOn() {
  const { close, ...upstream } = await sandboxOverHttp(KEY);
  drops.push(close);
  return upstream;
}

const base = (upstream: string): RampServerOptions => ({
  apiBaseUrl: upstream,
  apiKey: KEY,
  adminToken: ADMIN,
  syncIntervalMs: 50,
  rateLimitSession: '6000/1000',
  rateLimitQuote: '6000/1000',
});

const caller = callerOf;

/** An instance whose jobs run (the status sync ends the orders), on the real clock moved by `offset`. */
const instance = (options: RampServerOptions, clock: () => number) =>
  testServer({ options: { role: 'all', ...options }, upstream: globalThis.fetch, clock }).server;

const TERMS = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  destinationCurrencyCode: 'ETH',
  paymentMethodType: 'CREDIT_DEBIT_CARD',
};
const session = (partner: string) => ({
  sessionType: 'BUY',
  sessionData: { ...TERMS, serviceProvider: partner, sourceAmount: '100', walletAddress: WALLET },
});

/** `count` orders of each partner, paid on the partner's page; `calls` take turns. */
async function playOrders(calls: Call[], upstream: string, tag: string, partners: string[], count: number) {
  let i = 0;
  for (let n = 0; n < count; n++) {
    for (const partner of partners) {
      const call = calls[i % calls.length]!;
      const res = await quotedSession(call, session(partner), {
        'Idempotency-Key': `cmp-${tag}-${i++}-0000`,
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: string };
      const paid = await fetch(`${upstream}/provider/checkout/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
    }
  }
}

async function waitForEnded(call: Call, ended: number) {
  await vi.waitFor(
    async () => {
      const res = await call('/api/ramp/stats', { headers: { Authorization: `Bearer ${ADMIN}` } });
      const { funnel } = (await res.json()) as Stats;
      expect(funnel.completed + funnel.failed + funnel.abandoned).toBe(ended);
    },
    { timeout: 30_000, interval: 100 },
  );
}

const quotes = async (call: Call, terms: Record<string, unknown> = TERMS): Promise<Quote[]> => {
  const res = await call(QUOTE_PATH, json({ ...terms, sourceAmount: 100 }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { quotes: Quote[] }).quotes;
};
const completionIn = (list: Quote[], partner: string) =>
  list.find((q) => q.serviceProvider === partner)?.completion;

describe('completion rates on quotes', () => {
  it('after 25 of BANXA’s orders fail and 25 of TRANSAK’s settle, each quote carries its smoothed rate', async () => {
    const { origin, sandbox } = await sandboxOn();
    sandbox.scenarios.set({ failing: { BANXA: 1 } });
    let offset = 0;
    const ramp = instance(base(origin), () => Date.now() + offset);
    const call = caller(ramp, '192.0.2.60');

    // Nothing has ended yet: no completion on any quote.
    expect((await quotes(call)).every((q) => q.completion === undefined)).toBe(true);
    await playOrders([call], origin, 'embedded', ['BANXA', 'TRANSAK'], 25);
    await waitForEnded(call, 50);
    // Each instance reads the ledger at most once per COMPLETION_CACHE_MS (the injected clock; the
    // last test counts the reads): the next quote reads it again.
    offset += COMPLETION_CACHE_MS;

    const list = await quotes(call);
    const baseline = 25 / 50;
    expect(completionIn(list, 'BANXA')).toEqual({
      rate: (0 + 10 * baseline) / (25 + 10),
      ended: 25,
      baseline,
    });
    expect(completionIn(list, 'TRANSAK')).toEqual({
      rate: (25 + 10 * baseline) / (25 + 10),
      ended: 25,
      baseline,
    });
    // A partner with no ended order here sits at the baseline.
    expect(completionIn(list, 'PAYBIS')).toEqual({ rate: baseline, ended: 0, baseline });
    // Aggregates only: nothing of an order or a shopper.
    expect(JSON.stringify(list)).not.toMatch(/0x5290|ses_|cmp-/i);

    // Another country or method has no ended order: no completion there.
    expect((await quotes(call, { ...TERMS, paymentMethodType: 'APPLE_PAY' })).some((q) => q.completion)).toBe(
      false,
    );

    // The bootstrap's opening quote carries the same.
    const opening = await call(
      '/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US&sourceCurrencyCode=USD&destinationCurrencyCode=ETH&sourceAmount=100&paymentMethodType=CREDIT_DEBIT_CARD',
    );
    const { quote } = (await opening.json()) as { quote: { quotes: Quote[] } };
    expect(completionIn(quote.quotes, 'BANXA')).toEqual(completionIn(list, 'BANXA'));

    // The console's stats give each partner the same figure over its period (every country and method).
    const stats = (await (
      await call('/api/ramp/stats', { headers: { Authorization: `Bearer ${ADMIN}` } })
    ).json()) as Stats;
    expect(stats.byPartner.find((p) => p.partner === 'TRANSAK')!.completion).toEqual(
      completionIn(list, 'TRANSAK'),
    );
  }, 90_000);

  it('carries none with the learning off (rankingLearning: false)', async () => {
    const { origin, sandbox } = await sandboxOn();
    sandbox.scenarios.set({ failing: { BANXA: 1 } });
    let offset = 0;
    const ramp = instance({ ...base(origin), rankingLearning: false }, () => Date.now() + offset);
    const call = caller(ramp, '192.0.2.61');
    await playOrders([call], origin, 'off', ['BANXA', 'TRANSAK'], 2);
    await waitForEnded(call, 4);
    offset += COMPLETION_CACHE_MS;
    const list = await quotes(call);
    expect(list.length).toBeGreaterThan(1);
    expect(list.some((q) => 'completion' in q)).toBe(false);
  }, 60_000);
});

describe('completionOf', () => {
  it('smooths toward the baseline, which is 0.8 when nothing has ended', () => {
    expect(completionOf({ completed: 0, ended: 0 }, { completed: 0, ended: 0 })).toEqual({
      rate: 0.8,
      ended: 0,
      baseline: 0.8,
    });
    // Three failures of a new partner cannot sink it: 0.9 × 10 / 13.
    expect(completionOf({ completed: 0, ended: 3 }, { completed: 90, ended: 100 }).rate).toBeCloseTo(
      0.6923,
      4,
    );
  });
});

describe('completion rates when the ledger cannot give them', () => {
  it('answers quotes without completion, at once, and asks the ledger again only after 30 s', async () => {
    let reads = 0;
    let hang = true;
    const ledger = openEmbeddedLedger(null).then((l): Ledger => ({
      ...l,
      stats: {
        ...l.stats,
        completionCounts: () => {
          reads += 1;
          // First a ledger that never answers, then one that fails.
          return hang ? new Promise(() => {}) : Promise.reject(new Error('connection refused'));
        },
      },
    }));
    let offset = 0;
    const ramp = testServer({
      options: { rateLimitQuote: '6000/1000' },
      ledger,
      clock: () => Date.now() + offset,
    }).server;
    const call = caller(ramp, '192.0.2.62');
    const started = Date.now();
    const first = await quotes(call);
    expect(first.length).toBeGreaterThan(1);
    expect(first.some((q) => 'completion' in q)).toBe(false);
    // Held up at most by the wait for the ledger, not by the ledger.
    expect(Date.now() - started).toBeLessThan(5_000);
    await quotes(call);
    expect(reads).toBe(1);
    hang = false;
    offset += COMPLETION_CACHE_MS;
    expect((await quotes(call)).some((q) => 'completion' in q)).toBe(false);
    await quotes(call);
    expect(reads).toBe(2);
  }, 30_000);
});

describe.skipIf(missingServices('completion rates on several instances', ['redis', 'postgres']))(
  'completion rates on two instances (real PostgreSQL and Redis)',
  () => {
    it('gives the same figures whichever instance answers', async () => {
      const { origin, sandbox } = await sandboxOn();
      sandbox.scenarios.set({ failing: { BANXA: 1 } });
      const db = await freshDatabase('completion');
      drops.push(db.drop);
      let offset = 0;
      const calls: Call[] = [];
      for (let i = 0; i < 2; i++) {
        const ramp = instance(
          {
            ...base(origin),
            redisUrl: redisDb(13),
            databaseUrl: db.url,
            sessionSecret: 'completion-session-secret-0123456789abcdef',
            leaseTtlMs: 1_000,
          },
          () => Date.now() + offset,
        );
        await ramp.ready();
        calls.push(caller(ramp, `192.0.2.${70 + i}`));
      }
      await playOrders(calls, origin, `pg-${process.pid}-${Date.now()}`, ['BANXA', 'TRANSAK'], 3);
      await waitForEnded(calls[0]!, 6);
      offset += COMPLETION_CACHE_MS;
      const first = await quotes(calls[0]!);
      const second = await quotes(calls[1]!);
      const baseline = 3 / 6;
      expect(completionIn(first, 'BANXA')).toEqual({ rate: (0 + 10 * baseline) / 13, ended: 3, baseline });
      expect(completionIn(first, 'TRANSAK')).toEqual({ rate: (3 + 10 * baseline) / 13, ended: 3, baseline });
      expect(second.map((q) => [q.serviceProvider, q.completion])).toEqual(
        first.map((q) => [q.serviceProvider, q.completion]),
      );
    }, 90_000);
  },
);
