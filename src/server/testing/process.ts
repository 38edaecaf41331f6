// Test support: the host server and the CLI as real processes, from the production build an
// operator runs (`dist/server/main.js`, what `npm start` runs, and the package's `ramp-checkout`
// bin), so a test can kill one, start a second beside it, or watch it refuse to start. The build
// starts in a third of the CPU time TypeScript under tsx takes; `npm test` builds before any test.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { TEST_SERVER_ENV } from './child-env';

const ROOT = resolve(import.meta.dirname, '../../..');

/** A built entry of the server package; a clear error when the build is missing. */
function built(entry: 'main.js' | 'cli.js'): string {
  const file = resolve(ROOT, 'dist/server', entry);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return file;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves with its URL once it logs that it listens; rejects if it exits first. */
  listening: Promise<string>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const started = new Set<ChildProcess>();

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [built('main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...TEST_SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((ok) =>
    child.once('exit', (code) => {
      started.delete(child);
      ok(code);
    }),
  );
  const listening = new Promise<string>((ok, fail) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (m) ok(m[1]!);
    });
    void exited.then((code) => fail(new Error(`the server exited with ${code}: ${err}`)));
  });
  listening.catch(() => {});
  return { child, stderr: () => err, listening, exited };
}

/** Polls /readyz until it answers 200 (the ledger is open). */
export async function whenReady(url: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > until) throw new Error(`${url} not ready: ${res ? await res.text() : 'no answer'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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

export const kill = (p: ServerProcess, signal: NodeJS.Signals): Promise<number | null> => {
  p.child.kill(signal);
  return p.exited;
};

/**
 * `ramp-checkout <args>` as an operator runs it, with only PATH, a loopback HOST, PORT 0 and `env`:
 * its exit code and what it printed (each stream, and both in order as `out`).
 */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [built('cli.js'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...TEST_SERVER_ENV, ...env },
    });
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
