// Retention through the server: a ledger holding orders from long ago, opened by a server, loses
// its terminal orders and delivered webhooks older than RAMP_RETENTION_DAYS in the background
// soon after start, and keeps the rest (what is open, recent, or not yet delivered). The server's
// clock is moved past the first run's delay (rather than waiting it out), and a short lease makes
// the job look again within a third of a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createRampServer, nodeHandler } from '../index';
import { openEmbeddedLedger } from '../storage/ledger';
import { seedForRetention } from '../testing/retention';

const ADMIN = 'retention-test-admin-token';
const dir = mkdtempSync(join(tmpdir(), 'ramp-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('prunes terminal orders and delivered webhooks older than RAMP_RETENTION_DAYS in the background', async () => {
  const now = Date.now();
  const seeded = await openEmbeddedLedger(dir);
  await seedForRetention(seeded, now, 30);
  await seeded.close();

  let skewMs = 0;
  const ramp = createRampServer(
    { dataDir: dir, adminToken: ADMIN, retentionDays: 30, leaseTtlMs: 300 },
    { static: null, log: { debug() {}, info() {}, warn() {}, error() {} }, now: () => Date.now() + skewMs },
  );
  const http = createServer(nodeHandler(ramp));
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const status = async (sessionId: string) =>
    (await fetch(`${url}/api/ramp/orders/${sessionId}`, { headers: { Authorization: `Bearer ${ADMIN}` } }))
      .status;
  try {
    expect(await status('old-done-1')).toBe(200);
    // The first run is due 5 s after start (jobs/retention.ts): the clock passes it, nothing else.
    skewMs = 6_000;
    const until = Date.now() + 20_000;
    while ((await status('old-done-3')) === 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const id of ['old-done-1', 'old-done-2', 'old-done-3']) expect(await status(id)).toBe(404);
    for (const id of ['old-undelivered', 'old-open', 'new-done']) expect(await status(id)).toBe(200);
  } finally {
    await new Promise((ok) => http.close(ok));
    await ramp.close();
  }
}, 30_000);
