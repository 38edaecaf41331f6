// Opens the configured ledger: the embedded SQLite file in the data directory (the default).
import { systemClock } from '../../http/clock';
import { LedgerFileError } from './ledger-file';
import { openSqlite } from './sqlite';
import type { SqliteDriver } from './sqlite';
import { createSqlLedger } from './sql-ledger';
import { ensureSchema, readSchema } from './schema-version';
import type { Ledger } from './ledger';

export type { Ledger } from './ledger';

/**
 * A file found without any schema is not a ledger to start empty on: most likely a plain copy of a
 * running server's file, whose rows were all still in the write-ahead log.
 */
export async function refuseSchemaless(db: SqliteDriver): Promise<void> {
  if (db.created || (await readSchema(db)).version > 0) return;
  throw new LedgerFileError(
    `The ledger ${db.file} has no schema: it is not a ledger this server wrote, or a plain copy of a ` +
      "running server's file taken without its write-ahead log (take copies with `ramp-checkout backup`). " +
      'It was left untouched; restore a backup with `ramp-checkout restore`, or move it away to start with an empty ledger.',
  );
}

/**
 * The embedded ledger in `dataDir` (null: in memory, for tests), its schema checked and migrated
 * (`migrate` false: refused while migrations are due).
 */
export async function openEmbeddedLedger(
  dataDir: string | null,
  now: () => number = systemClock,
  o: { migrate?: boolean } = {},
): Promise<Ledger> {
  const db = await openSqlite(dataDir, now);
  try {
    await refuseSchemaless(db);
    await ensureSchema(db, { apply: o.migrate ?? true, now });
  } catch (e) {
    await db.close();
    throw e;
  }
  return createSqlLedger(db);
}
