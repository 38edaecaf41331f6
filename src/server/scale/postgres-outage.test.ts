// PostgreSQL goes away for a few seconds under a burst of session creations (a TCP proxy between the
// server and the real PostgreSQL, cut and restored: the shared server itself keeps running). The
// server (src/server/node/main.ts, Redis and PostgreSQL configured) answers what it cannot record
// with 503 and Retry-After, never 500; creations whose answer came during the outage are recorded
// once it is back; every shopper retrying with the same Idempotency-Key gets their session; and
// afterwards every session the upstream made is an order, every intent is held by its order only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream } from '../testing/cluster';
import type { CountingUpstream } from '../testing/cluster';
import { startServer, stopServers } from '../testing/process';
import { freshDatabase, missingServices, redisDb } from '../testing/services';
import { quotedSession } from '../testing/session';
import { startTcpProxy } from '../testing/tcp-proxy';
import type { TcpProxy } from '../testing/tcp-proxy';
import { buySession } from '../../api/test-sessions';

const skip = missingServices('PostgreSQL outage', ['redis', 'postgres']);
const ADMIN = 'pg-outage-admin-token-0123';
const SHOPPERS = 40;
const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const BUY = buySession({ destinationCurrencyCode: 'ETH', walletAddress: WALLET });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  code?: string;
  retryAfter: string | null;
  at: number;
}

describe.skipIf(skip)('a PostgreSQL outage during a burst of session creations', () => {
  let upstream: CountingUpstream;
  let db: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let origin = '';
  let query: <R>(sql: string) => Promise<R[]>;
  let closeQuery: () => Promise<void>;
  /** Settles only if the server process ends (a crash under the outage fails the test with its stderr). */
  let exited: Promise<string>;

  beforeAll(async () => {
    upstream = await startUpstream();
    db = await freshDatabase('pgoutage');
    const real = new URL(db.url);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(db.url);
    viaProxy.host = proxy.address;
    const redisUrl = redisDb(7);
    const { Redis } = await import('ioredis');
    const r = new Redis(redisUrl);
    await r.flushdb();
    r.disconnect();
    const server = startServer({
      RAMP_API_BASE_URL: upstream.origin,
      RAMP_API_KEY: upstream.apiKey,
      RAMP_SESSION_SECRET: 'pg-outage-session-secret-0123456789abcdef',
      RAMP_ADMIN_TOKEN: ADMIN,
      RAMP_REDIS_URL: redisUrl,
      RAMP_DATABASE_URL: viaProxy.href,
      RAMP_RATE_LIMIT_QUOTE: '100000/100000',
      RAMP_RATE_LIMIT_SESSION: '100000/100000',
    });
    exited = server.exited.then((code) => `exited (${code}): ${server.stderr().slice(-2000)}`);
    origin = await server.ready;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    query = async <R>(sql: string) => (await client.query(sql)).rows as R[];
    closeQuery = () => client.end();
  }, 60_000);
  afterAll(async () => {
    await stopServers('SIGKILL');
    await closeQuery?.();
    await proxy?.close();
    await upstream?.close();
    await db?.drop();
  });

  it('answers 503 with Retry-After, never 500, and leaves every session recorded and every intent with its order', async () => {
    const send = (path: string, init: RequestInit) => fetch(`${origin}${path}`, init);
    // Every fourth shopper comes from a merchant's intent (minted while the ledger is up).
    const intents = new Map<number, { reference: string; clientSecret: string }>();
    for (let i = 0; i < SHOPPERS; i += 4) {
      const reference = `order-outage-${i}`;
      const res = await fetch(`${origin}/api/ramp/intents`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reference, amount: '100' }),
      });
      intents.set(i, {
        reference,
        clientSecret: ((await res.json()) as { clientSecret: string }).clientSecret,
      });
    }
    // The upstream takes a moment to make each session: some are answered while PostgreSQL is away.
    upstream.faults.set([
      { method: 'POST', path: '/crypto/session/widget', kind: 'latency', latencyMs: 400 },
    ]);

    const outage = { from: 0, to: 0 };
    /** A shopper as the widget is one: the same Idempotency-Key until the session comes. */
    const shopper = async (i: number) => {
      await sleep(i * 100);
      const intent = intents.get(i);
      const headers = {
        'Idempotency-Key': `pg-outage-shopper-${String(i).padStart(4, '0')}`,
        ...(intent ? { 'X-Ramp-Intent': intent.clientSecret } : {}),
      };
      const answers: Answer[] = [];
      for (let attempt = 0; attempt < 200; attempt++) {
        const res = await quotedSession(send, BUY, headers);
        const body = (await res.json()) as { id?: string; code?: string };
        answers.push({
          status: res.status,
          code: body.code,
          retryAfter: res.headers.get('Retry-After'),
          at: Date.now(),
        });
        if (res.status === 200) return { i, answers, sessionId: body.id! };
        if (res.status !== 503) return { i, answers, sessionId: null };
        await sleep(250);
      }
      return { i, answers, sessionId: null };
    };
    // One checkout first: the discovery data the session rules read is in the cache.
    const warmUp = await quotedSession(send, BUY, { 'Idempotency-Key': 'pg-outage-warm-up' });
    expect(warmUp.status).toBe(200);
    const warmUpId = ((await warmUp.json()) as { id: string }).id;
    upstream.created.length = 0;

    const burst = Array.from({ length: SHOPPERS }, (_, i) => shopper(i));
    // Cut while the upstream is making sessions whose order is pending in the ledger.
    const inFlight = () => upstream.sessions.length - 1 - upstream.created.length;
    for (let i = 0; inFlight() < 2 && i < 500; i++) await sleep(10);
    outage.from = Date.now();
    proxy.cut();
    await sleep(3_000);
    proxy.restore();
    outage.to = Date.now();
    const results = await Promise.race([
      Promise.all(burst),
      exited.then((why) => Promise.reject(new Error(`the server died under the outage: ${why}`))),
    ]);
    // Some sessions were made (answered by the upstream) while PostgreSQL was away.
    const madeDuringOutage = upstream.created.filter((s) => s.at >= outage.from && s.at < outage.to);
    expect(madeDuringOutage.length).toBeGreaterThan(0);

    const answers = results.flatMap((r) => r.answers);
    // Never a 500 (nor another failure): what could not be recorded was a 503 that says when to come back.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter === null)).toEqual([]);
    const refusedDuringOutage = answers.filter((a) => a.code === 'LEDGER_UNAVAILABLE');
    expect(refusedDuringOutage.length).toBeGreaterThan(0);
    // Every shopper got their session by retrying with the same key; one session each upstream.
    expect(results.filter((r) => r.sessionId === null)).toEqual([]);
    const answered = results.map((r) => r.sessionId!);
    expect(new Set(answered).size).toBe(SHOPPERS);
    expect(upstream.created.map((s) => s.id).sort()).toEqual([...answered].sort());

    // Every session the upstream made, every one answered, is an order; no pending order is left.
    const orders = (
      await query<{ session_id: string; reference: string | null }>(
        'SELECT session_id, reference FROM ramp_orders',
      )
    ).filter((o) => o.session_id !== warmUpId);
    expect(orders.map((o) => o.session_id).sort()).toEqual([...answered].sort());
    const pending = await query<{ state: string; n: string }>(
      'SELECT state, COUNT(*) AS n FROM ramp_pending_orders GROUP BY state',
    );
    expect(pending.map((p) => [p.state, Number(p.n)])).toEqual([['recorded', SHOPPERS + 1]]);
    // The run's figures, for whoever reads the output.
    console.warn(
      `postgres outage of ${outage.to - outage.from} ms: ${answers.length} answers, ` +
        `${refusedDuringOutage.length} LEDGER_UNAVAILABLE, ` +
        `${answers.filter((a) => a.code === 'SESSION_PENDING').length} SESSION_PENDING, ` +
        `${madeDuringOutage.length} sessions made during it, all ${SHOPPERS} recorded`,
    );
    // Each intent is held by its shopper's order, and by nothing else.
    const held = await query<{ reference: string; session_id: string | null }>(
      'SELECT reference, session_id FROM ramp_intents',
    );
    for (const [i, intent] of intents) {
      const mine = results.find((r) => r.i === i)!.sessionId;
      expect(held.find((h) => h.reference === intent.reference)?.session_id).toBe(mine);
      expect(orders.filter((o) => o.reference === intent.reference).map((o) => o.session_id)).toEqual([mine]);
    }
  }, 120_000);
});
