// The production host server (`node dist/server/main.js`, started as the tests start it:
// src/server/testing/process.ts) on a loopback port the OS picks, with a data directory of its own
// unless given. Killed with the benchmark, even when the benchmark itself dies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/server/testing/process';
import { withTimeout } from './net';

export interface HostServer {
  origin: string;
  /** The server's process id. */
  pid: number;
  /** The server's recent output, for error messages. */
  tail(): string;
  stop(): Promise<void>;
}

export async function startHostServer(env: Record<string, string> = {}): Promise<HostServer> {
  const ownDir = mkdtempSync(join(tmpdir(), 'ramp-bench-host-'));
  // As in production: what it sends is not checked against its schemas first (the tests' self-check).
  const server = startServer({ RAMP_DATA_DIR: ownDir, RAMP_SELF_CHECK: '0', ...env });
  const stop = async () => {
    await server.stop();
    rmSync(ownDir, { recursive: true, force: true });
  };
  try {
    const origin = await withTimeout(server.listening, 15_000, 'starting the host server');
    return { origin, pid: server.child.pid!, tail: () => server.output(), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
