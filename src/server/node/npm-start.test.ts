// `npm start` under a process manager or a container: the signal goes to the PID it started, npm's.
// The server must be the process npm leaves running (the script execs it), or a stop would end
// npm and its shell and leave the server serving, taken over by PID 1.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBuilt } from '../../test/built';
import { ROOT, SERVER_ENTRY } from '../testing/cluster';

const built = isBuilt(SERVER_ENTRY);

describe.runIf(built)('npm start', () => {
  it('stops the server when its PID gets SIGTERM', async () => {
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        HOST: '127.0.0.1',
        PORT: '0',
        RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-npm-start-')),
        RAMP_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const ready = new Promise<string>((ok, fail) => {
      npm.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /"msg":"ready","url":"(http:\/\/[^"]+)"/.exec(out);
        if (m) ok(m[1]!);
      });
      npm.once('exit', (code) => fail(new Error(`npm start exited with ${code}: ${out}`)));
    });
    const exited = new Promise<number | null>((ok) => npm.once('exit', ok));
    const url = await ready;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    npm.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toMatch(/"msg":"stopped","signal":"SIGTERM"/);
    // Nothing is left serving on the port.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 60_000);
});
