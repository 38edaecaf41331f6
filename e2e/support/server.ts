// A host server of a spec's own (the production build in sandbox mode, with the sandbox's test
// hooks on), for tests that change server-wide state such as injected faults: the shared server
// stays untouched for the specs running beside them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SERVER_ENV } from '../../src/server/testing/child-env';

export interface OwnServer {
  origin: string;
  /** Sets the sandbox's fault rules (PUT /__sandbox/faults). */
  faults(rules: Record<string, unknown>[]): Promise<void>;
  clearFaults(): Promise<void>;
  /** Sets the sandbox's partner scenarios (PUT /__sandbox/scenarios; see src/sandbox/scenarios.ts). */
  scenarios(s: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output.join('')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up:\n${output.join('')}`);
}

export async function startOwnServer(port: number): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  // A data directory of its own: one server writes a directory (the shared server has the default).
  const dataDir = mkdtempSync(join(tmpdir(), 'ramp-e2e-own-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      ...TEST_SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      RAMP_SANDBOX_CONTROL: '1',
      RAMP_SANDBOX_TIME_SCALE: '0.3',
      RAMP_RATE_LIMIT_QUOTE: '6000/600',
      RAMP_RATE_LIMIT_DISCOVERY: '6000/600',
      RAMP_RATE_LIMIT_SESSION: '600/100',
      RAMP_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  await waitUntilUp(`${origin}/healthz`, child, output);

  const control = async (method: 'PUT' | 'DELETE', body?: unknown, path = '/__sandbox/faults') => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status !== 204) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };

  return {
    origin,
    faults: (rules) => control('PUT', { rules }),
    clearFaults: () => control('DELETE'),
    scenarios: (s) => control('PUT', s, '/__sandbox/scenarios'),
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
