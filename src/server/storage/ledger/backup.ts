// Backups of the embedded ledger. A plain copy of a running server's `ledger.sqlite` misses what is
// still in the write-ahead log (all of it, on a young ledger), so a backup is taken by SQLite itself:
// `VACUUM INTO` writes one consistent snapshot, while the server keeps writing (the server's lock is
// on ledger.lock; a reader of the WAL-mode file never waits for it). A restore puts a checked backup
// (integrity, a schema this build knows) into an empty data directory.
import { existsSync, linkSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LEDGER_FILE, LedgerFileError, prepareDataDir, syncDir } from './ledger-file';
import { LATEST_VERSION } from './schema-version';

export interface BackupInfo {
  file: string;
  /** The schema version it holds. */
  version: number;
  orders: number;
}

const loadEngine = async () => (await import('libsql')).default;

/** Checks a ledger file: SQLite's integrity check, and a schema this build knows. */
export async function inspectLedgerFile(file: string): Promise<BackupInfo> {
  const Database = await loadEngine();
  const db = new Database(file, { readonly: true });
  try {
    const check = (db.prepare('PRAGMA integrity_check').raw().all() as unknown[][]).map((r) => String(r[0]));
    if (check.join('\n') !== 'ok') {
      throw new LedgerFileError(`${file} fails SQLite's integrity check: ${check.slice(0, 2).join('; ')}`);
    }
    let version = 0;
    try {
      const row = db.prepare('SELECT max(version) AS v FROM ramp_schema_migrations').get() as { v: unknown };
      version = Number(row.v ?? 0);
    } catch {
      // no migrations table
    }
    if (version === 0) throw new LedgerFileError(`${file} holds no ledger schema: not a ledger backup`);
    if (version > LATEST_VERSION) {
      throw new LedgerFileError(
        `${file} has schema version ${version}, newer than this build knows (version ${LATEST_VERSION}): restore it with the newer build`,
      );
    }
    const { n } = db.prepare('SELECT count(*) AS n FROM ramp_orders').get() as { n: number };
    return { file, version, orders: Number(n) };
  } catch (e) {
    if (e instanceof LedgerFileError) throw e;
    throw new LedgerFileError(`${file} is not a readable SQLite ledger (${(e as Error).message})`);
  } finally {
    db.close();
  }
}

/** A consistent copy of `<dataDir>/ledger.sqlite` in `target`, taken while a server may be writing. */
export async function backupLedger(dataDir: string, target: string): Promise<BackupInfo> {
  const source = join(resolve(dataDir), LEDGER_FILE);
  const into = resolve(target);
  if (!existsSync(source)) throw new LedgerFileError(`No ledger at ${source} (RAMP_DATA_DIR) to back up`);
  if (existsSync(into)) throw new LedgerFileError(`${into} exists: a backup never overwrites a file`);
  const Database = await loadEngine();
  // Waits (up to 5 s) for a writer's checkpoint, never blocks the writer for long: a read transaction.
  const db = new Database(source, { timeout: 5_000 });
  try {
    db.prepare('VACUUM INTO ?').run(into);
  } finally {
    db.close();
  }
  return inspectLedgerFile(into);
}

/** Puts a checked backup into an empty data directory as its ledger. */
export async function restoreLedger(backup: string, dataDir: string): Promise<BackupInfo> {
  const from = resolve(backup);
  const dir = resolve(dataDir);
  if (!existsSync(from)) throw new LedgerFileError(`No backup at ${from}`);
  if (existsSync(dir) && readdirSync(dir).some((f) => f.startsWith(LEDGER_FILE) || f.startsWith('ledger.'))) {
    throw new LedgerFileError(
      `${dir} (RAMP_DATA_DIR) already holds a ledger: restore into an empty directory, then point RAMP_DATA_DIR at it`,
    );
  }
  const info = await inspectLedgerFile(from);
  prepareDataDir(dir);
  // Copied whole under another name, then linked into place: the ledger's name never points at half a file.
  const Database = await loadEngine();
  const fresh = join(dir, `${LEDGER_FILE}.${process.pid}.restore`);
  rmSync(fresh, { force: true });
  const db = new Database(from, { readonly: true });
  try {
    db.prepare('VACUUM INTO ?').run(fresh);
  } finally {
    db.close();
  }
  try {
    linkSync(fresh, join(dir, LEDGER_FILE));
  } finally {
    rmSync(fresh, { force: true });
  }
  syncDir(dir);
  return { ...info, file: join(dir, LEDGER_FILE) };
}
