// A host server of a spec's own (the production build in sandbox mode, with the sandbox's test
// hooks on), for tests that change server-wide state such as injected faults: the shared server
// stays untouched for the specs running beside them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/server/testing/process';

export interface OwnServer {
  origin: string;
  /** Sets the sandbox's fault rules (PUT /__sandbox/faults). */
  faults(rules: Record<string, unknown>[]): Promise<void>;
  clearFaults(): Promise<void>;
  /** Sets the sandbox's partner scenarios (PUT /__sandbox/scenarios; see src/sandbox/scenarios.ts). */
  scenarios(s: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startOwnServer(port: number): Promise<OwnServer> {
  // A data directory of its own: one server writes a directory (the shared server has the default).
  const dataDir = mkdtempSync(join(tmpdir(), 'ramp-e2e-own-'));
  const server = startServer({
    PORT: String(port),
    RAMP_SANDBOX_CONTROL: '1',
    RAMP_SANDBOX_TIME_SCALE: '0.3',
    RAMP_RATE_LIMIT_QUOTE: '6000/600',
    RAMP_RATE_LIMIT_DISCOVERY: '6000/600',
    RAMP_RATE_LIMIT_SESSION: '600/100',
    RAMP_DATA_DIR: dataDir,
  });
  const origin = await server.ready;

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
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
