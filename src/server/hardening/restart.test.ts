// Process level: the host server (src/server/node/main.ts) in remote mode against the standalone sandbox
// (src/sandbox/serve.ts) over real HTTP. The host is killed (SIGKILL, no goodbye) while a shopper
// tracks a transaction and started again on the same port with the same environment: the
// shopper's tracking token still reads the transaction, which reaches SETTLED. Nothing the shopper
// needs lived only in the killed process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NO_DRAIN } from '../testing/child-env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payAtProvider, SESSION_BODY } from '../testing/session';
import { quotedSession } from '../testing/upstream';

const ROOT = resolve(import.meta.dirname, '../../..');
const KEY = 'sk_restart_test_key_0123456789';
const SECRET = 'restart-test-session-secret-0123456789abcdef';

const children = new Set<ChildProcess>();

/** Starts a TypeScript entry and resolves with the URL it logs once listening. */
function start(entry: string, env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, entry)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...NO_DRAIN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  return new Promise((ok, fail) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) ok({ child, url: m[1]! });
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => fail(new Error(`${entry} exited with ${code}: ${err}`)));
  });
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill(signal);
  });

let upstream = '';
beforeAll(async () => {
  ({ url: upstream } = await start('src/sandbox/serve.ts', {
    SANDBOX_KEY: KEY,
    SANDBOX_PORT: '0',
    SANDBOX_CONTROL: '1',
    SANDBOX_TIME_SCALE: '0.1',
  }));
}, 30_000);
afterAll(async () => {
  await Promise.all([...children].map((c) => stop(c, 'SIGTERM')));
  rmSync(dataDir, { recursive: true, force: true });
});

// The host's own ledger, the same for both processes (one replaces the other), new for each run.
const dataDir = mkdtempSync(join(tmpdir(), 'ramp-restart-'));

const hostEnv = (port: string) => ({
  RAMP_DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  RAMP_API_BASE_URL: upstream,
  RAMP_API_KEY: KEY,
  RAMP_SESSION_SECRET: SECRET,
  RAMP_UPSTREAM_TIMEOUT_MS: '2000',
});

describe('a killed and restarted host server', () => {
  it('keeps tracking the shopper’s transaction to SETTLED', async () => {
    const first = await start('src/server/node/main.ts', hostEnv('0'));
    const port = new URL(first.url).port;
    const created = await quotedSession((path, init) => fetch(`${first.url}${path}`, init), SESSION_BODY, {
      'Idempotency-Key': 'restart-test-key-0001',
    });
    expect(created.status).toBe(200);
    const session = (await created.json()) as { id: string; widgetUrl: string; trackingToken: string };
    // The provider page is the upstream's own (the sandbox's origin), as with a real partner.
    expect(session.widgetUrl.startsWith(`${upstream}/provider/checkout/`)).toBe(true);
    const paid = await payAtProvider(session.widgetUrl);
    expect(paid.status).toBe(303);
    const track = (origin: string) =>
      fetch(`${origin}/api/ramp/payments/transactions/sessions/${session.id}`, {
        headers: { 'X-Ramp-Tracking': session.trackingToken },
      });
    expect((await track(first.url)).status).toBe(200);

    await stop(first.child, 'SIGKILL');
    await expect(track(first.url)).rejects.toThrow();

    const second = await start('src/server/node/main.ts', hostEnv(port));
    expect(second.url).toBe(first.url);
    // Move the upstream past the provider's processing time.
    const moved = await fetch(`${upstream}/__clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 60_000 }),
    });
    // Refused (415) without its type, the clock stayed put and the test raced the sandbox's 0.6 s.
    expect(moved.status).toBe(204);
    const res = await track(second.url);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ transaction: { sessionId: session.id, status: 'SETTLED' } });
    // The replay of the same checkout after the restart gets the same session from the ledger (the
    // idempotency records in memory died with the process), without a second one upstream.
    const replay = await quotedSession((path, init) => fetch(`${second.url}${path}`, init), SESSION_BODY, {
      'Idempotency-Key': 'restart-test-key-0001',
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ id: session.id, widgetUrl: session.widgetUrl });
  }, 30_000);
});
