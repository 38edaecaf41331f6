// RAMP_SESSION_SECRET for a single server left without one: made once and kept in its data directory
// beside the embedded ledger, so a restart keeps what the secret signs and derives (shoppers' tracking
// tokens, browsers' customer ids, the externalSessionIds of replayed checkouts) as a set secret does.
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerFileError, linkIntoPlace, prepareDataDir } from './ledger/ledger-file';

export const SESSION_SECRET_FILE = 'session-secret';

/** The secret kept in `dir`, made there first if it has none (the directory too). */
export function keptSessionSecret(dir: string): string {
  prepareDataDir(dir);
  const file = join(dir, SESSION_SECRET_FILE);
  if (!existsSync(file)) create(file);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32 || /\s/.test(secret)) {
    throw new LedgerFileError(
      `${file} holds no session secret (at least 32 characters on one line). Set RAMP_SESSION_SECRET, ` +
        'or remove the file to make a new one: the tracking tokens shoppers saved stop reading their orders then.',
    );
  }
  return secret;
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
