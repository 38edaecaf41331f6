// Starts createRampServer on HOST:PORT with Node's http server: what `npm start` and
// `npx ramp-checkout serve` run. The server's own URL (for the sandbox's pages) is known once
// listening, so the handler is created then.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, listenOrigin } from '../config/config';
import { createLogger } from '../http/log';
import { nodeHandler } from './handler';
import { applyTimeouts, serverOptions } from './node-server';
import type { RampServerOptions } from '../config/options';
import { createRampServer, loadConfig } from '../server';
import type { RampServer } from '../server';

const SHUTDOWN_GRACE_MS = 10_000;

/** Reads the environment, or exits saying what is wrong with it. */
export function optionsFromEnv(env: Record<string, string | undefined>): RampServerOptions {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

export function listen(options: RampServerOptions): void {
  const port = options.port ?? 8787;
  const host = options.host ?? '127.0.0.1';
  let ramp: RampServer | undefined;
  const log = createLogger({
    secrets: [options.apiKey, options.adminToken, options.sessionSecret, options.webhookSecret],
  });
  let handle: ReturnType<typeof nodeHandler> | undefined;
  const server = createServer(serverOptions(), (req, res) => {
    if (handle) return void handle(req, res);
    res.statusCode = 503;
    res.end('Starting');
  });
  applyTimeouts(server);
  server.on('error', (e: NodeJS.ErrnoException) => {
    console.error(`Could not listen on ${host}:${port}: ${e.code ?? e.message}`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const actual = (server.address() as AddressInfo).port;
    const origin = listenOrigin(host, actual);
    const { config } = (ramp = createRampServer({
      ...options,
      port: actual,
      publicUrl: options.publicUrl ?? origin,
    }));
    handle = nodeHandler(ramp);
    log.info('listening', {
      url: origin,
      mode: config.mode,
      upstream: config.mode === 'remote' ? new URL(config.upstream.baseUrl).origin : `${origin}/sandbox`,
      allowedOrigins: config.allowedOrigins,
      console: config.adminToken !== null,
      dataDir: config.merchant.dataDir,
      stores: config.redisUrl ? 'redis' : 'memory',
      webhooks: config.merchant.webhook ? new URL(config.merchant.webhook.url).origin : null,
      sandboxControl: config.mode === 'sandbox' && config.sandboxControl,
    });
    ramp.ready().catch((e: unknown) => {
      console.error(`Cannot start: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    });
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info('shutting down', { signal });
    server.close(() => void (ramp?.close() ?? Promise.resolve()).finally(() => process.exit(0)));
    // Idle keep-alive sockets would hold close() open; busy ones get the grace period.
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
