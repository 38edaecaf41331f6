// `npm start` under a process manager or a container. Signalled by PID, the signal goes to npm's:
// the server must be the process npm leaves running (the script execs it), or a stop would end npm
// and its shell and leave the server serving, taken over by PID 1. Signalled as a process group
// (systemd's default KillMode=control-group, supervisord's stopasgroup), the server hears SIGTERM
// twice (the group's and npm's forwarded copy) or more: still one stop, drain included.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBuilt } from '../../test/built';
import { startUpstream } from '../testing/cluster';
import { ROOT, SERVER_ENTRY } from '../testing/process';
import type { CountingUpstream } from '../testing/cluster';

const built = isBuilt(SERVER_ENTRY);
const COUNTRIES = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';

/** `npm start` in a process group of its own (npm leads it), as a process manager starts it. */
function npmStart(env: Record<string, string>) {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-npm-start-')),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((ok) => npm.once('exit', ok));
  /** Resolves once the output matches `re` (its first group); rejects if npm exits first. */
  const logged = (re: RegExp) =>
    new Promise<string>((ok, fail) => {
      const look = () => {
        const m = re.exec(out);
        if (!m) return false;
        npm.stdout!.off('data', look);
        ok(m[1] ?? m[0]);
        return true;
      };
      if (!look()) npm.stdout!.on('data', look);
      void exited.then(() => fail(new Error(`npm start exited before logging ${re}: ${out}`)));
    });
  return { npm, exited, logged, output: () => out };
}

describe.runIf(built)('npm start', { timeout: 60_000 }, () => {
  let upstream: CountingUpstream;
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(() => upstream.close());

  it('stops the server when its PID gets SIGTERM', async () => {
    const { npm, exited, logged, output } = npmStart({ RAMP_DRAIN_MS: '0' });
    const url = await logged(/"msg":"ready","url":"(http:\/\/[^"]+)"/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toMatch(/"msg":"stopped","signal":"SIGTERM"/);
    // Nothing is left serving on the port.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it('drains when its whole process group gets SIGTERM: requests in flight and during the drain are answered', async () => {
    const { npm, exited, logged, output } = npmStart({
      RAMP_API_BASE_URL: upstream.origin,
      RAMP_API_KEY: upstream.apiKey,
      RAMP_DRAIN_MS: '1500',
    });
    const url = await logged(/"msg":"ready","url":"(http:\/\/[^"]+)"/);
    // A request the upstream holds for a second: in flight when the signal comes.
    upstream.faults.add({
      path: '/network-partner/supported/countries',
      kind: 'latency',
      latencyMs: 1_000,
      times: 1,
    });
    const inFlight = fetch(`${url}${COUNTRIES}`);
    await expect.poll(() => upstream.count('GET', '/network-partner/supported/countries')).toBe(1);

    process.kill(-npm.pid!, 'SIGTERM');
    await logged(/"msg":"shutting down","signal":"SIGTERM"/);
    // npm's forwarded copy may reach the server before it handled the group's (the system then
    // delivers one): a second stop of the group, once the first is under way, repeats it for sure.
    process.kill(-npm.pid!, 'SIGTERM');
    await logged(/"msg":"already stopping","signal":"SIGTERM"/);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ phase: 'draining', code: 'NOT_READY' });
    const during = await fetch(`${url}${COUNTRIES}`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect((await inFlight).status).toBe(200);

    expect(await exited).toBe(0);
    expect(output()).toMatch(/"msg":"stopped","signal":"SIGTERM"/);
    expect(output()).not.toMatch(/without the drain/);
  });
});
