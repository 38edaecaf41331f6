// Test support: the sandbox as an upstream on a real loopback port (so several server instances read
// the same sessions), and a caller that reaches a RampServer's fetch as one client address.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createSandbox } from '../../sandbox';
import type { Sandbox } from '../../sandbox';
import type { RampServer } from '../index';

export async function sandboxOverHttp(
  apiKey: string,
): Promise<{ origin: string; sandbox: Sandbox; close(): Promise<void> }> {
  const route: { to?: Parameters<typeof createServer>[1] } = {};
  const server = createServer((req, res) => route.to!(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox = createSandbox({ apiKey, publicBaseUrl: origin, timeScale: 0.02 });
  route.to = getRequestListener((req) => sandbox.app.fetch(req)) as never;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return { origin, sandbox, close };
}

export type Call = (path: string, init?: RequestInit) => Promise<Response>;

/** `ramp`'s fetch as the client at `ip` sees it. */
export const callerOf =
  (ramp: RampServer, ip: string): Call =>
  (path, init = {}) =>
    ramp.fetch(new Request(`http://127.0.0.1${path}`, init), { ip });
