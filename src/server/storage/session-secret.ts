// RAMP_SESSION_SECRET for a single server left without one: made once and kept in its data directory
// beside the embedded ledger, so a restart keeps what the secret signs and derives (shoppers' tracking
// tokens, browsers' customer ids, the externalSessionIds of replayed checkouts) as a set secret does.
// It is a credential like the variable (it mints tracking tokens), so a file others may read is refused.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { LedgerFileError, linkIntoPlace, prepareDataDir } from './ledger/ledger-file';

export const SESSION_SECRET_FILE = 'session-secret';

/** The secret kept in `dir`, made there first if it has none (the directory too). */
export function keptSessionSecret(dir: string): string {
  prepareDataDir(dir);
  const file = join(dir, SESSION_SECRET_FILE);
  // lstat: a symbolic link that points nowhere is something there, not room for a new file.
  if (!lstatSync(file, { throwIfNoEntry: false })) create(file);
  const secret = readKept(file).trim();
  if (secret.length < 32 || /\s/.test(secret)) {
    throw new LedgerFileError(
      `${file} holds no session secret (at least 32 characters on one line). Set RAMP_SESSION_SECRET, ` +
        'or remove the file to make a new one: the tracking tokens shoppers saved stop reading their orders then.',
    );
  }
  return secret;
}

/** The file's text, once it is known to be its owner's to read only (POSIX modes). */
function readKept(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT' && lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) {
      throw new LedgerFileError(
        `${file} is a symbolic link to ${readlinkSync(file)}, which does not exist. Point it at the ` +
          'file that holds the session secret, or remove the link to make a new secret.',
      );
    }
    throw new LedgerFileError(
      `${file} cannot be read (${code}). Set RAMP_SESSION_SECRET, or let the server read it.`,
    );
  }
  try {
    const mode = fstatSync(fd).mode & 0o777;
    // Windows reports modes that say nothing of who may read the file.
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new LedgerFileError(
        `${file} may be read by others (mode 0${mode.toString(8)}): it signs shoppers' tracking tokens. ` +
          `Make it its owner's only (chmod 600 ${file}), or set RAMP_SESSION_SECRET.`,
      );
    }
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Written whole under another name (readable by its owner only) and then linked into place: the name
 * never points at a partial file, and of two servers starting together on one directory the second
 * link fails and both read the first one's secret.
 */
function create(file: string): void {
  const fresh = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  const fd = openSync(fresh, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString('base64url')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  linkIntoPlace(fresh, file);
}
