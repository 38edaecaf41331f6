// Test support: the embedded ledger in memory (what openEmbeddedLedger(null) opens), its SQLite
// opened and migrated at its first statement. Most test servers never reach their ledger (a
// discovery read, a refused request; 390 of the 654 the unit tests start): they spend no migration,
// the most of a server's start (25 statements of DDL).
import type { SqlDriver } from '../storage/ledger/driver';
import type { Ledger } from '../storage/ledger/ledger';
import { ensureSchema } from '../storage/ledger/schema-version';
import { createSqlLedger } from '../storage/ledger/sql-ledger';
import { openSqlite } from '../storage/ledger/sqlite';

export function memoryLedger(now: () => number): Ledger {
  let opened: Promise<SqlDriver> | undefined;
  const open = () =>
    (opened ??= openSqlite(null, now).then(async (db) => {
      await ensureSchema(db, { apply: true, now });
      return db;
    }));
  return createSqlLedger({
    query: async (sql, params) => (await open()).query(sql, params),
    read: async (sql, params) => (await open()).read(sql, params),
    transaction: async (fn) => (await open()).transaction(fn),
    // Unopened, it is as healthy as a new one.
    health: async () => (opened ? ((await (await opened).health?.()) ?? { up: true }) : { up: true }),
    close: async () => {
      if (opened) await (await opened).close();
    },
  });
}
