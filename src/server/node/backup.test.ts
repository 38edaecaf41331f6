// Backups of the embedded ledger as an operator takes them: `ramp-checkout backup` while the server
// records sessions, `ramp-checkout restore` into an empty directory, a server started on it; a plain
// copy of the running server's file refused at start rather than served empty; a backup changed
// outside the server (a trigger, a view, a table of its own, its migrations' record cut) refused by
// restore, saying what it found; and a backup never written through a link or over a file.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { runCli } from '../testing/process';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedLedger } from '../storage/ledger';
import { LATEST_VERSION } from '../storage/ledger/schema-version';
import { event, order } from '../testing/ledger-records';
import { listeningTestServer, testServer } from '../testing/server';
import { BUY_SESSION, quotedSession } from '../testing/upstream';

describe('ramp-checkout backup and restore', { timeout: 120_000 }, () => {
  it('a backup taken while sessions are written restores every order acknowledged before it; a plain copy is refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ramp-backup-'));
    const s = await listeningTestServer({
      upstream: 'fake',
      env: {
        RAMP_DATA_DIR: dataDir,
        RAMP_RATE_LIMIT_SESSION: '6000/1000',
        RAMP_RATE_LIMIT_QUOTE: '6000/1000',
      },
      ledger: 'dir',
    });
    const send = (path: string, init: RequestInit) => fetch(`${s.origin}${path}`, init);
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const res = await quotedSession(send, BUY_SESSION, { 'Idempotency-Key': `backup-test-${n++}-0001` });
        if (res.status === 200)
          acknowledged.push({ id: ((await res.json()) as { id: string }).id, at: performance.now() });
      }
    })();
    try {
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(20);
      // The copy an operator might take by hand, and the backup, while sessions keep coming.
      const naive = mkdtempSync(join(tmpdir(), 'ramp-naive-'));
      copyFileSync(join(dataDir, 'ledger.sqlite'), join(naive, 'ledger.sqlite'));
      const target = join(mkdtempSync(join(tmpdir(), 'ramp-backup-file-')), 'ramp.sqlite');
      const before = acknowledged.filter((a) => a.at < performance.now()).map((a) => a.id);
      const backup = await runCli(['backup', target], { RAMP_DATA_DIR: dataDir });
      expect(backup.out).toMatch(
        /^Backed up the ledger to .*ramp\.sqlite: schema version \d+, \d+ orders, integrity ok/,
      );
      expect(backup.code).toBe(0);
      const during = acknowledged.length;
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(during);
      writing = false;
      await writer;

      const restoredDir = join(mkdtempSync(join(tmpdir(), 'ramp-restored-')), 'data');
      const restore = await runCli(['restore', target], { RAMP_DATA_DIR: restoredDir });
      expect(restore.out).toMatch(
        /^Restored the ledger to .*data\/ledger\.sqlite: schema version \d+, \d+ orders, integrity ok/,
      );
      expect(restore.code).toBe(0);
      // Into a directory that holds a ledger: refused.
      const again = await runCli(['restore', target], { RAMP_DATA_DIR: restoredDir });
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/already holds a ledger/);

      const restored = testServer({ options: { dataDir: restoredDir }, ledger: 'dir' });
      await restored.server.ready();
      const missing = [];
      for (const id of before) if ((await restored.server.orders.retrieve(id)) === null) missing.push(id);
      expect(missing).toEqual([]);
      expect(before.length).toBeGreaterThan(20);
      await restored.close();

      const copied = testServer({ options: { dataDir: naive }, ledger: 'dir' });
      await expect(copied.server.ready()).rejects.toThrow(
        /has no schema: .*plain copy of a running server's file/,
      );
    } finally {
      writing = false;
      await writer;
      await s.close();
    }
  });
});

describe('ramp-checkout restore of a backup changed outside the server', { timeout: 60_000 }, () => {
  let genuine: string;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ramp-tamper-'));
    const ledger = await openEmbeddedLedger(dataDir);
    await ledger.orders.record(order('sess_1'), [event('evt_1', 'sess_1')]);
    await ledger.close();
    genuine = join(mkdtempSync(join(tmpdir(), 'ramp-tamper-backup-')), 'genuine.sqlite');
    expect((await runCli(['backup', genuine], { RAMP_DATA_DIR: dataDir })).code).toBe(0);
  });

  /** The genuine backup, changed by `sql`; then restored as an operator would, into a new directory. */
  async function restoreChanged(sql: string) {
    const file = join(mkdtempSync(join(tmpdir(), 'ramp-tampered-')), 'backup.sqlite');
    copyFileSync(genuine, file);
    const db = new Database(file);
    db.exec(sql);
    db.close();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'ramp-tamper-restore-')), 'data');
    const result = await runCli(['restore', file], { RAMP_DATA_DIR: dataDir });
    return { ...result, restored: existsSync(dataDir) ? readdirSync(dataDir) : [] };
  }

  it('restores the backup as the server wrote it', async () => {
    const r = await restoreChanged('SELECT 1');
    expect(r.out).toMatch(`schema version ${LATEST_VERSION}, 1 orders, integrity ok`);
    expect(r.code).toBe(0);
  });

  it.each([
    [
      'a trigger that acts on every new order',
      `CREATE TRIGGER forge AFTER INSERT ON ramp_orders BEGIN
         UPDATE ramp_webhook_deliveries SET body = '{"type":"transaction.completed"}'; END`,
      `trigger "forge" on ramp_orders is not part of schema version ${LATEST_VERSION}`,
    ],
    [
      'a view in place of ramp_orders',
      `DROP TABLE ramp_orders; CREATE VIEW ramp_orders AS SELECT * FROM ramp_order_status`,
      `view "ramp_orders" stands where schema version ${LATEST_VERSION} has a table`,
    ],
    [
      'a table of its own',
      'CREATE TABLE notes (body TEXT)',
      `table "notes" is not part of schema version ${LATEST_VERSION}`,
    ],
    [
      'an object whose name would write to the terminal',
      'CREATE TABLE "x\x1b[2Jy" (body TEXT)',
      `table "x\\u001b[2Jy" is not part of schema version ${LATEST_VERSION}`,
    ],
    [
      'an index changed',
      'DROP INDEX ramp_orders_reference; CREATE INDEX ramp_orders_reference ON ramp_orders (status)',
      `index "ramp_orders_reference" on ramp_orders differs from its definition in schema version ${LATEST_VERSION}`,
    ],
    [
      'a migration removed from the record',
      'DELETE FROM ramp_schema_migrations WHERE version = 3',
      `ramp_schema_migrations has no record of migration 3 (of 1 to ${LATEST_VERSION})`,
    ],
    [
      'the last migrations removed from the record',
      `DELETE FROM ramp_schema_migrations WHERE version > 4`,
      'table "ramp_pending_orders" is not part of schema version 4',
    ],
  ])('refuses one with %s, saying what it found, and restores nothing', async (_, sql, found) => {
    const r = await restoreChanged(sql);
    expect(r.stderr).toContain(found);
    expect(r.stderr).toMatch(/is refused: its schema is not the one this build's migrations make/);
    expect(r.code).toBe(1);
    expect(r.restored).toEqual([]);
  });

  it('refuses a backup that records no migration at all', async () => {
    const r = await restoreChanged('DELETE FROM ramp_schema_migrations');
    expect(r.stderr).toMatch(/holds no ledger schema/);
    expect(r.code).toBe(1);
    expect(r.restored).toEqual([]);
  });
});

describe('ramp-checkout backup at a path that exists', { timeout: 60_000 }, () => {
  it('writes neither through a link (one pointing nowhere too) nor over a file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ramp-backup-link-'));
    await (await openEmbeddedLedger(dataDir)).close();
    const dir = mkdtempSync(join(tmpdir(), 'ramp-backup-link-target-'));
    const pointedAt = join(dir, 'elsewhere.sqlite');
    symlinkSync(pointedAt, join(dir, 'dangling.sqlite'));
    const throughLink = await runCli(['backup', join(dir, 'dangling.sqlite')], { RAMP_DATA_DIR: dataDir });
    expect(throughLink.stderr).toMatch(/dangling\.sqlite exists: a backup never overwrites a file/);
    expect(throughLink.code).toBe(1);
    expect(existsSync(pointedAt)).toBe(false);

    writeFileSync(join(dir, 'taken.sqlite'), 'keep me');
    const over = await runCli(['backup', join(dir, 'taken.sqlite')], { RAMP_DATA_DIR: dataDir });
    expect(over.code).toBe(1);
    // Nothing left behind beside the files that were there.
    expect(readdirSync(dir).sort()).toEqual(['dangling.sqlite', 'taken.sqlite']);
  });
});
