// createRampServer: the whole host server as a Web-standard handler (docs/CONTRACTS.md §4): proxy,
// bootstrap, hosted page, embed script, console, the sandbox when no upstream is configured, and the
// merchant backend (intents, ledger, status sync, webhooks). Static files come from the package's
// own build folder, found from this module's URL, never from the working directory.
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { distDir } from './http/package-dir';
import { packageFirstScreen } from './http/first-screen';
import { loadFirstData } from './http/first-data';
import { bootstrapRequestFor } from './http/preload';
import type { BootstrapOptions } from './http/preload';
import type { RenderFirstScreen } from '../api/first-screen';
import { createSandbox } from '../sandbox';
import type { Sandbox, SandboxOptions } from '../sandbox';
import { createApp } from './app';
import type { AppDeps } from './app';
import { openBacking } from './storage/backing';
import { keptSessionSecret } from './storage/session-secret';
import { resolveConfig, secretsOf } from './config/config';
import type { ServerConfig } from './config/config';
import type { CreatedIntent, IntentInput } from './merchant/intent-types';
import type { Ledger } from './storage/ledger/ledger';
import type { Connection } from './http/client-address';
import { systemClock } from './http/clock';
import { createLifecycle, probeBeforeStart } from './http/lifecycle';
import { createLogger } from './http/log';
import { logUnreadable } from './http/unreadable';
import type { Logger } from './http/log';
import type { Merchant } from './merchant/merchant';
import { createSdk } from './merchant/sdk';
import type { RampIntents, RampOrders, RampWebhooks } from './merchant/sdk-types';
import { createMerchant } from './merchant/merchant';
import { parseIntentInput } from './merchant/intents';
import { API_PREFIX } from '../api/proxy/contract';
import type { RampServerOptions } from './config/options';
import type { RampBootstrap } from '../api/bootstrap';

export interface RampServer {
  /** The validated configuration (read-only). */
  readonly config: ServerConfig;
  /**
   * Answers any request of the host server, at the origin's root or under RAMP_PUBLIC_URL's path
   * (with that prefix or without it, as a framework that strips its mount path passes it).
   * `client.ip`: the caller's address when the host knows it (nodeHandler passes the socket's);
   * otherwise RAMP_TRUST_PROXY's forwarded address or the `clientIp` option gives it.
   */
  fetch(request: Request, client?: ClientInfo): Promise<Response>;
  /**
   * A checkout's first data, for the widget's `bootstrap` option, asked in process (as the widget
   * would ask GET /api/ramp/bootstrap) while your server makes the page: the widget then shows its
   * first screen, with its price when the options make a whole quote, without asking. `request`: the
   * shopper's (its language decides the country's fallback); `options`: the widget's, as you will give
   * them (`country` is needed). Undefined when the answer is not there within 300 ms, or fails: the
   * widget then asks as usual.
   */
  bootstrap(
    request: Request,
    options: BootstrapOptions,
    client?: ClientInfo,
  ): Promise<RampBootstrap | undefined>;
  /** Mints a checkout intent in process (what POST /api/ramp/intents does). */
  createIntent(input: IntentInput): Promise<CreatedIntent>;
  /** The ledger's orders: `list({ reference, status, customerId, limit, cursor })`, `retrieve(sessionId)`. */
  readonly orders: RampOrders;
  /** Checkout intents: `retrieve(id)`, `expire(id)`. */
  readonly intents: RampIntents;
  /** Webhook events: `resend(eventId)`. */
  readonly webhooks: RampWebhooks;
  /** Resolves once Redis, PostgreSQL (when configured) and the ledger are open (requests wait for it anyway); rejects saying why the server cannot start. */
  ready(): Promise<void>;
  /**
   * Turns /readyz to 503 at once (a load balancer stops sending new requests) while every request
   * is still answered: the first step of a graceful stop (`serve()` does it on SIGTERM).
   */
  drain(): void;
  /** Stops the status sync and webhook sender and closes the ledger. */
  close(): Promise<void>;
}

/** What the host knows of the connection a request came on. */
export interface ClientInfo {
  /** The client's IP address (the TCP peer). */
  ip?: string;
  /** The request target as received on the socket, before URL normalisation (checked for `..`). */
  target?: string;
  /** Headers that must come once but came more often (the request is refused). */
  repeated?: string[];
}

/** Test and embedding hooks that are not environment variables. */
export interface RampServerInternals {
  log?: Logger;
  /** The upstream fetch (sandbox mode: the sandbox's). */
  fetch?: typeof fetch;
  /** The fetch webhooks are sent with. */
  webhookFetch?: typeof fetch;
  ledger?: Ledger | Promise<Ledger>;
  /** The hosted build folder and the embed file; null serves no static files. @default the package's build */
  static?: PackageFiles | null;
  now?: () => number;
  /**
   * How an upstream call's retry waits, and its jitter's random source (the test kit: no real pauses).
   * @internal the test kit's (src/server/testing/server.ts), left out of the package's types
   */
  retry?: { sleep?: (ms: number) => Promise<void>; random?: () => number };
  /**
   * Makes the embedded sandbox from the options the server chose (the test kit keeps it, to drive it).
   * @default createSandbox
   * @internal the test kit's, left out of the package's types
   */
  sandbox?: (options: SandboxOptions) => Sandbox;
}

/** The files a server serves: its hosted build, its embed, and the hosted page's first-screen renderer. */
export interface PackageFiles {
  hostedDir: string;
  embedFile: string;
  firstScreen?: () => Promise<RenderFirstScreen | undefined>;
}

/** The build folders next to this module: dist/server/*.js → dist/hosted, dist/embed, the page's renderer. */
export function packageStaticFiles(): PackageFiles | null {
  const dist = distDir();
  const hostedDir = dist && join(dist, 'hosted');
  if (!dist || !hostedDir || !existsSync(join(hostedDir, 'index.html'))) return null;
  return {
    hostedDir: `${hostedDir}${sep}`,
    embedFile: join(dist, 'embed', 'ramp-checkout.js'),
    firstScreen: packageFirstScreen(),
  };
}

/**
 * The request as the app routes it: a path under the mount path (RAMP_PUBLIC_URL's) loses that
 * prefix; one that a framework has stripped already (Express's `app.use('/ramp', …)`) is left as is.
 */
function mountedAt(basePath: string): (request: Request) => Request | Response {
  if (basePath === '') return (request) => request;
  return (request) => {
    const url = new URL(request.url);
    // The pages link their files relative to themselves: /ramp must read /ramp/.
    if (url.pathname === basePath) return mountRedirect(`${basePath}/${url.search}`);
    if (!url.pathname.startsWith(`${basePath}/`)) return request;
    url.pathname = url.pathname.slice(basePath.length);
    return new Request(url, request);
  };
}

/** The mount path without its slash, sent to the path with it (where the hosted page's links resolve). */
export const mountRedirect = (location: string): Response =>
  new Response(null, { status: 308, headers: { Location: location, 'Cache-Control': 'no-store' } });

/**
 * The session secret: RAMP_SESSION_SECRET, else for one server on the embedded ledger the secret
 * kept in its data directory (made at its first start), else (a ledger given in process) a random
 * one. A data directory that cannot keep one stops the start as the ledger's would (`secretFailure`).
 */
function withSessionSecret(
  config: ServerConfig,
  options: RampServerOptions,
  internals: RampServerInternals,
): { config: ServerConfig; secretFailure?: unknown } {
  if (options.sessionSecret !== undefined || config.databaseUrl !== null || internals.ledger)
    return { config };
  try {
    return { config: { ...config, sessionSecret: keptSessionSecret(resolve(config.merchant.dataDir)) } };
  } catch (e) {
    return { config, secretFailure: e };
  }
}

export function createRampServer(
  options: RampServerOptions = {},
  internals: RampServerInternals = {},
): RampServer {
  const { config, secretFailure } = withSessionSecret(resolveConfig(options), options, internals);
  const now = internals.now ?? systemClock;
  const log = internals.log ?? createLogger({ secrets: secretsOf(config), now });
  const deps: AppDeps = { log, now, fetch: internals.fetch, retry: internals.retry };
  const files = internals.static === undefined ? packageStaticFiles() : internals.static;
  if (files) deps.static = files;
  if (config.mode === 'sandbox' && !internals.fetch) {
    // With RAMP_SANDBOX_CONTROL=1, e2e tests can move the sandbox clock forward over HTTP.
    let offsetMs = 0;
    deps.sandboxPublicUrl = `${config.publicUrl}${config.basePath}${API_PREFIX}/sandbox`;
    deps.sandbox = (internals.sandbox ?? createSandbox)({
      apiKey: config.upstream.apiKey,
      publicBaseUrl: deps.sandboxPublicUrl,
      timeScale: config.sandboxTimeScale,
      now: () => now() + offsetMs,
    });
    if (config.sandboxControl) deps.advanceSandboxClock = (ms) => void (offsetMs += ms);
  }
  let merchant: Merchant | undefined;
  deps.onMerchant = (m) => (merchant = m);
  // Redis and PostgreSQL (when configured) open first: an instance that cannot reach them, or whose
  // session secret differs from the others', never serves (ready() rejects, saying why).
  const lifecycle = createLifecycle();
  const started = (async () => {
    if (secretFailure !== undefined) throw secretFailure;
    const backing = await openBacking(config, { log, now });
    const app = createApp(config, {
      ...deps,
      stores: backing.stores,
      lifecycle,
      dependencies: backing.dependencies,
      // The embedded ledger is this instance's own store: /readyz turns red when it fails.
      ...(backing.ledger
        ? {}
        : {
            ownDependencies: {
              ledger: async () => {
                const { ledger } = await merchant!.parts();
                return (await ledger.health?.()) ?? { up: true };
              },
            },
          }),
      merchant: (ctx) =>
        createMerchant(ctx, {
          ledger: backing.ledger ?? internals.ledger,
          leases: backing.stores.leases,
          webhookFetch: internals.webhookFetch,
        }),
    });
    return { app, backing };
  })();
  // Until the app exists (Redis, PostgreSQL, their migrations), the probes answer from here.
  let app: Awaited<typeof started>['app'] | undefined;
  started.then(
    (s) => {
      app = s.app;
      lifecycle.started(true);
    },
    () => lifecycle.started(false), // reported by ready() and by each request
  );
  const parts = async () => {
    await started;
    return merchant!.parts();
  };

  // The client's address comes from the entry (nodeHandler: the socket), else from the clientIp
  // option; behind RAMP_TRUST_PROXY=1 the forwarded address wins (client-address.ts). Without any,
  // per-client limits cannot work: said once, at the first request, and such requests are refused
  // where an allowance is needed rather than all counted as one client.
  let toldUnknown = config.trustProxy > 0;
  const connection = (request: Request, client: ClientInfo | undefined): Connection => {
    const ip = client?.ip ?? options.clientIp?.(request) ?? undefined;
    if (ip === undefined && !toldUnknown) {
      toldUnknown = true;
      log.error('client address unknown', {
        reason:
          'fetch() was called without the client address: per-client limits refuse such requests (500 CLIENT_ADDRESS_UNKNOWN)',
        fix: 'serve through nodeHandler, pass createRampServer a clientIp(request) option, or set RAMP_TRUST_PROXY=1 behind one proxy',
      });
    }
    return { clientIp: ip, target: client?.target, repeated: client?.repeated };
  };

  const within = mountedAt(config.basePath);
  const server: RampServer = {
    config,
    fetch: async (request, client) => {
      const routed = within(request);
      if (routed instanceof Response) return routed;
      if (!app) {
        const probe = probeBeforeStart(new URL(routed.url).pathname, lifecycle.phase());
        if (probe) return probe;
      }
      return (app ?? (await started).app).fetch(routed, connection(request, client));
    },
    bootstrap: async (request, options, client) => {
      const path = bootstrapRequestFor(options);
      if (!path) return undefined;
      const own = app ?? (await started).app;
      return loadFirstData((r) => own.fetch(r, connection(request, client)), request, path);
    },
    createIntent: async (input) => (await parts()).intents.create(parseIntentInput(input)),
    ...createSdk(config, parts, now),
    ready: async () => void (await parts()),
    drain: () => lifecycle.drain(),
    close: async () => {
      await merchant?.close();
      await (await started.catch(() => undefined))?.backing.close();
    },
  };
  logUnreadable(server, log);
  return server;
}
