// Test support: HAProxy (Debian's package) running the shipped deploy/haproxy.cfg unchanged, its
// compose defaults replaced through the environment the file reads (BALANCER_*): a loopback port,
// the instances' addresses and the check interval. What it does is read from its own log (one line
// per request, and a line each time it takes an instance out of rotation or back in).
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { ROOT } from './process';
import { freePort } from './services';

export const HAPROXY_CONFIG = resolve(ROOT, 'deploy/haproxy.cfg');

export interface Haproxy {
  origin: string;
  /** Everything it logged so far. */
  log(): string;
  /** Resolves once its log has `count` lines matching `re` (a server's state change, say). */
  whenLogged(re: RegExp, count?: number): Promise<void>;
  close(): Promise<void>;
}

/** A server's move in or out of rotation, as HAProxy logs it: `Server ramp/ramp-1 is DOWN, reason: …`. */
export const stateChange = (server: string, state: 'UP' | 'DOWN') =>
  new RegExp(`Server ramp/${server} is ${state}\\b`, 'g');

/** HAProxy (`binary`) in front of `servers` (host:port, in the file's order), checking each every `checkMs`. */
export async function startHaproxy(binary: string, servers: string[], checkMs: number): Promise<Haproxy> {
  const port = await freePort();
  const child = spawn(binary, ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH ?? '',
      BALANCER_BIND: `127.0.0.1:${port}`,
      BALANCER_CHECK_MS: String(checkMs),
      ...Object.fromEntries(servers.map((s, i) => [`BALANCER_SERVER_${i + 1}`, s])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Its log goes to stdout; warnings and alerts (the same state changes, again) to stderr.
  let out = '';
  let err = '';
  const waiting = new Set<() => void>();
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    for (const check of [...waiting]) check();
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((ok) => child.once('exit', ok));
  const whenLogged = (re: RegExp, count = 1) =>
    new Promise<void>((ok, fail) => {
      const check = () => {
        if ((out.match(new RegExp(re.source, 'g')) ?? []).length < count) return;
        waiting.delete(check);
        ok();
      };
      waiting.add(check);
      check();
      void exited.then((code) =>
        fail(new Error(`haproxy exited with ${code} before logging ${re}:\n${err}`)),
      );
    });
  // It logs nothing once it listens: its port, accepting a connection, says so.
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${err}`);
    if (await accepts(port)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    log: () => out,
    whenLogged,
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const accepts = (port: number) =>
  new Promise<boolean>((ok) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      ok(true);
    });
    socket.on('error', () => ok(false));
  });
