// Three instances of the built server behind a round-robin balancer on loopback, sharing a real Redis
// and a real PostgreSQL, in front of one upstream (the standalone sandbox, counting its calls). What
// one instance did, the others know: idempotent replays, tracking tokens, rate limits and the
// discovery cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_BODY, SESSION_BODY } from '../hardening/harness';
import { freshDatabase, missingServices, redisDb } from '../test-services';
import { quoteFor } from '../test-upstream';
import { startBalancer, startInstance, startUpstream } from './cluster';
import type { Balancer, CountingUpstream, Instance } from './cluster';

const skip = missingServices('three instances behind a balancer', ['redis', 'postgres']);
const SECRET = 'cluster-test-session-secret-0123456789abcdef';

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe.skipIf(skip)('three instances behind a round-robin balancer (real Redis and PostgreSQL)', () => {
  let upstream: CountingUpstream;
  let db: { url: string; drop: () => Promise<void> };
  let instances: Instance[] = [];
  let lb: Balancer;

  beforeAll(async () => {
    upstream = await startUpstream();
    db = await freshDatabase('cluster');
    const redisUrl = redisDb(2);
    const { Redis } = await import('ioredis');
    const r = new Redis(redisUrl);
    await r.flushdb();
    r.disconnect();
    const env = {
      RAMP_API_BASE_URL: upstream.origin,
      RAMP_API_KEY: upstream.apiKey,
      RAMP_SESSION_SECRET: SECRET,
      RAMP_REDIS_URL: redisUrl,
      RAMP_DATABASE_URL: db.url,
      RAMP_TRUST_PROXY: '1',
      // 30 at once, then one a minute: what a test run sends is decided by the burst alone.
      RAMP_RATE_LIMIT_QUOTE: '1/30',
    };
    instances = await Promise.all([startInstance(env), startInstance(env), startInstance(env)]);
    lb = await startBalancer(() => instances.map((i) => i.origin));
  }, 60_000);

  afterAll(async () => {
    await lb?.close();
    await Promise.all(instances.map((i) => i.stop()));
    await upstream?.close();
    await db?.drop();
  });

  it('are all ready, and say which shared stores they use', async () => {
    for (const i of instances) {
      const res = await fetch(`${i.origin}/readyz`);
      expect(res.status).toBe(200);
      const health = (await (await fetch(`${i.origin}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({
        ok: true,
        ready: true,
        stores: 'redis',
        dependencies: { redis: { up: true }, postgres: { up: true } },
      });
    }
  });

  it('replay a session through another instance with the same answer and one upstream call; a third reads its transaction', async () => {
    const key = `cluster-${Date.now()}`;
    // Quoted first, as the widget does: straight to one instance, as another client than the
    // balancer's (whose quote allowance the test below measures).
    const quoted = await post(
      instances[0]!.origin,
      '/api/ramp/payments/crypto/quote',
      quoteFor(SESSION_BODY),
      {
        'X-Forwarded-For': '198.51.100.20',
      },
    );
    expect(quoted.status).toBe(200);
    const first = await post(lb.origin, '/api/ramp/crypto/session/widget', SESSION_BODY, {
      'Idempotency-Key': key,
    });
    expect(first.status).toBe(200);
    const created = (await first.json()) as { id: string; widgetUrl: string; trackingToken: string };
    const replay = await post(lb.origin, '/api/ramp/crypto/session/widget', SESSION_BODY, {
      'Idempotency-Key': key,
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(created);
    const [byFirst, byReplay] = lb.picks.slice(-2);
    expect(byReplay).not.toBe(byFirst);
    expect(upstream.count('POST', '/crypto/session/widget')).toBe(1);

    // The shopper pays on the provider's page (the upstream's own), then tracks through the third.
    const paid = await fetch(created.widgetUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const third = instances.map((i) => i.origin).find((o) => o !== byFirst && o !== byReplay)!;
    const tracked = await fetch(`${third}/api/ramp/payments/transactions/sessions/${created.id}`, {
      headers: { 'X-Ramp-Tracking': created.trackingToken },
    });
    expect(tracked.status).toBe(200);
    const { transaction } = (await tracked.json()) as { transaction: { id: string; sessionId: string } };
    expect(transaction.sessionId).toBe(created.id);
    const byId = await fetch(`${third}/api/ramp/payments/transactions/${transaction.id}`, {
      headers: { 'X-Ramp-Tracking': created.trackingToken },
    });
    expect(byId.status).toBe(200);
  });

  it('limit 120 quotes from one client across the three exactly as one instance would', async () => {
    const before = upstream.count('POST', '/payments/crypto/quote');
    const statuses: number[] = [];
    // Ten at a time, in order, so "the first 30" is meaningful.
    for (let i = 0; i < 120; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, () => post(lb.origin, '/api/ramp/payments/crypto/quote', QUOTE_BODY)),
      );
      for (const r of batch) {
        statuses.push(r.status);
        if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        await r.arrayBuffer();
      }
    }
    // One bucket of 30 for the client, wherever its requests landed (per-instance buckets: 90).
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(new Set(lb.picks.slice(-120)).size).toBe(3);
    expect(upstream.count('POST', '/payments/crypto/quote') - before).toBe(30);
  });

  it('answer concurrent identical discovery misses on every instance with one upstream call', async () => {
    const path = '/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=DE&type=FIAT';
    // Sessions above read other currency lists (their checks); this one is new.
    const before = upstream.count('GET', '/network-partner/supported/currencies');
    const answers = await Promise.all(Array.from({ length: 9 }, () => fetch(lb.origin + path)));
    expect(answers.map((r) => r.status)).toEqual(Array(9).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(lb.picks.slice(-9)).size).toBe(3);
    expect(upstream.count('GET', '/network-partner/supported/currencies') - before).toBe(1);
  });

  it('bind a session created through one instance to the quote another instance answered', async () => {
    const shopper = { 'X-Forwarded-For': '198.51.100.21' };
    const terms = { ...SESSION_BODY, sessionData: { ...SESSION_BODY.sessionData, sourceAmount: '120' } };
    const session = (origin: string, key: string) =>
      post(origin, '/api/ramp/crypto/session/widget', terms, { 'Idempotency-Key': key, ...shopper });
    const sessions = upstream.count('POST', '/crypto/session/widget');
    const unquoted = await session(instances[2]!.origin, `cluster-unquoted-${Date.now()}`);
    expect(unquoted.status).toBe(422);
    expect(await unquoted.json()).toMatchObject({ code: 'QUOTE_REQUIRED' });
    const quoted = await post(
      instances[0]!.origin,
      '/api/ramp/payments/crypto/quote',
      quoteFor(terms),
      shopper,
    );
    expect(quoted.status).toBe(200);
    const created = await session(instances[1]!.origin, `cluster-bound-${Date.now()}`);
    expect(created.status).toBe(200);
    expect(upstream.count('POST', '/crypto/session/widget') - sessions).toBe(1);
  });
});
