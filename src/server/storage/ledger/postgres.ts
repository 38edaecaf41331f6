// The ledger in PostgreSQL (RAMP_DATABASE_URL), for several instances: the same SQL and migrations
// as the embedded store (sql-ledger.ts, migrations.ts) over a pg pool. Two things differ from one
// process: migrations run under an advisory lock, so instances starting together apply each once;
// and transactions are SERIALIZABLE and retried on a serialization failure, so the ledger's
// read-then-write steps (claim an intent, record a change once) stay compare-and-set when two
// instances race.
import pg from 'pg';
import type { Logger } from '../../http/log';
import type { DependencyState } from '../stores/types';
import type { Row, SqlDriver, SqlExecutor, SqlValue } from './driver';
import { createSqlLedger } from './sql-ledger';
import { SchemaError, ensureSchema } from './schema-version';
import type { Ledger } from './ledger';

/** pg_advisory_lock key of the ledger's migrations (any constant shared by every instance). */
export const MIGRATION_LOCK_KEY = 727_274_001;
const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_TX_ATTEMPTS = 8;

// BIGINT columns (epoch milliseconds) come back as numbers, as from SQLite: they fit in a double.
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export interface PostgresDriver extends SqlDriver {
  health(): Promise<DependencyState>;
  /** Runs `fn` while holding the migration lock (other instances wait for it). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
}

export function openPostgres(url: string, o: { log: Logger; max?: number }): PostgresDriver {
  const pool = new pg.Pool({
    connectionString: url,
    max: o.max ?? 10,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    // A query that hangs (a dead server behind a live socket) fails instead of holding its caller.
    query_timeout: 10_000,
    types,
  });
  // An idle client losing its connection (PostgreSQL restarted) must not crash the process.
  pool.on('error', (e) => o.log.warn('postgres connection lost', { error: e.message }));

  const run = async <R extends Row>(
    c: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly SqlValue[],
  ): Promise<R[]> => (await c.query<R>(sql, params as SqlValue[] | undefined)).rows;

  return {
    query: (sql, params) => run(pool, sql, params),
    read: (sql, params) => run(pool, sql, params),
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // A connection lost between two statements is an 'error' event on the client: unheard, it
        // would end the process (the pool listens only to idle clients). The statement fails instead.
        const lost = (e: Error) => o.log.warn('postgres connection lost', { error: e.message });
        client.on('error', lost);
        let active = true;
        const tx: SqlExecutor = {
          query: (sql, params) => {
            if (!active) return Promise.reject(new Error('query after the transaction ended'));
            return run(client, sql, params);
          },
        };
        try {
          await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
          const out = await fn(tx);
          await client.query('COMMIT');
          active = false;
          client.off('error', lost);
          client.release();
          return out;
        } catch (e) {
          active = false;
          await client.query('ROLLBACK').catch(() => {});
          client.off('error', lost);
          const code = (e as { code?: string }).code;
          // PostgreSQL's own refusal (a SQLSTATE) leaves the connection usable; any other failure
          // (the connection lost) does not, and it is not given back to the pool for another caller.
          const sqlState = code !== undefined && /^[0-9A-Z]{5}$/.test(code);
          client.release(sqlState ? undefined : (e as Error));
          if (code === undefined || !RETRYABLE.has(code) || attempt >= MAX_TX_ATTEMPTS) throw e;
          // The other instance's transaction won: run ours again on what it committed.
          await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
        }
      }
    },
    async withMigrationLock(fn) {
      const client = await pool.connect();
      const lost = (e: Error) => o.log.warn('postgres connection lost', { error: e.message });
      client.on('error', lost);
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.off('error', lost);
        client.release();
      }
    },
    async health() {
      const started = performance.now();
      try {
        await pool.query('SELECT 1');
        return { up: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
      } catch (e) {
        return { up: false, error: ((e as { code?: string }).code ?? (e as Error).message).slice(0, 120) };
      }
    },
    // The ledger's tables (ramp_*) in the connection's schema, with their indexes and TOAST.
    async sizeBytes() {
      const { rows } = await pool.query<{ n: string | null }>(
        `SELECT SUM(pg_total_relation_size(c.oid)) AS n FROM pg_class c
           WHERE c.relkind = 'r' AND c.relname LIKE 'ramp\\_%' AND c.relnamespace = current_schema()::regnamespace`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    close: () => pool.end(),
  };
}

/** The ledger in PostgreSQL, migrated (safely when several instances start at once). */
export async function openPostgresLedger(
  url: string,
  o: { log: Logger; now?: () => number; migrate?: boolean },
): Promise<{ ledger: Ledger; health: () => Promise<DependencyState>; applied: number[] }> {
  const db = openPostgres(url, o);
  let applied: number[];
  try {
    applied = await db.withMigrationLock(() => ensureSchema(db, { apply: o.migrate ?? true, now: o.now }));
  } catch (e) {
    await db.close();
    if (e instanceof SchemaError) throw e;
    const code = (e as { code?: string }).code;
    throw new Error(
      `Could not open the ledger in PostgreSQL at RAMP_DATABASE_URL (${code ?? (e as Error).message}): ` +
        'start PostgreSQL, create the database, or correct the URL',
    );
  }
  return { ledger: createSqlLedger(db), health: () => db.health(), applied };
}
