// Starts createRampServer on HOST:PORT with Node's http server: what `npm start` and
// `npx ramp-checkout serve` run. The server's own URL (for the sandbox's pages) is known once
// listening, so the handler is created then.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, secretsOf } from '../config/config';
import { DEFAULTS, listenOrigin } from '../config/defaults';
import { loadConfig } from '../config/env';
import { createLogger } from '../http/log';
import type { Logger } from '../http/log';
import { nodeHandler } from './handler';
import { nodeServer } from './node-server';
import { stopOnSignals } from './stop-signals';
import type { NodeServerTimeouts } from './node-server';
import type { RampServerOptions } from '../config/options';
import { createRampServer } from '../server';
import type { RampServer, RampServerInternals } from '../server';

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

export interface Serving {
  server: Server;
  /** The host server, once listening. */
  ramp: RampServer;
  origin: string;
  /** Stops taking connections, then closes the host server. */
  close(): Promise<void>;
  /**
   * The graceful stop of SIGTERM: /readyz turns 503 at once and requests are still served for
   * `drainMs` (the balancer sees it and sends no more; answers say `Connection: close`, so kept-alive
   * clients reconnect elsewhere), then the port closes, idle connections are closed, requests in
   * flight finish (at most SHUTDOWN_GRACE_MS more) and the host server closes.
   */
  shutdown(drainMs?: number): Promise<void>;
}

export interface ServeHooks extends RampServerInternals {
  /** Shorter Node timeouts (tests). */
  timeouts?: Partial<NodeServerTimeouts>;
}

/**
 * The Node server of `npm start` and the CLI, listening: resolves once it listens (rejects when it
 * cannot). Process concerns (exit codes, signals) are listen()'s.
 */
export function serve(options: RampServerOptions, hooks: ServeHooks = {}): Promise<Serving> {
  const { timeouts, ...internals } = hooks;
  const port = options.port ?? DEFAULTS.port;
  const host = options.host ?? DEFAULTS.host;
  const log: Logger = internals.log ?? createLogger({ secrets: secretsOf(options), now: internals.now });
  let handle: ReturnType<typeof nodeHandler> | undefined;
  let draining = false;
  const server = nodeServer((req, res) => {
    if (draining) res.setHeader('Connection', 'close');
    if (handle) return void handle(req, res);
    res.statusCode = 503;
    res.end('Starting');
  }, timeouts);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      const origin = listenOrigin(host, actual);
      const ramp = createRampServer(
        { ...options, port: actual, publicUrl: options.publicUrl ?? origin },
        { ...internals, log },
      );
      const { config } = ramp;
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
        // The Node entry always knows the socket's peer; behind a proxy, the forwarded address.
        clientAddress: config.trustProxy ? 'X-Forwarded-For (RAMP_TRUST_PROXY)' : 'socket',
      });
      let closed: Promise<void> | undefined;
      const close = () =>
        (closed ??= new Promise<void>((done) => {
          // In-flight requests get the grace period; then their connections are cut.
          const grace = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
          grace.unref();
          server.close(() => {
            clearTimeout(grace);
            void ramp.close().finally(done);
          });
          // Idle keep-alive sockets would hold close() open.
          server.closeIdleConnections();
        }));
      const shutdown = async (drainMs = config.drainMs) => {
        ramp.drain();
        draining = true;
        if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
        await close();
      };
      resolve({ server, ramp, origin, close, shutdown });
    });
  });
}

export function listen(options: RampServerOptions): void {
  const host = options.host ?? DEFAULTS.host;
  const port = options.port ?? DEFAULTS.port;
  const log = createLogger({ secrets: secretsOf(options) });
  const started = serve(options, { log }).catch((e: NodeJS.ErrnoException) => {
    console.error(`Could not listen on ${host}:${port}: ${e.code ?? e.message}`);
    process.exit(1);
  });
  void started.then((s) =>
    s.ramp.ready().then(
      () => log.info('ready', { url: s.origin }),
      (e: unknown) => {
        console.error(`Cannot start: ${e instanceof Error ? e.message : String(e)}`);
        process.exit(1);
      },
    ),
  );

  const onSignal = stopOnSignals({
    stop(signal) {
      log.info('shutting down', { signal });
      void started
        .then(async (s) => {
          await s.shutdown();
          log.info('stopped', { signal });
        })
        .finally(() => process.exit(0));
    },
    repeated: (signal) => log.info('already stopping', { signal }),
    cutShort() {
      log.info('stopped without the drain', { signal: 'SIGINT' });
      process.exit(0);
    },
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
