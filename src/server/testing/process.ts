// Test support: the host server and the CLI as real processes, from the production build an operator
// runs (`dist/server/main.js`, what `npm start` runs, and the package's `ramp-checkout` bin), so a
// test can kill one, start a second beside it, or watch it refuse to start. Used by Vitest, the
// benchmarks and Playwright alike (no test-runner imports). The build starts in a third of the CPU
// time TypeScript under tsx takes; `npm test` builds before any test.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEST_SERVER_ENV } from './child-env';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = resolve(ROOT, 'dist/server/main.js');
const CLI_ENTRY = resolve(ROOT, 'dist/server/cli.js');

/** A built entry of the server package; a clear error when the build is missing. */
function built(file: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

/**
 * What a started server has in its environment: PATH, a loopback HOST, a free PORT, no drain, its
 * answers checked against their schemas (child-env.ts), then `env`.
 */
const childEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOST: '127.0.0.1',
  PORT: '0',
  ...TEST_SERVER_ENV,
  ...env,
});

export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote, both streams in order (the last 20 kB): for failure messages. */
  output(): string;
  /** What it wrote to stderr. */
  stderr(): string;
  /** Its URL once it logs that it listens (it may still be opening its ledger); rejects if it exits first. */
  listening: Promise<string>;
  /** Its URL once it logs that it is ready (Redis, PostgreSQL, the ledger open); rejects if it exits first. */
  ready: Promise<string>;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM: a goodbye; SIGKILL: dying), to its whole group if it has one, and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const started = new Set<ChildProcess>();
// A test runner that dies leaves no server behind.
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

/**
 * Starts the built server (`dist/server/main.js`) with `env`. `group`: in a process group of its
 * own, which stop() signals whole, as systemd does (KillMode=control-group).
 */
export function startServer(env: Record<string, string>, o: { group?: boolean } = {}): ServerProcess {
  const child = spawn(process.execPath, [built(SERVER_ENTRY)], {
    cwd: ROOT,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: o.group === true,
  });
  started.add(child);
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((ok) =>
    child.once('exit', (code) => {
      started.delete(child);
      ok(code);
    }),
  );
  const logged = (line: RegExp) => {
    const url = new Promise<string>((ok, fail) => {
      const look = () => {
        const m = line.exec(out);
        if (m) ok(m[1]!);
      };
      child.stdout!.on('data', look);
      void exited.then((code) =>
        fail(new Error(`the server exited with ${code} before it was ready:\n${out}`)),
      );
    });
    url.catch(() => {}); // a test that never waits for it is not told twice
    return url;
  };
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    out = (out + d.toString()).slice(-20_000);
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) return ok();
      child.once('exit', () => ok());
      if (!o.group) return void child.kill(signal);
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // Gone already (ESRCH): its exit is on its way.
      }
    });
  return {
    child,
    output: () => out,
    stderr: () => err,
    listening: logged(/"msg":"listening"[^\n]*"url":"(http:\/\/[^"]+)"/),
    ready: logged(/"msg":"ready","url":"(http:\/\/[^"]+)"/),
    exited,
    stop,
  };
}

/** Stops every server a test started and did not stop. */
export async function stopServers(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  await Promise.all(
    [...started].map(
      (c) =>
        new Promise<void>((ok) => {
          if (c.exitCode !== null || c.signalCode !== null) return ok();
          c.once('exit', () => ok());
          c.kill(signal);
        }),
    ),
  );
}

/**
 * `ramp-checkout <args>` as an operator runs it, with only PATH, a loopback HOST, PORT 0 and `env`:
 * its exit code and what it printed (each stream, and both in order as `out`).
 */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [built(CLI_ENTRY), ...args], { cwd: ROOT, env: childEnv(env) });
    let out = '';
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      out += String(d);
      stderr += String(d);
    });
    child.on('close', (code) => done({ code, out, stdout, stderr }));
  });
}
