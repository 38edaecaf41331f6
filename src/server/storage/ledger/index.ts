// Opens the configured ledger: the embedded SQLite file in the data directory (the default).
import { systemClock } from '../../http/clock';
import { openSqlite } from './sqlite';
import { createSqlLedger, migrate } from './sql-ledger';
import type { Ledger } from './types';

export type { Ledger } from './types';

/** The embedded ledger in `dataDir` (null: in memory, for tests), migrated. */
export async function openEmbeddedLedger(
  dataDir: string | null,
  now: () => number = systemClock,
): Promise<Ledger> {
  const db = await openSqlite(dataDir, now);
  try {
    await migrate(db, now);
  } catch (e) {
    await db.close();
    throw e;
  }
  return createSqlLedger(db);
}
