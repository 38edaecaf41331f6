// Which of the ledger's migrations a database has, and what a build may do about it: apply the due
// ones (at start, unless RAMP_MIGRATE=false, or as `ramp-checkout migrate`), refuse to start while
// some are due and migrating is off, and always refuse a ledger newer than the build (an older build
// would write rows without the columns it does not know).
import { systemClock } from '../../http/clock';
import type { SqlExecutor, SqlDriver } from './driver';
import { MIGRATIONS, MIGRATIONS_TABLE } from './migrations';

/** The newest schema version this build knows. */
export const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

export interface SchemaState {
  /** The highest version applied (0: none, or no migrations table). */
  version: number;
  /** Versions this build knows and the database lacks, in order. */
  due: number[];
  /** Applied versions this build does not know (a newer build migrated it). */
  unknown: number[];
}

/** Refused: the server must not start on this ledger (the message says why and what to do). */
export class SchemaError extends Error {
  override name = 'SchemaError';
}

export async function readSchema(db: SqlExecutor): Promise<SchemaState> {
  let applied: number[];
  try {
    const rows = await db.query<{ version: unknown }>('SELECT version FROM ramp_schema_migrations');
    applied = rows.map((r) => Number(r.version));
  } catch {
    applied = []; // no migrations table yet
  }
  const known = new Set(MIGRATIONS.map((m) => m.version));
  const has = new Set(applied);
  return {
    version: applied.length ? Math.max(...applied) : 0,
    due: MIGRATIONS.map((m) => m.version).filter((v) => !has.has(v)),
    unknown: applied.filter((v) => !known.has(v)).sort((a, b) => a - b),
  };
}

export function newerThanBuild(state: SchemaState): SchemaError {
  return new SchemaError(
    `The ledger's schema is version ${state.version}, newer than this build knows (version ${LATEST_VERSION}): ` +
      'run the newer build (or later), or restore a backup taken before the upgrade.',
  );
}

/**
 * Checks the schema and applies what is due (when `apply`); returns the versions applied. Throws a
 * SchemaError for a newer ledger, or for due migrations when `apply` is false.
 */
export async function ensureSchema(
  db: SqlDriver,
  o: { apply: boolean; now?: () => number },
): Promise<number[]> {
  const state = await readSchema(db);
  if (state.unknown.length > 0) throw newerThanBuild(state);
  if (state.due.length === 0) return [];
  if (!o.apply) {
    throw new SchemaError(
      `The ledger's schema is version ${state.version} and this build needs version ${LATEST_VERSION} ` +
        `(migrations ${state.due.join(', ')} are due) while RAMP_MIGRATE=false: run \`ramp-checkout migrate\` first.`,
    );
  }
  return migrate(db, o.now ?? systemClock);
}

/** Applies the migrations the database lacks, each in one transaction; returns the versions applied. */
export async function migrate(
  db: SqlDriver,
  now: () => number = systemClock,
  /** The last version to apply (a backup's check rebuilds the schema of its version). */
  upTo = Infinity,
): Promise<number[]> {
  await db.query(MIGRATIONS_TABLE);
  const done = new Set(
    (await db.query<{ version: unknown }>('SELECT version FROM ramp_schema_migrations')).map((r) =>
      Number(r.version),
    ),
  );
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version) || m.version > upTo) continue;
    await db.transaction(async (tx) => {
      for (const s of m.statements) await tx.query(s);
      await tx.query('INSERT INTO ramp_schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        now(),
      ]);
    });
    applied.push(m.version);
  }
  return applied;
}
