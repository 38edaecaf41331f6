// The embedded ledger's long reads (SqlDriver.read), off the event loop. SQLite's calls are
// synchronous: a read that scans a year of orders would hold the server (health checks included)
// and queue every write behind it. So these reads run in a worker thread on a read-only connection
// of their own to the same file; in WAL mode it reads the last commit while the server goes on
// writing. One worker, one read at a time: the long reads queue behind each other, never in front
// of a shopper's request. The worker starts with the first read and lives as long as the ledger.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Row, SqlValue } from './driver';

// CommonJS run by the worker (`eval`): no file of its own, so it works alike from the sources, the
// built server and a merchant's bundle. It loads the same native library the server loaded. The
// connection takes no write (libsql's Database has no read-only open: `query_only` instead).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Below the thread that answers requests (nice 10, Linux): on a busy machine it waits, not they.
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 10);
} catch {}
const Database = require(workerData.engine);
const db = new Database(workerData.file, { timeout: 5000 });
db.exec('PRAGMA query_only = ON');
const statements = new Map();
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let stmt = statements.get(sql);
    if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
    parentPort.postMessage({ id, rows: stmt.all(...params) });
  } catch (e) {
    parentPort.postMessage({ id, error: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

interface Answer {
  id: number;
  rows?: Row[];
  error?: { message: string; code?: string };
}

export interface SqliteReader {
  /** Runs a read (SQLite's `?1` parameters) on the reader's connection. */
  read<R extends Row>(sql: string, params: readonly SqlValue[]): Promise<R[]>;
  /** Stops the worker; reads still running fail. */
  close(): Promise<void>;
}

export function sqliteReader(file: string): SqliteReader {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 0;
  const pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (e: Error) => void }>();

  const failAll = (e: Error) => {
    worker = undefined;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  };

  const start = (): Worker => {
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { engine: createRequire(import.meta.url).resolve('libsql'), file },
    });
    w.on('message', (a: Answer) => {
      const p = pending.get(a.id);
      pending.delete(a.id);
      // Idle, the worker does not keep the process alive.
      if (pending.size === 0) w.unref();
      if (a.error) p?.reject(Object.assign(new Error(a.error.message), { code: a.error.code }));
      else p?.resolve(a.rows ?? []);
    });
    // A worker that could not open the file, or died: its reads fail, the next read starts another.
    w.on('error', (e) => worker === w && failAll(e));
    w.on('exit', (code) => worker === w && failAll(new Error(`the ledger's reader stopped (${code})`)));
    return w;
  };

  return {
    read<R extends Row>(sql: string, params: readonly SqlValue[]) {
      if (closed) return Promise.reject(new Error('the ledger database is closed'));
      const w = (worker ??= start());
      const id = nextId++;
      w.ref();
      return new Promise<R[]>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (rows: Row[]) => void, reject });
        w.postMessage({ id, sql, params });
      });
    },
    async close() {
      closed = true;
      const w = worker;
      failAll(new Error('the ledger database is closed'));
      await w?.terminate();
    },
  };
}
