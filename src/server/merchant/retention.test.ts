// Retention through the server: a ledger holding orders from long ago, opened by a server, loses
// its terminal orders and delivered webhooks older than RAMP_RETENTION_DAYS in the background
// soon after start, and keeps the rest (what is open, recent, or not yet delivered). The server's
// clock is moved past the first run's delay (rather than waiting it out), and a short lease makes
// the job look again within a third of a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openEmbeddedLedger } from '../storage/ledger';
import { seedForRetention } from '../testing/retention';
import { ADMIN_TOKEN as ADMIN, listeningTestServer } from '../testing/server';

const dir = mkdtempSync(join(tmpdir(), 'ramp-retention-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('prunes terminal orders and delivered webhooks older than RAMP_RETENTION_DAYS in the background', async () => {
  const now = Date.now();
  const seeded = await openEmbeddedLedger(dir);
  await seedForRetention(seeded, now, 30);
  await seeded.close();

  let skewMs = 0;
  // The retention job runs here, on that ledger's directory.
  const { origin: url } = await listeningTestServer({
    options: { role: 'all', dataDir: dir, retentionDays: 30, leaseTtlMs: 300 },
    ledger: 'dir',
    clock: () => Date.now() + skewMs,
  });
  const status = async (sessionId: string) =>
    (await fetch(`${url}/api/ramp/orders/${sessionId}`, { headers: { Authorization: `Bearer ${ADMIN}` } }))
      .status;
  expect(await status('old-done-1')).toBe(200);
  // The first run is due 5 s after start (jobs/retention.ts): the clock passes it, nothing else.
  skewMs = 6_000;
  const until = Date.now() + 20_000;
  while ((await status('old-done-3')) === 200 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const id of ['old-done-1', 'old-done-2', 'old-done-3']) expect(await status(id)).toBe(404);
  for (const id of ['old-undelivered', 'old-open', 'new-done']) expect(await status(id)).toBe(200);
}, 30_000);
