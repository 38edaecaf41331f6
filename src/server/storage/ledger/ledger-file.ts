// What the embedded ledger checks of its file before SQLite opens it, and the note it leaves of
// which process holds it. A ledger that is empty, not SQLite or cut short is refused here, before
// anything could write to it. The lock itself is SQLite's, on `ledger.lock` (sqlite.ts), which the
// system drops when the holding process dies, so a note left by a killed server never blocks the next.
import {
  closeSync,
  existsSync,
  mkdirSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';

export const LEDGER_FILE = 'ledger.sqlite';
/** Held locked (an SQLite file of its own) by the server that writes the directory. */
export const LOCK_FILE = 'ledger.lock';
/** Beside the lock while a server holds it: which process, since when. */
export const LOCK_NOTE_FILE = 'ledger.pid';

/** Why the embedded ledger cannot be used: the server must not start (or must stop serving). */
export class LedgerFileError extends Error {
  override name = 'LedgerFileError';
}

const MAGIC = 'SQLite format 3\0';

/** Refuses a file that SQLite would take for a new, empty database, or read past its end. */
export function checkLedgerFile(file: string): void {
  if (!existsSync(file)) return;
  const fd = openSync(file, 'r');
  let header: Buffer;
  let size: number;
  try {
    header = Buffer.alloc(100);
    size = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  const keep = `It was left untouched; restore it from a backup, or move it away to start with an empty ledger.`;
  if (size === 0) throw new LedgerFileError(`The ledger ${file} is empty (0 bytes). ${keep}`);
  if (size < 100 || header.toString('latin1', 0, 16) !== MAGIC) {
    throw new LedgerFileError(`The ledger ${file} is not an SQLite database. ${keep}`);
  }
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65_536 : raw;
  const total = statSync(file).size;
  if (total % pageSize !== 0) {
    throw new LedgerFileError(
      `The ledger ${file} is cut short (${total} bytes is not a whole number of ${pageSize}-byte pages). ${keep}`,
    );
  }
}

export function damaged(file: string, detail: string): LedgerFileError {
  return new LedgerFileError(
    `The ledger ${file} is damaged (${detail.split('\n').slice(0, 2).join('; ').slice(0, 200)}). ` +
      'It was left untouched; restore it from a backup, or move it away to start with an empty ledger.',
  );
}

interface LockNote {
  pid: number;
  host: string;
  since: string;
}

/** The message for a directory another server holds, naming it when its note says who. */
export function inUse(dir: string): LedgerFileError {
  let who = 'another server';
  try {
    const note = JSON.parse(readFileSync(join(dir, LOCK_NOTE_FILE), 'utf8')) as LockNote;
    if (Number.isInteger(note.pid)) {
      who = `another server (process ${note.pid}${note.host === hostname() ? '' : ` on ${note.host}`}, since ${note.since})`;
    }
  } catch {
    // No note yet (it is written just after the lock is taken): the lock alone says enough.
  }
  return new LedgerFileError(
    `The data directory ${dir} (RAMP_DATA_DIR) is in use by ${who}. One server writes a data ` +
      'directory: give this one its own RAMP_DATA_DIR, or run several instances on PostgreSQL ' +
      '(RAMP_DATABASE_URL) and Redis (RAMP_REDIS_URL).',
  );
}

/** Notes this process as the holder (after SQLite granted the lock). */
export function writeLockNote(dir: string, at: number): void {
  const note: LockNote = { pid: process.pid, host: hostname(), since: new Date(at).toISOString() };
  writeFileSync(join(dir, LOCK_NOTE_FILE), `${JSON.stringify(note)}\n`);
}

/** Removes the note, if it is still this process's. */
export function removeLockNote(dir: string): void {
  const file = join(dir, LOCK_NOTE_FILE);
  try {
    const note = JSON.parse(readFileSync(file, 'utf8')) as LockNote;
    if (note.pid === process.pid && note.host === hostname()) rmSync(file, { force: true });
  } catch {
    // Gone already, or not ours.
  }
}

/**
 * Puts a file written whole under another name (`fresh`) in place as `file`, unless one is there
 * already (then that one stays: of two servers starting together, both end up with the first one's),
 * and removes the other name. The name never points at a partial file.
 */
export function linkIntoPlace(fresh: string, file: string): void {
  try {
    linkSync(fresh, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(fresh, { force: true });
  }
  syncDir(dirname(file));
}

/** Flushes a directory entry (a new file's name) to disk; not possible on every platform. */
export function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory: its file system orders the entry itself.
  }
}

/**
 * Linux's pseudo filesystems (statfs magic numbers): proc, sysfs, devpts, cgroup, cgroup2, debugfs,
 * securityfs. A ledger there cannot work, and SQLite's locking on such files can spin rather than fail.
 */
const PSEUDO_FILESYSTEMS = new Set([
  0x9fa0, 0x62656572, 0x1cd1, 0x27e0eb, 0x63677270, 0x64626720, 0x73636673,
]);

/**
 * Makes the data directory when missing; refuses one that is not a plain directory on a real
 * filesystem (a file, or under /proc, /sys or /dev), before any lock or database touches it.
 */
export function prepareDataDir(dir: string): void {
  const refuse = (why: string) =>
    new LedgerFileError(
      `The data directory ${dir} (RAMP_DATA_DIR) ${why}: point RAMP_DATA_DIR at a plain directory the server may write, e.g. ./data or /var/lib/ramp-checkout`,
    );
  if (dir === '/dev' || dir.startsWith('/dev/')) throw refuse('is under /dev');
  // The nearest existing folder is checked before anything is made: Node's recursive mkdir under
  // /proc does not fail, it spins (a CPU busy and a server deaf to SIGTERM).
  let existing = dir;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  if (PSEUDO_FILESYSTEMS.has(statfsSync(existing).type))
    throw refuse('is on a system pseudo filesystem (/proc, /sys…)');
  try {
    if (existing !== dir) mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw refuse(`cannot be created (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let stat;
  try {
    stat = statSync(dir);
  } catch (e) {
    throw refuse(`cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (!stat.isDirectory()) throw refuse('is not a directory');
}
