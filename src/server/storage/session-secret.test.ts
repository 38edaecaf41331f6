// RAMP_SESSION_SECRET unset on a single server: the secret it makes at its first start is kept in its
// data directory (its owner's to read only), so the next server on that directory reads the orders of
// the tracking tokens the first one gave; a set secret wins and writes nothing; a file that holds no
// secret, one that others may read, or a link that points nowhere stops the start, untouched. (The
// built server, killed and started again: data-dir.test.ts.)
import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { RampServerOptions } from '../config/options';
import { testServer } from '../testing/server';
import { SESSION_BODY } from '../testing/session';
import { json, quotedSession } from '../testing/upstream';
import { SESSION_SECRET_FILE } from './session-secret';

/** A server on its data directory's ledger, RAMP_SESSION_SECRET unset unless `options` set it. */
function start(options: RampServerOptions) {
  const t = testServer({ env: { RAMP_SESSION_SECRET: '' }, options, ledger: 'dir' });
  const { server } = t;
  const send = (path: string, init: RequestInit) =>
    t.request(`http://127.0.0.1:8787${path}`, init, '127.0.0.1');
  const lookup = async (token: string) => {
    const res = await send('/api/ramp/sessions/lookup', json({ trackingTokens: [token] }));
    return ((await res.json()) as { orders: ({ sessionId: string } | null)[] }).orders[0];
  };
  const checkout = async () => {
    const res = await quotedSession(send, SESSION_BODY, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; trackingToken: string };
  };
  return { server, lookup, checkout, stop: t.close };
}

/** A directory removed when the test ends, after any server made later in it has closed. */
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'ramp-secret-'));
  onTestFinished(() => rmSync(d, { recursive: true, force: true }));
  return d;
};

describe('the session secret of a server without RAMP_SESSION_SECRET', () => {
  it('is made once, kept in the data directory for its owner only, and signs for the next server there', async () => {
    const dataDir = tempDir();
    const first = start({ dataDir });
    const { id, trackingToken } = await first.checkout();
    const file = join(dataDir, SESSION_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
    await first.stop();

    const next = start({ dataDir });
    expect(await next.lookup(trackingToken)).toMatchObject({ sessionId: id });
  });

  it('is RAMP_SESSION_SECRET when set: nothing is written, a kept one is not used', async () => {
    const dataDir = tempDir();
    const kept = start({ dataDir });
    const { trackingToken } = await kept.checkout();
    await kept.stop();
    const before = readFileSync(join(dataDir, SESSION_SECRET_FILE), 'utf8');

    const set = start({ dataDir, sessionSecret: 'an-operator-set-session-secret-0123456789' });
    expect(await set.lookup(trackingToken)).toBeNull();
    expect(readFileSync(join(dataDir, SESSION_SECRET_FILE), 'utf8')).toBe(before);
    const elsewhere = tempDir();
    start({ dataDir: elsewhere, sessionSecret: 'an-operator-set-session-secret-0123456789' });
    expect(() => statSync(join(elsewhere, SESSION_SECRET_FILE))).toThrow(/ENOENT/);
  });

  it('stops the start, naming the file and leaving it as it is, when the file holds no secret', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, SESSION_SECRET_FILE);
    writeFileSync(file, 'short\n', { mode: 0o600 });
    const { server } = start({ dataDir });
    await expect(server.ready()).rejects.toThrow(`${file} holds no session secret`);
    expect(readFileSync(file, 'utf8')).toBe('short\n');
  });

  it.skipIf(process.platform === 'win32')(
    'stops the start, naming the file and leaving it as it is, when group or others may read it',
    async () => {
      const dataDir = tempDir();
      const file = join(dataDir, SESSION_SECRET_FILE);
      const secret = `${'s'.repeat(43)}\n`;
      writeFileSync(file, secret, { mode: 0o600 });
      for (const mode of [0o640, 0o604]) {
        chmodSync(file, mode);
        const { server, stop } = start({ dataDir });
        const refused = server.ready();
        await expect(refused).rejects.toThrow(`${file} may be read by others (mode 0${mode.toString(8)})`);
        await expect(refused).rejects.toThrow(`chmod 600 ${file}`);
        await expect(refused).rejects.not.toThrow(secret.trim());
        await stop();
        expect(statSync(file).mode & 0o777).toBe(mode);
        expect(readFileSync(file, 'utf8')).toBe(secret);
      }
    },
  );

  it('stops the start, naming the link and where it points, when a symbolic link there points nowhere', async () => {
    const dataDir = tempDir();
    const file = join(dataDir, SESSION_SECRET_FILE);
    const target = join(dataDir, 'secrets', 'ramp-session');
    symlinkSync(target, file);
    const { server } = start({ dataDir });
    await expect(server.ready()).rejects.toThrow(
      `${file} is a symbolic link to ${target}, which does not exist`,
    );
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(readlinkSync(file)).toBe(target);
    expect(() => statSync(target)).toThrow(/ENOENT/);
  });
});
