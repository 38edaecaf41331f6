// Opens the configured ledger: the embedded SQLite file in the data directory (the default).
import { openSqlite } from './sqlite';
import { createSqlLedger, migrate } from './sql-ledger';
import type { Ledger } from './types';

export type { Ledger } from './types';

/** The embedded ledger in `dataDir` (null: in memory, for tests), migrated. */
export async function openEmbeddedLedger(
  dataDir: string | null,
  now: () => number = Date.now,
): Promise<Ledger> {
  const db = await openSqlite(dataDir);
  try {
    await migrate(db, now);
  } catch (e) {
    await db.close();
    throw e;
  }
  return createSqlLedger(db);
}
