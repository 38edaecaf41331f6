// Three instances of the built server behind a round-robin balancer on loopback, sharing a real Redis
// and a real PostgreSQL, in front of one upstream (the standalone sandbox, counting its calls). What
// one instance did, the others know: idempotent replays, tracking tokens, rate limits and the
// discovery cache.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payAtProvider, QUOTE_BODY, SESSION_BODY } from '../testing/session';
import { freshDatabase, missingServices, redisDb } from '../testing/services';
import { quoteFor, quotedSession } from '../testing/upstream';
import { startBalancer, startInstance, startUpstream, startWebhookReceiver } from '../testing/cluster';
import type { Balancer, CountingUpstream, Instance, WebhookReceiver } from '../testing/cluster';

const skip = missingServices('three instances behind a balancer', ['redis', 'postgres']);
const SECRET = 'cluster-test-session-secret-0123456789abcdef';

const post = (origin: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(origin + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

interface Cluster {
  upstream: CountingUpstream;
  instances: Instance[];
  lb: Balancer;
  redisUrl: string;
  stop(): Promise<void>;
}

/** Three built instances on one upstream, a fresh database and an emptied Redis database, behind a balancer. */
async function startCluster(o: {
  label: string;
  redisDb: number;
  timeScale?: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const upstream = await startUpstream({ timeScale: o.timeScale });
  const db = await freshDatabase(o.label);
  const redisUrl = redisDb(o.redisDb);
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
    ...o.env,
  };
  const cluster: Cluster = {
    upstream,
    instances: await Promise.all([startInstance(env), startInstance(env), startInstance(env)]),
    lb: await startBalancer(() => cluster.instances.map((i) => i.origin)),
    redisUrl,
    async stop() {
      await cluster.lb.close();
      await Promise.all(cluster.instances.map((i) => i.stop()));
      await upstream.close();
      await db.drop();
    },
  };
  return cluster;
}

describe.skipIf(skip)('three instances behind a round-robin balancer (real Redis and PostgreSQL)', () => {
  let cluster: Cluster;
  let upstream: CountingUpstream;
  let instances: Instance[] = [];
  let lb: Balancer;

  beforeAll(async () => {
    cluster = await startCluster({
      label: 'cluster',
      redisDb: 2,
      // 30 at once, then one a minute: what a test run sends is decided by the burst alone.
      env: { RAMP_RATE_LIMIT_QUOTE: '1/30' },
    });
    ({ upstream, instances, lb } = cluster);
  }, 60_000);

  afterAll(() => cluster?.stop());

  it('are all ready, and say which shared stores they use', async () => {
    for (const i of instances) {
      const res = await fetch(`${i.origin}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        ready: true,
        degraded: false,
        dependencies: { redis: { up: true }, postgres: { up: true } },
      });
      const health = (await (await fetch(`${i.origin}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ ok: true, phase: 'serving', stores: 'redis' });
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
    const paid = await payAtProvider(created.widgetUrl);
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
    // This query and no other: sessions above read other currency lists (their checks), which a
    // background refresh may read again meanwhile.
    const only = /^\/network-partner\/supported\/currencies\?(?=.*country=DE)(?=.*type=FIAT)/;
    const before = upstream.count('GET', only);
    const answers = await Promise.all(Array.from({ length: 9 }, () => fetch(lb.origin + path)));
    expect(answers.map((r) => r.status)).toEqual(Array(9).fill(200));
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(new Set(lb.picks.slice(-9)).size).toBe(3);
    expect(upstream.count('GET', only) - before).toBe(1);
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

describe.skipIf(skip)("three instances delivering one transaction's webhooks while one dies", () => {
  // The upstream's clock stands still (a paid transaction moves only when the test advances it):
  // each status is reached when the test says so, whatever the machine's speed.
  const STEP_MS = 1_000_000; // at timeScale 1000: PROCESSING at 1000 s, SETTLING 3000 s, SETTLED 6000 s
  let cluster: Cluster;
  let upstream: CountingUpstream;
  let receiver: WebhookReceiver;
  let instances: Instance[] = [];
  let lb: Balancer;
  let redisUrl: string;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    cluster = await startCluster({
      label: 'cluster_webhooks',
      redisDb: 3,
      timeScale: 1000,
      env: {
        RAMP_WEBHOOK_URL: receiver.url,
        RAMP_WEBHOOK_SECRET: 'whsec_cluster_0123456789abcdef0123456789',
        RAMP_WEBHOOK_RETRY_BASE_MS: '50',
        RAMP_SYNC_INTERVAL_MS: '50',
        // A dead instance's work is taken over a second after its last renewal.
        RAMP_LEASE_TTL_MS: '1000',
      },
    });
    ({ upstream, instances, lb, redisUrl } = cluster);
  }, 60_000);

  afterAll(async () => {
    await cluster?.stop();
    await receiver?.close();
  });

  const advance = async (ms: number) => {
    const res = await fetch(`${upstream.origin}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: ms }),
    });
    expect(res.status).toBe(204);
  };
  const acknowledged = () => receiver.log.filter((d) => d.acknowledged);
  const untilAcknowledged = (status: string) =>
    vi.waitFor(() => expect(acknowledged().map((d) => d.status)).toContain(status), {
      timeout: 30_000,
      interval: 50,
    });
  /** The instance whose process holds the lease `name` (its value names host and process). */
  const leaseHolder = async (name: string): Promise<Instance | undefined> => {
    const { Redis } = await import('ioredis');
    const r = new Redis(redisUrl);
    const token = await r.get(`ramp:lease:${name}`);
    r.disconnect();
    const pid = Number(token?.split(':')[1]);
    return instances.find((i) => i.child.pid === pid);
  };

  it("delivers each event once, in status order, and a survivor takes over the dead holder's lease", async () => {
    // Quoted first, as the widget does (a session is bound to a recent quote).
    const created = await quotedSession((path, init) => fetch(lb.origin + path, init), SESSION_BODY, {
      'Idempotency-Key': `webhooks-${Date.now()}`,
    });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string; widgetUrl: string };
    await untilAcknowledged('SESSION_CREATED');

    const paid = await payAtProvider(session.widgetUrl);
    expect(paid.status).toBe(303);
    await untilAcknowledged('PENDING');

    // Mid-flow: the PROCESSING event is on the wire, its sender holding the delivery lease, when
    // that instance dies without a goodbye (its lease is not released; it must expire).
    const arrived = receiver.holdNext('PROCESSING');
    await advance(STEP_MS);
    await arrived;
    const dead = await leaseHolder('webhooks');
    expect(dead).toBeDefined();
    // A delivery slower than the lease's time to live: its holder keeps renewing the lease, so no
    // other instance sends the same event beside it.
    const arrivals = receiver.log.length;
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await leaseHolder('webhooks'))?.child.pid).toBe(dead!.child.pid);
    expect(receiver.log).toHaveLength(arrivals);
    await dead!.stop('SIGKILL');
    const survivors = instances.filter((i) => i !== dead);

    await untilAcknowledged('PROCESSING');
    await advance(2 * STEP_MS);
    await untilAcknowledged('SETTLING');
    await advance(3 * STEP_MS);
    await untilAcknowledged('SETTLED');

    // The raw log: every request that reached the merchant, duplicates included.
    const statuses = ['SESSION_CREATED', 'PENDING', 'PROCESSING', 'SETTLING', 'SETTLED'];
    const delivered = acknowledged();
    expect(delivered.map((d) => d.status)).toEqual(statuses);
    expect(delivered.map((d) => d.type)).toEqual([
      'checkout.session_created',
      'transaction.updated',
      'transaction.updated',
      'transaction.updated',
      'transaction.completed',
    ]);
    expect(new Set(delivered.map((d) => d.id)).size).toBe(statuses.length);
    // Besides those, only the request that died with its sender, never answered, and the same
    // event (same id) as the survivor's delivery.
    const unanswered = receiver.log.filter((d) => !d.acknowledged);
    expect(unanswered).toHaveLength(1);
    const processing = delivered.find((d) => d.status === 'PROCESSING')!;
    expect(unanswered[0]!.id).toBe(processing.id);
    expect(receiver.log).toHaveLength(statuses.length + 1);

    // A survivor sent it, after the dead instance's lease expired, and all that followed (each
    // logs its delivery once it has recorded it).
    for (const d of delivered.slice(2)) {
      await vi.waitFor(
        () => {
          const senders = survivors.filter((i) => i.output().includes(`"eventId":"${d.id}"`));
          expect(senders, d.status).toHaveLength(1);
        },
        { timeout: 30_000, interval: 50 },
      );
    }
    expect(dead!.output()).not.toContain(`"eventId":"${processing.id}"`);
  }, 120_000);
});
