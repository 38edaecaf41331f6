// Backups of the embedded ledger. A plain copy of a running server's `ledger.sqlite` misses what is
// still in the write-ahead log (all of it, on a young ledger), so a backup is taken by SQLite itself:
// `VACUUM INTO` writes one consistent snapshot, while the server keeps writing (the server's lock is
// on ledger.lock; a reader of the WAL-mode file never waits for it). A restore puts a checked backup
// (integrity, and exactly the schema of its version: schema-check.ts) into an empty data directory.
// Both write under a name of their own first and then link the file into place: the name never
// points at half a file, an existing path (a symbolic link too, even one pointing nowhere) is never
// written through or over, and what is checked is the very file that is linked.
import { existsSync, linkSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { LEDGER_FILE, LedgerFileError, prepareDataDir, syncDir } from './ledger-file';
import { checkLedgerSchema, summarize } from './schema-check';
import { LATEST_VERSION } from './schema-version';

export interface BackupInfo {
  file: string;
  /** The schema version it holds. */
  version: number;
  orders: number;
}

const loadEngine = async () => (await import('libsql')).default;

/**
 * Checks a ledger file: SQLite's integrity check, a schema version this build knows, its migrations
 * all recorded, and nothing in its schema they did not make.
 */
export async function inspectLedgerFile(file: string, shownAs = file): Promise<BackupInfo> {
  const Database = await loadEngine();
  const db = new Database(file, { readonly: true });
  try {
    const check = (db.prepare('PRAGMA integrity_check').raw().all() as unknown[][]).map((r) => String(r[0]));
    if (check.join('\n') !== 'ok') {
      throw new LedgerFileError(`${shownAs} fails SQLite's integrity check: ${check.slice(0, 2).join('; ')}`);
    }
    const { version, findings } = await checkLedgerSchema(db);
    if (findings.length > 0) {
      throw new LedgerFileError(
        `${shownAs} is refused: its schema is not the one this build's migrations make (${summarize(findings)}). ` +
          'It was changed outside the server.',
      );
    }
    if (version === 0) throw new LedgerFileError(`${shownAs} holds no ledger schema: not a ledger backup`);
    if (version > LATEST_VERSION) {
      throw new LedgerFileError(
        `${shownAs} has schema version ${version}, newer than this build knows (version ${LATEST_VERSION}): restore it with the newer build`,
      );
    }
    const { n } = db.prepare('SELECT count(*) AS n FROM ramp_orders').get() as { n: number };
    return { file, version, orders: Number(n) };
  } catch (e) {
    if (e instanceof LedgerFileError) throw e;
    throw new LedgerFileError(`${shownAs} is not a readable SQLite ledger (${(e as Error).message})`);
  } finally {
    db.close();
  }
}

/** Refuses a target path that exists in any form (a symbolic link is not followed: one pointing nowhere counts). */
function refuseExisting(target: string): void {
  let taken = true;
  try {
    lstatSync(target);
  } catch {
    taken = false;
  }
  if (taken)
    throw new LedgerFileError(
      `${target} exists: a backup never overwrites a file (nor writes through a link)`,
    );
  if (!existsSync(dirname(target))) throw new LedgerFileError(`${dirname(target)} does not exist`);
}

/**
 * `VACUUM INTO` a new file in a private folder beside `target`, checks it (named as `source` in what
 * it finds), then links it to `target`, which must not exist by then either: link() never follows a
 * link at its new name, nor replaces anything. The folder goes in any case.
 */
async function copyInto(source: string, target: string, open: { readonly?: boolean; timeout?: number }) {
  refuseExisting(target);
  const Database = await loadEngine();
  const dir = mkdtempSync(join(dirname(target), `.${basename(target)}.`));
  try {
    const fresh = join(dir, LEDGER_FILE);
    const db = new Database(source, open);
    try {
      db.prepare('VACUUM INTO ?').run(fresh);
    } catch (e) {
      throw new LedgerFileError(`Could not copy ${source}: ${(e as Error).message}`);
    } finally {
      db.close();
    }
    const info = await inspectLedgerFile(fresh, source);
    try {
      linkSync(fresh, target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') refuseExisting(target);
      throw e;
    }
    syncDir(dirname(target));
    return { ...info, file: target };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A consistent copy of `<dataDir>/ledger.sqlite` in `target`, taken while a server may be writing. */
export async function backupLedger(dataDir: string, target: string): Promise<BackupInfo> {
  const source = join(resolve(dataDir), LEDGER_FILE);
  if (!existsSync(source)) throw new LedgerFileError(`No ledger at ${source} (RAMP_DATA_DIR) to back up`);
  // Waits (up to 5 s) for a writer's checkpoint, never blocks the writer for long: a read transaction.
  return copyInto(source, resolve(target), { timeout: 5_000 });
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
  // The backup as it is (a damaged index would not survive the copy unnoticed), then the copy made of it.
  await inspectLedgerFile(from);
  prepareDataDir(dir);
  return copyInto(from, join(dir, LEDGER_FILE), { readonly: true });
}
