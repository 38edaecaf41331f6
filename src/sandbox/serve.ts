// Node entry of the standalone sandbox (`npx tsx src/sandbox/serve.ts`): the simulated upstream as its
// own process, so the host server can run in remote mode against a real HTTP upstream and be killed
// and restarted while the upstream keeps its sessions and transactions.
//
//   SANDBOX_KEY         required: the API key clients must send (`Authorization: BASIC <key>`)
//   SANDBOX_PORT        default 8795 (0: any free port)
//   SANDBOX_HOST        default 127.0.0.1
//   SANDBOX_TIME_SCALE  default 1 (provider processing speed; 0.1 = ten times faster)
//   SANDBOX_CONTROL     1: expose the test controls at /__sandbox (control.ts; tests only)
//   SANDBOX_PUBLIC_URL  the origin shoppers' browsers reach it at, for its partner pages (widgetUrl);
//                       default the one it listens on (behind Docker's port mapping, the host's)
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { isHttpUrl } from '../domain/url';
import { createStandaloneSandbox, type Standalone } from './standalone';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

const env = process.env;
const apiKey = env.SANDBOX_KEY?.trim();
if (!apiKey) fail('SANDBOX_KEY is required: set it to the API key clients of this sandbox will send');
if (!/^[\x21-\x7E]+$/.test(apiKey)) fail('SANDBOX_KEY must be printable characters without spaces');
const rawPort = env.SANDBOX_PORT?.trim() || '8795';
const port = /^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535 ? Number(rawPort) : NaN;
if (Number.isNaN(port)) fail('SANDBOX_PORT must be an integer from 0 to 65535');
const host = env.SANDBOX_HOST?.trim() || '127.0.0.1';
const timeScale = Number(env.SANDBOX_TIME_SCALE?.trim() || '1');
if (!(timeScale > 0 && timeScale <= 100)) fail('SANDBOX_TIME_SCALE must be a number above 0 and at most 100');
const control = env.SANDBOX_CONTROL === '1';
const publicUrl = env.SANDBOX_PUBLIC_URL?.trim() || undefined;
if (publicUrl !== undefined && !isHttpUrl(publicUrl)) {
  fail(`SANDBOX_PUBLIC_URL must be an http(s) URL, e.g. http://localhost:8795 (got "${publicUrl}")`);
}

// The sandbox needs its own origin (widgetUrl), known only once listening (SANDBOX_PORT=0).
let standalone: Standalone | undefined;
const server = createAdaptorServer({
  fetch: (req, bindings) =>
    standalone ? standalone.fetch(req, bindings) : new Response('Starting', { status: 503 }),
});
server.on('error', (e: NodeJS.ErrnoException) =>
  fail(`could not listen on ${host}:${port}: ${e.code ?? e.message}`),
);
server.listen(port, host, () => {
  const { port: actual } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actual}`;
  const publicBaseUrl = publicUrl ?? origin;
  standalone = createStandaloneSandbox({ apiKey, publicBaseUrl, timeScale, control });
  process.stdout.write(
    `${JSON.stringify({ msg: 'sandbox listening', url: origin, publicUrl: publicBaseUrl, timeScale, control })}\n`,
  );
});

const shutdown = () => {
  server.close(() => process.exit(0));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
