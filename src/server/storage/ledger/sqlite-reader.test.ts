// The embedded store's long reads (SqlDriver.read) run on a connection of their own in a worker
// thread: they go on while the server's connection is inside a write transaction (on that one
// connection they would wait for it), they read the last commit, and they end with the ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { order } from '../../testing/ledger-records';
import { migrate } from './schema-version';
import { createSqlLedger } from './sql-ledger';
import { openSqlite } from './sqlite';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function ledgerFile() {
  const dir = mkdtempSync(join(tmpdir(), 'ramp-reader-'));
  dirs.push(dir);
  const db = await openSqlite(dir);
  await migrate(db);
  return { db, ledger: createSqlLedger(db) };
}

const COUNT = 'SELECT COUNT(*) AS n FROM ramp_orders WHERE partner = $1';

describe("the embedded ledger's long reads", () => {
  it('run beside an open write transaction and read the last commit', async () => {
    const { db, ledger } = await ledgerFile();
    await ledger.orders.record(order('s1'), []);
    const during = await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ramp_orders (session_id, partner, direction, country, source_currency, source_amount,
           destination_currency, status, terminal, created_at, updated_at, check_attempts)
         VALUES ('s2', 'BANXA', 'buy', 'US', 'USD', '1', 'ETH', 'PENDING', 0, 1, 1, 0)`,
      );
      return db.read(COUNT, ['BANXA']);
    });
    expect(during).toEqual([{ n: 1 }]);
    expect(await db.read(COUNT, ['BANXA'])).toEqual([{ n: 2 }]);
    await db.close();
  });

  it("fail with SQLite's error and go on; end with the ledger", async () => {
    const { db } = await ledgerFile();
    await expect(db.read('SELECT nope FROM ramp_orders')).rejects.toThrow(/no such column: nope/);
    await expect(db.read(`DELETE FROM ramp_orders`)).rejects.toThrow(/readonly/i);
    expect(await db.read(COUNT, ['BANXA'])).toEqual([{ n: 0 }]);
    const running = expect(db.read(COUNT, ['BANXA'])).rejects.toThrow(/closed/);
    await db.close();
    await running;
    await expect(db.read(COUNT, ['BANXA'])).rejects.toThrow(/closed/);
  });
});
