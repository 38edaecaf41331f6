// The production host server (`node dist/server/main.js`) as a child process on a loopback port the
// OS picks (PORT=0; the port is read from its "listening" log line). Killed with the benchmark, even
// when the benchmark itself dies.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOOPBACK, withTimeout } from './net';

export interface HostServer {
  origin: string;
  /** The server's process id. */
  pid: number;
  /** The server's recent output, for error messages. */
  tail(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startHostServer(env: Record<string, string> = {}): Promise<HostServer> {
  const entry = 'dist/server/main.js';
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const ownDir = mkdtempSync(join(tmpdir(), 'ramp-bench-host-'));
  const child = spawn(process.execPath, [entry], {
    // A data directory of its own unless given: one server writes a directory.
    env: {
      PATH: process.env.PATH ?? '',
      HOST: LOOPBACK,
      PORT: '0',
      RAMP_DATA_DIR: ownDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const lines: string[] = [];
  let onLine = (_line: string) => {};
  // Whole lines only: a chunk may end mid-line.
  const reader = () => {
    let partial = '';
    return (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts.filter(Boolean)) {
        lines.push(line);
        onLine(line);
      }
      lines.splice(0, Math.max(0, lines.length - 40));
    };
  };
  child.stdout.on('data', reader());
  child.stderr.on('data', reader());

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(void running.delete(child));
      const force = setTimeout(() => child.kill('SIGKILL'), 3000);
      child.once('exit', () => {
        clearTimeout(force);
        running.delete(child);
        rmSync(ownDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });

  const listening = new Promise<string>((resolve, reject) => {
    onLine = (line) => {
      const url = listeningUrl(line);
      if (url) resolve(url);
    };
    child.once('exit', (code) =>
      reject(new Error(`the host server exited (code ${code}) before listening:\n${lines.join('\n')}`)),
    );
  });
  try {
    const origin = await withTimeout(listening, 15_000, 'starting the host server');
    return { origin, pid: child.pid!, tail: () => lines.join('\n'), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** The URL of the server's `listening` log line (a JSON object per line), if this is that line. */
function listeningUrl(line: string): string | undefined {
  try {
    const record = JSON.parse(line) as { msg?: unknown; url?: unknown };
    return record.msg === 'listening' && typeof record.url === 'string' ? record.url : undefined;
  } catch {
    return undefined;
  }
}
