// `serve --role`: web instances serve shoppers and run no background job; a worker runs the jobs and
// answers only its health endpoints and metrics. Here on PostgreSQL and Redis (the roles split only
// where instances share the ledger): a session made through the web instance is announced by the
// worker's webhook sender, never the web instance's.
import { afterAll, describe, expect, it } from 'vitest';
import { listeningTestServer, type ListeningTestServer } from '../testing/server';
import { freshDatabase, missingServices, redisDb } from '../testing/services';
import { BUY_SESSION, quotedSession } from '../testing/upstream';

const skip = missingServices('serve --role', ['postgres', 'redis']);

describe.skipIf(skip)('RAMP_ROLE web and worker', { timeout: 60_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('web serves without jobs; the worker delivers its webhooks and serves only the health endpoints', async () => {
    const db = await freshDatabase('roles');
    cleanups.push(db.drop);
    const env = {
      RAMP_DATABASE_URL: db.url,
      RAMP_REDIS_URL: redisDb(9),
      RAMP_SESSION_SECRET: 'roles-test-session-secret-0123456789abcdef',
      RAMP_WEBHOOK_URL: 'https://merchant.test/webhooks/ramp',
      RAMP_WEBHOOK_SECRET: 'whsec_roles_0123456789abcdef0123456789',
      RAMP_LEASE_TTL_MS: '1000',
    };
    const posted = { web: 0, worker: 0 };
    const start = async (role: 'web' | 'worker'): Promise<ListeningTestServer<'fake'>> => {
      const s = await listeningTestServer({
        upstream: 'fake',
        env: { ...env, RAMP_ROLE: role },
        webhookFetch: async () => {
          posted[role]++;
          return new Response(null, { status: 204 });
        },
      });
      cleanups.push(s.close);
      await s.server.ready();
      return s;
    };
    const web = await start('web');
    const worker = await start('worker');

    const created = await quotedSession((p, init) => fetch(`${web.origin}${p}`, init), BUY_SESSION, {
      'Idempotency-Key': `roles-test-key-${Date.now()}`, // Redis outlives a run: a fresh key
    });
    expect(created.status).toBe(200);
    await expect.poll(() => posted.worker, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(posted.web).toBe(0);

    const shopper = await fetch(
      `${worker.origin}/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP`,
    );
    expect(shopper.status).toBe(404);
    expect(await shopper.json()).toMatchObject({ message: expect.stringMatching(/RAMP_ROLE=worker/) });
    expect((await fetch(`${worker.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.origin}/readyz`)).status).toBe(200);
  });
});
