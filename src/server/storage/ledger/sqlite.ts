// The embedded store: SQLite (libSQL's build, native per platform from npm) in one file in the data
// directory. SQLite writes the pages a change touches to its write-ahead log and flushes that log
// before a commit returns, so a write costs the same at a hundred orders and a hundred thousand,
// and whatever the server acknowledged survives a crash. The server holds the directory's lock for
// its life: a second server on the same directory is refused at start. A file
// that is empty, cut short or damaged is refused before anything writes to it. Several instances
// use PostgreSQL instead (postgres.ts).
import { systemClock } from '../../http/clock';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type LibsqlDatabase from 'libsql';
import type { DependencyState } from '../stores/types';
import type { Row, SqlDriver, SqlExecutor, SqlValue } from './driver';
import { sqliteReader } from './sqlite-reader';
import {
  checkLedgerFile,
  damaged,
  inUse,
  LEDGER_FILE,
  LedgerFileError,
  LOCK_FILE,
  prepareDataDir,
  linkIntoPlace,
  removeLockNote,
  writeLockNote,
} from './ledger-file';

export { LEDGER_FILE, LedgerFileError } from './ledger-file';

type Database = LibsqlDatabase.Database;
type Statement = LibsqlDatabase.Statement;

export interface SqliteDriver extends SqlDriver {
  /** The file (null: in memory). */
  readonly file: string | null;
  /** The file was made by this open (a new ledger), not found. */
  readonly created: boolean;
  /** Down once a statement failed for the storage's sake (disk full, I/O error, damage) or the file went away. */
  health(): Promise<DependencyState>;
}

/** Errors that say the storage failed, not the statement: the ledger is not fit to serve. */
const STORAGE_FAILURE = /^SQLITE_(IOERR|FULL|CORRUPT|NOTADB|READONLY|CANTOPEN|PROTOCOL)/;
/** 'RAMP' in the header: marks a file this server created. */
const APPLICATION_ID = 0x52_41_4d_50;

// Loaded when the embedded ledger opens, not when the package is imported: a server on PostgreSQL
// (or a bundle that only imports the package) never loads the native library.
let engine: Promise<typeof LibsqlDatabase> | undefined;
const loadEngine = () => (engine ??= import('libsql').then((m) => m.default));

/**
 * Opens (or creates) `<dir>/ledger.sqlite` once it holds the directory's lock; `dir` null keeps it
 * in memory only (tests). Rejects with a LedgerFileError when another server holds the directory or
 * the file is not a sound ledger.
 */
export async function openSqlite(dir: string | null, now: () => number = systemClock): Promise<SqliteDriver> {
  const Database = await loadEngine();
  if (dir === null) return driver(new Database(':memory:'), null, true);
  dir = resolve(dir);
  prepareDataDir(dir);
  const lock = takeLock(Database, dir, now);
  const file = join(dir, LEDGER_FILE);
  let db: Database | undefined;
  const created = !existsSync(file);
  try {
    if (created) create(Database, file);
    checkLedgerFile(file);
    db = new Database(file, { timeout: 5_000 });
    let check: string;
    try {
      check = db
        .prepare('PRAGMA quick_check')
        .raw()
        .all()
        .map((r) => String((r as unknown[])[0]))
        .join('\n');
    } catch (e) {
      throw damaged(file, (e as Error).message);
    }
    if (check !== 'ok') throw damaged(file, check);
    db.exec('PRAGMA journal_mode = WAL');
    // A commit returns once its log is on disk: acknowledged means kept, power loss included.
    db.exec('PRAGMA synchronous = FULL');
  } catch (e) {
    db?.close();
    lock.release();
    if (e instanceof LedgerFileError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') throw damaged(file, (e as Error).message);
    throw e;
  }
  return driver(db, { file, ino: statSync(file).ino, lock }, created);
}

interface Lock {
  release(): void;
}

/**
 * The directory's lock: an exclusive SQLite lock on `ledger.lock`, held by a connection of its own
 * for the server's life. That connection never prepares a statement, so closing it lets go at once
 * (the ledger's own connection lingers until its statements are collected).
 */
function takeLock(Database: typeof LibsqlDatabase, dir: string, now: () => number): Lock {
  const conn = new Database(join(dir, LOCK_FILE), { timeout: 0 });
  try {
    conn.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY; BEGIN EXCLUSIVE; COMMIT');
  } catch (e) {
    conn.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw inUse(dir);
    throw e;
  }
  writeLockNote(dir, now());
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      removeLockNote(dir);
      conn.close();
    },
  };
}

/**
 * A new ledger is written whole under another name and then linked into place, so the ledger's
 * name never points at an empty file (which a later start would refuse), and two servers starting
 * together on an empty directory end up with the same file (the second link fails; its file goes).
 */
function create(Database: typeof LibsqlDatabase, file: string): void {
  const fresh = `${file}.${process.pid}.new`;
  rmSync(fresh, { force: true });
  const db = new Database(fresh);
  try {
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}`);
  } finally {
    db.close();
  }
  linkIntoPlace(fresh, file);
}

function driver(
  db: Database,
  disk: { file: string; ino: number; lock: Lock } | null,
  created: boolean,
): SqliteDriver {
  const statements = new Map<string, Statement>();
  let failure: string | null = null;
  // In memory (tests) there is no file for a second connection: long reads run on this one.
  const reader = disk ? sqliteReader(disk.file) : null;
  // `$1` (PostgreSQL) is `?1` to SQLite: numbered, bound by position.
  const positional = (sql: string) => sql.replace(/\$(\d+)/g, '?$1');

  const watch = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      const code = (e as { code?: string }).code ?? '';
      if (STORAGE_FAILURE.test(code)) failure = `${code}: ${(e as Error).message}`.slice(0, 120);
      throw e;
    }
  };

  const run = <R extends Row>(sql: string, params: readonly SqlValue[] = []): R[] =>
    watch(() => {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = db.prepare(positional(sql));
        statements.set(sql, stmt);
      }
      if (stmt.reader) return stmt.all(...params) as R[];
      stmt.run(...params);
      return [];
    });

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

  const query = <R extends Row>(sql: string, params?: readonly SqlValue[]) =>
    exclusive(async () => {
      open();
      const rows = run<R>(sql, params);
      if (failure !== null && !/^\s*SELECT\b/i.test(sql)) failure = null;
      return rows;
    });

  return {
    file: disk?.file ?? null,
    created,
    query,
    read: async <R extends Row>(sql: string, params: readonly SqlValue[] = []) => {
      if (!reader) return query<R>(sql, params);
      open();
      return reader.read<R>(positional(sql), params);
    },
    transaction: <T>(fn: (tx: SqlExecutor) => Promise<T>) =>
      exclusive(async () => {
        open();
        watch(() => db.exec('BEGIN IMMEDIATE'));
        let active = true;
        const tx: SqlExecutor = {
          query: async <R extends Row>(sql: string, params?: readonly SqlValue[]) => {
            if (!active) throw new Error('query after the transaction ended');
            return run<R>(sql, params);
          },
        };
        try {
          const out = await fn(tx);
          watch(() => db.exec('COMMIT'));
          active = false;
          failure = null;
          return out;
        } catch (e) {
          active = false;
          if (db.inTransaction) db.exec('ROLLBACK');
          throw e;
        }
      }),
    async health() {
      if (closed) return { up: false, error: 'closed' };
      if (failure !== null) return { up: false, error: failure };
      if (disk) {
        try {
          if (statSync(disk.file).ino !== disk.ino)
            return { up: false, error: `${LEDGER_FILE} was replaced` };
        } catch {
          return { up: false, error: `${LEDGER_FILE} was removed` };
        }
      }
      return { up: true };
    },
    ...(disk && {
      // Two stats, no query: cheap enough for every scrape. The WAL holds what is not checkpointed yet.
      async sizeBytes() {
        const size = (f: string) => {
          try {
            return statSync(f).size;
          } catch {
            return 0;
          }
        };
        return size(disk.file) + size(`${disk.file}-wal`);
      },
    }),
    close: () =>
      exclusive(async () => {
        if (closed) return;
        closed = true;
        await reader?.close();
        // Fold the log into the file now: the connection itself closes only once its statements
        // are collected, and the file alone should hold everything after a clean stop.
        if (disk) {
          try {
            db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
          } catch {
            // The next open replays the log instead.
          }
        }
        db.close();
        disk?.lock.release();
      }),
  };
}
