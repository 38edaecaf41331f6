// Node entry of the host server (`npm start`, `npm run dev`). Reads the environment (docs/CONTRACTS.md §1),
// starts the embedded sandbox when no upstream is configured, and serves the app on HOST:PORT.
//
// Static files are resolved from the working directory, which npm sets to the project root:
//   <cwd>/dist/hosted/                 index.html (/), console.html (/console), assets/, demo pages
//   <cwd>/dist/embed/ramp-checkout.js  the script-tag embed (/ramp-checkout.js)
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createSandbox } from '../sandbox';
import { createApp } from './app';
import type { AppDeps } from './app';
import { BackingError, openBacking } from './backing';
import type { Backing } from './backing';
import { ConfigError, listenOrigin, loadConfig } from './config';
import type { ServerConfig } from './config';
import { createLogger } from './log';
import { createNodeServer } from './node-server';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const log = createLogger({ secrets: [config.upstream.apiKey, config.adminToken, config.sessionSecret] });
  // Redis and PostgreSQL (when configured) before listening: an instance that cannot reach them, or
  // whose session secret differs from the others', refuses to start and says why.
  let backing: Backing;
  try {
    backing = await openBacking(config, { log });
  } catch (e) {
    if (e instanceof BackingError) {
      console.error(`Cannot start: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
  const files = {
    hostedDir: resolve(process.cwd(), 'dist/hosted'),
    embedFile: resolve(process.cwd(), 'dist/embed/ramp-checkout.js'),
  };

  // The sandbox needs the server's own URL (for widgetUrl), known only once listening (PORT=0).
  let app: ReturnType<typeof createApp> | undefined;
  const server = createNodeServer((req, env) =>
    app ? app.fetch(req, env) : new Response('Starting', { status: 503 }),
  );

  server.on('error', (e: NodeJS.ErrnoException) => {
    console.error(`Could not listen on ${config.host}:${config.port}: ${e.code ?? e.message}`);
    process.exit(1);
  });

  server.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    const origin = listenOrigin(config.host, port);
    // PORT=0: the default public origin is the port actually given.
    if (config.publicUrl === listenOrigin(config.host, config.port)) config.publicUrl = origin;
    const deps: AppDeps = {
      log,
      static: files,
      stores: backing.stores,
      dependencies: backing.dependencies,
    };
    if (config.mode === 'sandbox') {
      // With RAMP_SANDBOX_CONTROL=1, e2e tests can move the sandbox clock forward over HTTP.
      let offsetMs = 0;
      deps.sandboxPublicUrl = `${origin}/sandbox`;
      deps.sandbox = createSandbox({
        apiKey: config.upstream.apiKey,
        publicBaseUrl: deps.sandboxPublicUrl,
        timeScale: config.sandboxTimeScale,
        now: () => Date.now() + offsetMs,
      });
      if (config.sandboxControl) deps.advanceSandboxClock = (ms) => void (offsetMs += ms);
    }
    app = createApp(config, deps);
    log.info('listening', {
      url: origin,
      publicUrl: config.publicUrl,
      mode: config.mode,
      stores: backing.stores.kind,
      upstream: config.mode === 'remote' ? new URL(config.upstream.baseUrl).origin : `${origin}/sandbox`,
      allowedOrigins: config.allowedOrigins,
      console: config.adminToken !== null,
      sandboxControl: config.mode === 'sandbox' && config.sandboxControl,
      hostedBuild: existsSync(resolve(files.hostedDir, 'index.html')),
      embedBuild: existsSync(files.embedFile),
    });
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info('shutting down', { signal });
    server.close(() => void backing.close().finally(() => process.exit(0)));
    // Idle keep-alive sockets would hold close() open; busy ones get the grace period.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
