// The embedded store: SQLite compiled to WebAssembly (sql.js), kept in one file in the data
// directory. No native build and no server process. The database lives in memory; each committed
// write is saved whole to `<dir>/ledger.sqlite` (written beside it, flushed, then renamed over it, so
// a crash leaves the old file or the new one, never half of one). That suits a merchant's order
// book of thousands of rows; several instances or large volumes take PostgreSQL instead.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { besideServer } from '../../http/package-dir';
import initSqlJs from 'sql.js';
import type { Database, SqlValue as SqliteValue } from 'sql.js';
import type { Row, SqlDriver, SqlExecutor, SqlValue } from './driver';

export const LEDGER_FILE = 'ledger.sqlite';

let engine: ReturnType<typeof initSqlJs> | undefined;

/** The WASM binary: beside the built server, else from the installed sql.js package. */
function wasmBinary(): Uint8Array {
  // Found at run time (http/package-dir.ts): a bundler taking the server into an app leaves it be.
  const beside = besideServer('sql-wasm.wasm');
  if (beside) return readFileSync(beside);
  const installed = ['sql.js', 'dist', 'sql-wasm.wasm'].join('/');
  return readFileSync(createRequire(join(process.cwd(), 'package.json')).resolve(installed));
}

const loadEngine = () => (engine ??= initSqlJs({ wasmBinary: wasmBinary() as unknown as ArrayBuffer }));

/**
 * Opens (or creates) the database file in `dir`; `dir` null keeps it in memory only (tests).
 */
export async function openSqlite(dir: string | null): Promise<SqlDriver> {
  const SQL = await loadEngine();
  const file = dir === null ? null : join(dir, LEDGER_FILE);
  if (dir !== null) mkdirSync(dir, { recursive: true });
  const db: Database =
    file !== null && existsSync(file) ? new SQL.Database(readFileSync(file)) : new SQL.Database();

  const save = () => {
    if (file === null) return;
    const data = db.export();
    const tmp = `${file}.tmp`;
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  };

  const run = <R extends Row>(sql: string, params: readonly SqlValue[] = []): R[] => {
    const stmt = db.prepare(sql);
    try {
      // `$1` is a named parameter to SQLite: bind by name.
      const bind: Record<string, SqliteValue> = {};
      params.forEach((p, i) => (bind[`$${i + 1}`] = p));
      if (params.length > 0) stmt.bind(bind);
      const rows: R[] = [];
      while (stmt.step()) rows.push(stmt.getAsObject() as R);
      return rows;
    } finally {
      stmt.free();
    }
  };

  // One statement or transaction at a time: an async transaction must not take in another caller's
  // statements.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = queue.then(fn);
    queue = result.catch(() => undefined);
    return result;
  };
  let closed = false;
  const open = () => {
    if (closed) throw new Error('the ledger database is closed');
  };

  return {
    query: <R extends Row>(sql: string, params?: readonly SqlValue[]) =>
      exclusive(async () => {
        open();
        const rows = run<R>(sql, params);
        if (!/^\s*SELECT\b/i.test(sql)) save();
        return rows;
      }),
    transaction: <T>(fn: (tx: SqlExecutor) => Promise<T>) =>
      exclusive(async () => {
        open();
        db.run('BEGIN');
        let active = true;
        const tx: SqlExecutor = {
          query: async <R extends Row>(sql: string, params?: readonly SqlValue[]) => {
            if (!active) throw new Error('query after the transaction ended');
            return run<R>(sql, params);
          },
        };
        try {
          const out = await fn(tx);
          db.run('COMMIT');
          active = false;
          save();
          return out;
        } catch (e) {
          active = false;
          db.run('ROLLBACK');
          throw e;
        }
      }),
    close: () =>
      exclusive(async () => {
        if (closed) return;
        closed = true;
        db.close();
      }),
  };
}
