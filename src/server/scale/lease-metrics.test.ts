// Two instances on one Redis and one PostgreSQL: /metrics says which of them holds each background
// lease, so `sum by (lease) (ramp_lease_held)` is 1 for every lease, and the ledger's size is the
// shared ledger's, the same on both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RampServer } from '../index';
import { testServer } from '../testing/server';
import type { TestServer } from '../testing/server';
import { freshDatabase, missingServices, redisDb } from '../testing/services';

const skip = missingServices('background leases across two instances', ['redis', 'postgres']);
const TOKEN = 'lease-metrics-admin-token-0123456789';
const JOBS = ['status-sync', 'webhooks', 'pending-orders', 'retention'];

/** `ramp_lease_held` of one scrape, by lease. */
const leasesOf = (text: string): Record<string, number> =>
  Object.fromEntries(
    [...text.matchAll(/^ramp_lease_held\{lease="([^"]+)"\} (\d+)$/gm)].map(([, l, v]) => [l!, Number(v)]),
  );

describe.skipIf(skip)('ramp_lease_held on two instances (real Redis and PostgreSQL)', () => {
  const hosts: TestServer[] = [];
  const ramps: RampServer[] = [];
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = await freshDatabase('lease_metrics');
    drop = db.drop;
    const redisUrl = redisDb(14);
    const { Redis } = await import('ioredis');
    const r = new Redis(redisUrl);
    await r.flushdb();
    r.disconnect();
    for (let i = 0; i < 2; i++) {
      // Each instance's jobs run, on the real clock.
      const host = testServer({
        options: {
          role: 'all',
          redisUrl,
          databaseUrl: db.url,
          adminToken: TOKEN,
          sessionSecret: 'lease-metrics-session-secret-0123456789abcdef',
          webhookUrl: 'http://127.0.0.1:9/unreachable',
          webhookSecret: 'whsec_0123456789abcdef0123456789abcdef',
        },
        clock: 'system',
      });
      hosts.push(host);
      ramps.push(host.server);
      await host.server.ready();
    }
  }, 60_000);

  afterAll(async () => {
    // Before the database goes.
    await Promise.all(hosts.map((h) => h.close()));
    await drop?.();
  });

  const scrape = async (ramp: RampServer) => {
    const res = await ramp.fetch(
      new Request('http://instance/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } }),
      { ip: '127.0.0.1' },
    );
    expect(res.status).toBe(200);
    return res.text();
  };

  it('names exactly one holder per lease, and both report the shared ledger', async () => {
    // Both instances' jobs ask for their leases as they start, in the background: look until every
    // lease has a series on both (bounded), then each lease must have exactly one holder.
    let texts: string[] = [];
    for (let i = 0; i < 200; i++) {
      texts = await Promise.all(ramps.map(scrape));
      const seen = texts.map(leasesOf);
      if (JOBS.every((l) => seen.every((s) => l in s) && seen[0]![l]! + seen[1]![l]! === 1)) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const [a, b] = texts.map(leasesOf);
    for (const lease of JOBS) {
      expect([a![lease], b![lease]], lease).toContain(0);
      expect(a![lease]! + b![lease]!, lease).toBe(1);
    }
    for (const text of texts) {
      expect(text).toMatch(/^ramp_ledger_orders 0$/m);
      expect(text).toMatch(/^ramp_ledger_webhook_deliveries 0$/m);
      // PostgreSQL's ledger tables, with their indexes: never empty once migrated.
      expect(Number(/^ramp_ledger_bytes (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(8192);
    }
  });
});
