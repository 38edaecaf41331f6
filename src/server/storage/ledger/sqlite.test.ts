// The embedded store's file: a ledger written by the earlier sql.js store opens unchanged, and
// /readyz (through the server, on a real HTTP port) turns red when the file goes away under it.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RampServer } from '../../index';
import { listeningTestServer, testServer } from '../../testing/server';
import { openEmbeddedLedger } from './index';
import { MIGRATIONS, MIGRATIONS_TABLE } from './migrations';

/** A directory removed when the test ends, after any server made later in it has closed. */
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ramp-sqlite-'));
  onTestFinished(() => rmSync(d, { recursive: true, force: true }));
  return d;
};

describe('a ledger written by the sql.js store', () => {
  it('opens unchanged: its orders, history and pending deliveries are there, its migrations not run again', async () => {
    const SQL = await initSqlJs();
    const old = new SQL.Database();
    old.run(MIGRATIONS_TABLE);
    for (const s of MIGRATIONS[0]!.statements) old.run(s);
    old.run(
      `INSERT INTO ramp_schema_migrations VALUES (1, 'intents, orders, status history, webhook deliveries', 5)`,
    );
    old.run(`INSERT INTO ramp_orders (session_id, reference, partner, direction, country, source_currency,
      source_amount, destination_currency, status, terminal, created_at, updated_at, next_check_at, check_attempts)
      VALUES ('sess_old', 'order-7', 'BANXA', 'buy', 'US', 'USD', '100', 'ETH', 'PENDING', 0, 1000, 2000, 3000, 2)`);
    old.run(`INSERT INTO ramp_order_status VALUES ('sess_old', 1, 'SESSION_CREATED', NULL, 1000)`);
    old.run(`INSERT INTO ramp_order_status VALUES ('sess_old', 2, 'PENDING', 'tx_1', 2000)`);
    old.run(`INSERT INTO ramp_webhook_deliveries (id, session_id, seq, type, body, state, attempts, created_at,
      next_attempt_at) VALUES ('evt_1', 'sess_old', 1, 'transaction.updated', '{}', 'pending', 0, 2000, 2000)`);
    const dir = tempDir();
    writeFileSync(join(dir, 'ledger.sqlite'), old.export());
    old.close();

    const ledger = await openEmbeddedLedger(dir);
    expect(await ledger.orders.get('sess_old')).toMatchObject({
      reference: 'order-7',
      status: 'PENDING',
      nextCheckAt: 3000,
      checkAttempts: 2,
    });
    expect((await ledger.orders.history('sess_old')).map((h) => h.status)).toEqual([
      'SESSION_CREATED',
      'PENDING',
    ]);
    expect((await ledger.deliveries.due(5000, 10)).map((d) => d.id)).toEqual(['evt_1']);
    expect(await ledger.orders.dueForCheck(5000, 10)).toHaveLength(1);
    await ledger.close();
  });
});

describe('/readyz and the embedded ledger', () => {
  async function serve(dir: string): Promise<{ url: string; ramp: RampServer }> {
    const t = await listeningTestServer({ options: { dataDir: dir }, ledger: 'dir' });
    await t.server.ready();
    return { url: t.origin, ramp: t.server };
  }

  it('is green while the ledger serves, and red once its file is removed or replaced', async () => {
    const dir = tempDir();
    const { url } = await serve(dir);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, dependencies: { ledger: { up: true } } });

    renameSync(join(dir, 'ledger.sqlite'), join(dir, 'moved.sqlite'));
    const red = await fetch(`${url}/readyz`);
    expect(red.status).toBe(503);
    expect(await red.json()).toMatchObject({
      ready: false,
      message: 'Unavailable: ledger',
      dependencies: { ledger: { up: false, error: 'ledger.sqlite was removed' } },
    });
    // Liveness touches no store: the process is alive, only not ready.
    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ ok: true, phase: 'serving' });

    writeFileSync(join(dir, 'ledger.sqlite'), '');
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({
      dependencies: { ledger: { up: false, error: 'ledger.sqlite was replaced' } },
    });
  });

  it('is red, saying why, when the ledger could not be opened', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'ledger.sqlite'), '');
    const ramp = testServer({ options: { dataDir: dir }, ledger: 'dir' }).server;
    await expect(ramp.ready()).rejects.toThrow(/is empty \(0 bytes\)/);
    const red = await ramp.fetch(new Request('http://127.0.0.1/readyz'));
    expect(red.status).toBe(503);
    expect(await red.json()).toMatchObject({ dependencies: { ledger: { up: false } } });
  });
});

describe('the data directory', () => {
  it.each([
    ['a file', () => join(tempDir(), 'not-a-dir'), 'is not a directory'],
    ['under /proc', () => '/proc/self', 'is on a system pseudo filesystem'],
    ['under /dev', () => '/dev/shm/ramp', 'is under /dev'],
    ['to be made under /proc', () => '/proc/ramp-checkout/ledger', 'is on a system pseudo filesystem'],
    ['not creatable', () => join(tempDir(), 'file', 'sub'), 'cannot be created'],
  ])('refuses %s at once, naming RAMP_DATA_DIR', async (_, dirOf, why) => {
    const dir = dirOf();
    if (why === 'is not a directory') writeFileSync(dir, 'x');
    if (why === 'cannot be created') writeFileSync(join(dir, '..'), 'x');
    await expect(openEmbeddedLedger(dir)).rejects.toThrow(
      new RegExp(
        `^The data directory ${dir} \\(RAMP_DATA_DIR\\) ${why}.*point RAMP_DATA_DIR at a plain directory`,
      ),
    );
  });
});
