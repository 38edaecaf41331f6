// `ramp-checkout migrate [--check]`: the ledger's migrations as a release step, on the store the
// environment configures (RAMP_DATABASE_URL's PostgreSQL, under the same advisory lock instances
// take at start, else the embedded ledger in RAMP_DATA_DIR, whose directory lock a running server
// holds). `--check` changes nothing and exits 1 while migrations are due.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ServerConfig } from '../config/config';
import { createLogger } from '../http/log';
import { refuseSchemaless } from '../storage/ledger';
import { LEDGER_FILE } from '../storage/ledger/ledger-file';
import type { SqlDriver } from '../storage/ledger/driver';
import {
  LATEST_VERSION,
  SchemaError,
  migrate,
  newerThanBuild,
  readSchema,
} from '../storage/ledger/schema-version';

export interface MigrateResult {
  /** 0 done (or nothing due), 1 due (--check) or refused. */
  code: 0 | 1;
  message: string;
}

async function step(db: SqlDriver, where: string, check: boolean): Promise<MigrateResult> {
  const state = await readSchema(db);
  if (state.unknown.length > 0) return { code: 1, message: newerThanBuild(state).message };
  if (state.due.length === 0) {
    return {
      code: 0,
      message: `The ledger (${where}) is at schema version ${state.version}: nothing to migrate.`,
    };
  }
  if (check) {
    return {
      code: 1,
      message:
        `The ledger (${where}) is at schema version ${state.version}; this build needs version ${LATEST_VERSION}: ` +
        `migrations ${state.due.join(', ')} are due (run \`ramp-checkout migrate\`).`,
    };
  }
  const applied = await migrate(db);
  return {
    code: 0,
    message: `Migrated the ledger (${where}) from schema version ${state.version} to ${LATEST_VERSION} (applied ${applied.join(', ')}).`,
  };
}

export async function runMigrate(config: ServerConfig, check: boolean): Promise<MigrateResult> {
  const log = createLogger({ write: () => {} });
  try {
    if (config.databaseUrl !== null) {
      const { openPostgres } = await import('../storage/ledger/postgres');
      const url = new URL(config.databaseUrl);
      const db = openPostgres(config.databaseUrl, { log, max: 2 });
      try {
        return await db.withMigrationLock(() => step(db, `PostgreSQL ${url.host}${url.pathname}`, check));
      } finally {
        await db.close();
      }
    }
    const dir = resolve(config.merchant.dataDir);
    const file = join(dir, LEDGER_FILE);
    if (check && !existsSync(file)) {
      return {
        code: 1,
        message: `No ledger at ${file} yet: migrations 1 to ${LATEST_VERSION} are due (run \`ramp-checkout migrate\`, or start the server).`,
      };
    }
    const { openSqlite } = await import('../storage/ledger/sqlite');
    const db = await openSqlite(dir);
    try {
      await refuseSchemaless(db);
      return await step(db, file, check);
    } finally {
      await db.close();
    }
  } catch (e) {
    if (e instanceof SchemaError || (e instanceof Error && e.name === 'LedgerFileError')) {
      return { code: 1, message: e.message };
    }
    const code = (e as { code?: string }).code;
    return { code: 1, message: `Could not reach the ledger: ${code ?? (e as Error).message}` };
  }
}
