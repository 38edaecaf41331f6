// Redis stops under a running instance: /readyz stays 200 and says `degraded` (every instance
// shares Redis: taking them all out of the balancer would serve nobody), quotes and new sessions are
// refused with a clear 503 (no hang, no crash), discovery keeps answering (from the cache, else
// straight from the upstream), a shopper's tracking reads keep working (on this instance's own
// rate limit while the shared one cannot be reached). Redis comes back: the instance is ready again
// and quotes pass, without a restart. The suite runs a Redis of its own, to stop it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_BODY, SESSION_BODY } from '../testing/session';
import { quotedSession } from '../testing/session';
import { freePort, freshDatabase, missingServices, requireProgram } from '../testing/services';
import { startInstance, startUpstream } from '../testing/cluster';
import type { CountingUpstream, Instance } from '../testing/cluster';

const skip = missingServices('Redis outage', ['postgres']);
const binary = skip ? undefined : requireProgram('Redis outage', 'redis-server');

function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    binary!,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) ok(child);
    });
    child.once('exit', (code) => fail(new Error(`redis-server exited with ${code}: ${out}`)));
  });
}

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill('SIGKILL');
  });

const ADMIN = 'outage-admin-token-0123456789';

const quote = (origin: string) =>
  fetch(`${origin}/api/ramp/payments/crypto/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(QUOTE_BODY),
  });

describe.skipIf(skip)('a Redis outage under a running instance', () => {
  let upstream: CountingUpstream;
  let db: { url: string; drop: () => Promise<void> };
  let redis: ChildProcess;
  let port = 0;
  let instance: Instance;

  beforeAll(async () => {
    upstream = await startUpstream();
    db = await freshDatabase('outage');
    port = await freePort();
    redis = await startRedis(port);
    instance = await startInstance({
      RAMP_API_BASE_URL: upstream.origin,
      RAMP_API_KEY: upstream.apiKey,
      RAMP_SESSION_SECRET: 'outage-test-session-secret-0123456789abcdef',
      RAMP_REDIS_URL: `redis://127.0.0.1:${port}`,
      RAMP_DATABASE_URL: db.url,
      RAMP_ADMIN_TOKEN: ADMIN,
    });
  }, 60_000);

  afterAll(async () => {
    await instance?.stop();
    if (redis) await stopProcess(redis);
    await upstream?.close();
    await db?.drop();
  });

  it('stays ready (degraded) with quotes as 503s, then recovers without a restart', async () => {
    const countries = `${instance.origin}/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP`;
    expect((await fetch(countries)).status).toBe(200);
    expect((await fetch(`${instance.origin}/readyz`)).status).toBe(200);
    const created = await quotedSession(
      (path, init) => fetch(`${instance.origin}${path}`, init),
      SESSION_BODY,
      { 'Idempotency-Key': 'outage-key-before-0001' },
    );
    expect(created.status).toBe(200);
    const { id, trackingToken } = (await created.json()) as { id: string; trackingToken: string };
    const track = () =>
      fetch(`${instance.origin}/api/ramp/payments/transactions/sessions/${id}`, {
        headers: { 'X-Ramp-Tracking': trackingToken },
      });
    const trackedBefore = await track();
    expect(trackedBefore.status).toBe(200);
    const before = (await trackedBefore.json()) as Record<string, unknown>;

    // The background jobs have taken their leases (in the background, as they start: bounded look).
    const scrape = async () =>
      (await fetch(`${instance.origin}/metrics`, { headers: { Authorization: `Bearer ${ADMIN}` } })).text();
    const leasesOf = (text: string) =>
      [...text.matchAll(/^ramp_lease_held\{lease="([^"]+)"\} (\d)$/gm)].map(([, l, v]) => `${l} ${v}`);
    let leases: string[] = [];
    for (let i = 0; i < 200 && !leases.includes('status-sync 1'); i++) {
      leases = leasesOf(await scrape());
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(leases).toContain('status-sync 1');

    const sessionsBefore = upstream.count('POST', '/crypto/session/widget');
    await stopProcess(redis);

    // The shopper watching a payment is not cut off: the same answer as before the outage.
    const tracked = await track();
    expect(tracked.status).toBe(200);
    expect(Object.keys((await tracked.json()) as object).sort()).toEqual(Object.keys(before).sort());

    // Still ready (it serves discovery and tracking; every instance shares Redis), and says degraded.
    const ready = await fetch(`${instance.origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      ready: true,
      degraded: true,
      dependencies: { redis: { up: false }, postgres: { up: true } },
    });
    const health = await fetch(`${instance.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, phase: 'serving' });
    const metrics = await scrape();
    expect(metrics).toMatch(/^ramp_degraded 1$/m);
    expect(metrics).toMatch(/^ramp_dependency_up\{dependency="redis"\} 0$/m);
    // Nobody can hold a lease without Redis: each one is still there, at 0 (RampLeaseUnheld fires).
    expect(leasesOf(metrics)).toEqual(leases.map((l) => l.replace(/\d$/, '0')));

    const refused = await quote(instance.origin);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({
      code: 'DEPENDENCY_UNAVAILABLE',
      message: expect.stringMatching(/unavailable for a moment/),
    });
    const session = await fetch(`${instance.origin}/api/ramp/crypto/session/widget`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'outage-key-0001' },
      body: JSON.stringify(SESSION_BODY),
    });
    expect(session.status).toBe(503);
    expect(upstream.count('POST', '/crypto/session/widget')).toBe(sessionsBefore);

    // Discovery: the cached answer, and an uncached one straight from the upstream.
    const cached = await fetch(countries);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    const uncached = await fetch(
      `${instance.origin}/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=FIAT`,
    );
    expect(uncached.status).toBe(200);
    expect(instance.child.exitCode).toBeNull();

    redis = await startRedis(port);
    let degraded = true;
    for (let i = 0; i < 100 && degraded; i++) {
      await new Promise((r) => setTimeout(r, 100));
      degraded = ((await (await fetch(`${instance.origin}/readyz`)).json()) as { degraded: boolean })
        .degraded;
    }
    expect(degraded).toBe(false);
    expect((await quote(instance.origin)).status).toBe(200);
    expect(instance.child.exitCode).toBeNull();
  }, 60_000);
});
