// Process level: the built host server (dist/server/main.js) in remote mode against the standalone
// sandbox over real HTTP. The host is killed (SIGKILL, no goodbye) while a shopper
// tracks a transaction and started again on the same port with the same environment: the
// shopper's tracking token still reads the transaction, which reaches SETTLED. Nothing the shopper
// needs lived only in the killed process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstream } from '../testing/cluster';
import type { CountingUpstream } from '../testing/cluster';
import { startServer, stopServers } from '../testing/process';
import { payAtProvider, SESSION_BODY } from '../testing/session';
import { quotedSession } from '../testing/upstream';

const SECRET = 'restart-test-session-secret-0123456789abcdef';
// The host's own ledger, the same for both processes (one replaces the other), new for each run.
const dataDir = mkdtempSync(join(tmpdir(), 'ramp-restart-'));

let sandbox: CountingUpstream;
beforeAll(async () => {
  sandbox = await startUpstream({ timeScale: 0.1 });
});
afterAll(async () => {
  await stopServers();
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hostEnv = (port: string) => ({
  RAMP_DATA_DIR: dataDir,
  PORT: port,
  RAMP_API_BASE_URL: sandbox.origin,
  RAMP_API_KEY: sandbox.apiKey,
  RAMP_SESSION_SECRET: SECRET,
  RAMP_UPSTREAM_TIMEOUT_MS: '2000',
});

describe('a killed and restarted host server', () => {
  it('keeps tracking the shopper’s transaction to SETTLED', async () => {
    const first = startServer(hostEnv('0'));
    const url = await first.ready;
    const port = new URL(url).port;
    const created = await quotedSession((path, init) => fetch(`${url}${path}`, init), SESSION_BODY, {
      'Idempotency-Key': 'restart-test-key-0001',
    });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string; widgetUrl: string; trackingToken: string };
    // The provider page is the upstream's own (the sandbox's origin), as with a real partner.
    expect(session.widgetUrl.startsWith(`${sandbox.origin}/provider/checkout/`)).toBe(true);
    const paid = await payAtProvider(session.widgetUrl);
    expect(paid.status).toBe(303);
    const track = (origin: string) =>
      fetch(`${origin}/api/ramp/payments/transactions/sessions/${session.id}`, {
        headers: { 'X-Ramp-Tracking': session.trackingToken },
      });
    expect((await track(url)).status).toBe(200);

    await first.stop('SIGKILL');
    await expect(track(url)).rejects.toThrow();

    const second = await startServer(hostEnv(port)).ready;
    expect(second).toBe(url);
    // Move the upstream past the provider's processing time.
    const moved = await fetch(`${sandbox.origin}/__sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 60_000 }),
    });
    // Refused (415) without its type, the clock stayed put and the test raced the sandbox's 0.6 s.
    expect(moved.status).toBe(204);
    const res = await track(second);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ transaction: { sessionId: session.id, status: 'SETTLED' } });
    // The replay of the same checkout after the restart gets the same session from the ledger (the
    // idempotency records in memory died with the process), without a second one upstream.
    const replay = await quotedSession((path, init) => fetch(`${second}${path}`, init), SESSION_BODY, {
      'Idempotency-Key': 'restart-test-key-0001',
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ id: session.id, widgetUrl: session.widgetUrl });
  }, 30_000);
});
