// What the SQL ledger needs of a database: queries with PostgreSQL-style `$1` parameters and
// transactions. The embedded store (sqlite.ts) and a PostgreSQL pool both fit in a few lines.
import type { StoreHealth } from './types';

export type SqlValue = string | number | null;
export type Row = Record<string, unknown>;

export interface SqlExecutor {
  query<R extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
}

export interface SqlDriver extends SqlExecutor {
  /**
   * A read that scans much (the console's statistics over a year): the embedded store runs it on a
   * read-only connection of its own in a worker thread, so neither the event loop nor the writes
   * wait for it; PostgreSQL runs it as any query.
   */
  read<R extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<R[]>;
  /** Runs `fn` in one transaction: all of its statements or none. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Whether the store can serve (for /readyz). */
  health?(): Promise<StoreHealth>;
  /** The ledger's size on disk in bytes (SQLite: file + WAL; PostgreSQL: its tables with indexes); none in memory. */
  sizeBytes?(): Promise<number>;
  close(): Promise<void>;
}
