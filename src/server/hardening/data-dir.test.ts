// The embedded ledger's data directory as an operator meets it, with real server processes: a
// second server on the same directory exits saying who holds it (and a killed holder never blocks
// the next start); a server killed with SIGKILL while writing loses no session it answered 200 for,
// and the next one reads those sessions' orders for their tracking tokens (the secret kept there);
// a ledger file that is empty, cut short, damaged or not SQLite stops the server at start and is
// left byte for byte as it was.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedLedger } from '../storage/ledger';
import { order } from '../testing/ledger-records';
import { SESSION_BODY } from '../testing/session';
import { startServer, stopServers } from '../testing/process';
import { quotedSession } from '../testing/session';

const ADMIN = 'data-dir-test-admin-token';
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ramp-datadir-'));
  dirs.push(d);
  return d;
};
afterEach(() => stopServers('SIGKILL'));
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const env = (dir: string) => ({
  RAMP_DATA_DIR: dir,
  RAMP_ADMIN_TOKEN: ADMIN,
  RAMP_RATE_LIMIT_SESSION: '100000/10000',
  RAMP_RATE_LIMIT_QUOTE: '100000/10000',
});

describe('one server per data directory', () => {
  it('a second server on the same RAMP_DATA_DIR exits saying the directory is in use, and by which process', async () => {
    const dir = tempDir();
    const first = startServer(env(dir));
    await first.ready;

    const second = startServer(env(dir));
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(
      `The data directory ${dir} (RAMP_DATA_DIR) is in use by another server`,
    );
    expect(second.stderr()).toContain(`process ${first.child.pid}`);
    // The first one still serves.
    expect((await fetch(`${await first.listening}/readyz`)).status).toBe(200);

    // Its lock dies with it: the note it left behind does not block the next server.
    await first.stop('SIGKILL');
    const third = startServer(env(dir));
    await third.ready;
  }, 60_000);
});

describe('a data directory that is no plain directory', () => {
  it('stops the server at start, saying so (RAMP_DATA_DIR under /proc)', async () => {
    const server = startServer(env('/proc/self'));
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(
      'The data directory /proc/self (RAMP_DATA_DIR) is on a system pseudo filesystem',
    );
  }, 30_000);
});

describe('nothing acknowledged is lost', () => {
  it("every session answered 200 is in the ledger after the server is killed (SIGKILL) mid-write, and its shopper's token still reads it", async () => {
    const dir = tempDir();
    const server = startServer(env(dir));
    const url = await server.ready;

    const acknowledged: string[] = [];
    const tokens = new Map<string, string>();
    let killed = false;
    let n = 0;
    // Eight shoppers at once, so writes are in flight when the kill lands.
    const shopper = async () => {
      while (!killed) {
        const key = `kill-test-${n++}`;
        try {
          const res = await quotedSession((path, init) => fetch(`${url}${path}`, init), SESSION_BODY, {
            'Idempotency-Key': key,
          });
          if (res.status === 200) {
            const { id, trackingToken } = (await res.json()) as { id: string; trackingToken: string };
            acknowledged.push(id);
            tokens.set(id, trackingToken);
          }
        } catch {
          // The connection died with the server: not acknowledged.
        }
      }
    };
    const shoppers = Array.from({ length: 8 }, shopper);
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 5));
    await server.stop('SIGKILL');
    killed = true;
    await Promise.all(shoppers);

    const again = startServer(env(dir));
    const url2 = await again.ready;
    const res = await fetch(`${url2}/api/ramp/orders?limit=500`, {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    const kept = new Set(
      ((await res.json()) as { orders: { sessionId: string }[] }).orders.map((o) => o.sessionId),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(acknowledged.filter((id) => !kept.has(id))).toEqual([]);
    // No RAMP_SESSION_SECRET: the restarted server signs with the secret the first one kept in the
    // directory, so the tracking tokens its shoppers saved read their orders still.
    const sample = acknowledged.slice(-10);
    const lookup = await fetch(`${url2}/api/ramp/sessions/lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ trackingTokens: sample.map((id) => tokens.get(id)) }),
    });
    const { orders } = (await lookup.json()) as { orders: ({ sessionId: string; status: string } | null)[] };
    expect(orders.map((o) => o?.sessionId)).toEqual(sample);
    expect(orders.every((o) => o?.status === 'SESSION_CREATED')).toBe(true);
  }, 90_000);
});

describe('a ledger that is not sound stops the server at start', () => {
  /** A real ledger of a few hundred orders, closed cleanly: everything in the file itself. */
  async function writtenLedger(): Promise<{ dir: string; file: string }> {
    const dir = tempDir();
    const ledger = await openEmbeddedLedger(dir);
    for (let i = 0; i < 150; i++) await ledger.orders.record(order(`s${i}`, { reference: `ref-${i}` }), []);
    await ledger.close();
    return { dir, file: join(dir, 'ledger.sqlite') };
  }

  const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

  async function refused(dir: string, file: string, message: RegExp): Promise<void> {
    const before = sha(file);
    const server = startServer(env(dir));
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(message);
    expect(server.stderr()).toContain('It was left untouched');
    expect(sha(file)).toBe(before);
  }

  it('refuses a zero-length ledger', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ledger.sqlite'), '');
    await refused(dir, join(dir, 'ledger.sqlite'), /The ledger \S+ledger\.sqlite is empty \(0 bytes\)/);
  }, 30_000);

  it('refuses a ledger cut short in the middle of a page', async () => {
    const { dir, file } = await writtenLedger();
    truncateSync(file, 4096 * 3 + 1000);
    await refused(dir, file, /is cut short \(13288 bytes is not a whole number of 4096-byte pages\)/);
  }, 30_000);

  it('refuses a ledger cut short at a page boundary', async () => {
    const { dir, file } = await writtenLedger();
    truncateSync(file, 4096 * 4);
    await refused(dir, file, /The ledger \S+ledger\.sqlite is damaged \(/);
  }, 30_000);

  it('refuses a ledger with damaged bytes inside', async () => {
    const { dir, file } = await writtenLedger();
    const bytes = readFileSync(file);
    // The header of a table page (page 3): its cell count and content offset become nonsense.
    bytes.fill(0xa5, 4096 * 2 + 1, 4096 * 2 + 12);
    writeFileSync(file, bytes);
    await refused(dir, file, /The ledger \S+ledger\.sqlite is damaged \(/);
  }, 30_000);

  it('refuses a file that is not SQLite at all', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ledger.sqlite'), 'orders,amount\n1,100\n'.repeat(400));
    await refused(dir, join(dir, 'ledger.sqlite'), /is not an SQLite database/);
  }, 30_000);
});
