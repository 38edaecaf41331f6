// The host server: the /api/ramp proxy (policy.ts decides what passes), /healthz, the embedded
// sandbox under /api/ramp/sandbox when no upstream is configured, and the static build. Every response
// carries X-Request-Id and the security headers; every error is `{ code, message, requestId }`.
import { systemClock } from './http/clock';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Hono } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { RampError } from '../api';
import type { Sandbox } from '../sandbox';
import { DISCOVERY_CACHE_DEFAULTS, TtlCache } from './proxy/discovery/cache';
import type { CacheOptions } from './proxy/discovery/cache';
import { secretsOf } from './config/config';
import type { ServerConfig } from './config/config';
import { NO_STORE, markUnowned } from './http/context';
import type { AppEnv } from './http/context';
import { createDiscovery } from './proxy/discovery/discovery';
import { apiHeaders, securityHeaders } from './http/headers';
import { clientIp, refuseRepeatedHeaders } from './http/client-address';
import { CLIENT_CLOSED_REQUEST, ClientAbort, HttpError } from './http/errors';
import { createLogger } from './http/log';
import type { Logger } from './http/log';
import { API_PREFIX } from '../api/proxy/contract';
import type { Merchant, MerchantContext } from './merchant/merchant';
import { merchantRoutes } from './merchant/routes';
import { openApiDocument } from './openapi/document';
import { createProxy } from './proxy/routes';
import { createFreshAnswers } from './proxy/discovery/fresh-answers';
import { CONTROL_PATH, CONTROL_ROUTES, controlAccess } from '../sandbox/control';
import { RateLimiter } from './http/rate-limit';
import { mountStatic } from './http/static';
import { createRequireAdmin } from './http/admin';
import { API_OWN_ROUTES, HEALTH_ROUTES } from './http/own-routes';
import type { OwnRouteDeps } from './http/own-routes';
import { readJsonBody } from './http/body';
import { OffSchema, mountRoutes } from '../api/routes/mount';
import type { Lifecycle } from './http/lifecycle';
import { createMetrics } from './http/metrics';
import { UPSTREAM_OPERATIONS, upstreamOperation } from './proxy/operations';
import type { Metrics } from './http/metrics';
import { routePath } from 'hono/route';
import type { Context } from 'hono';
import { createMemoryStores } from './storage/stores/memory';
import type { DependencyState, Stores } from './storage/stores/types';
import type { StaticFiles } from './http/static';
import { createUpstream, isTransient, toHttpError } from './upstream/client';
import type { RetryPolicy } from './upstream/client';

/** The parts of the sandbox (src/sandbox) the server uses. */
export type ServerSandbox = Pick<Sandbox, 'app' | 'fetch' | 'faults'> & Partial<Pick<Sandbox, 'scenarios'>>;

export interface AppDeps {
  /** The upstream fetch (tests: a recording fake). Default: the sandbox's in-process fetch, else global fetch. */
  fetch?: typeof fetch;
  /** Sandbox mode: served at sandboxPublicUrl's path (else /sandbox) and used as the upstream. */
  sandbox?: ServerSandbox;
  /** The sandbox's public base URL (as given to createSandbox), whose icons the pages may show. */
  sandboxPublicUrl?: string;
  /** Moves the sandbox clock (only used by the sandbox control endpoint). */
  advanceSandboxClock?: (ms: number) => void;
  log?: Logger;
  /** The hosted build folder; the embed is then `<staticRoot>/../embed/ramp-checkout.js`. */
  staticRoot?: string;
  /** Explicit static paths (win over staticRoot). */
  static?: StaticFiles;
  now?: () => number;
  cache?: Partial<CacheOptions>;
  retry?: { policy?: RetryPolicy; sleep?: (ms: number) => Promise<void>; random?: () => number };
  /** Rate limits, the shared cache tier, idempotency, leases. Default: in process (stores/memory.ts). */
  stores?: Stores;
  /** Shared services (PostgreSQL): reported by /readyz and /metrics; down, the instance is `degraded`, still ready. */
  dependencies?: Record<string, () => Promise<DependencyState>>;
  /** This instance's own stores (the embedded ledger): down, /readyz is 503. */
  ownDependencies?: Record<string, () => Promise<DependencyState>>;
  /** Starting, serving, draining: /readyz is 503 unless serving. Default: always serving. */
  lifecycle?: Pick<Lifecycle, 'phase'>;
  /** The merchant backend (ledger, intents, sync, webhooks), built on this app's upstream. */
  merchant?: (ctx: MerchantContext) => Merchant;
  /** Told the merchant backend once it is built (so its owner can close it). */
  onMerchant?: (merchant: Merchant) => void;
  /** This instance's metrics (GET /metrics). Default: a registry of its own. */
  metrics?: Metrics;
}

/** With a shared cache tier, this process keeps discovery answers only briefly: instances converge. */
export const LOCAL_TTL_WITH_SHARED_CACHE_MS = 5_000;
const HEALTH_CHECK_TIMEOUT_MS = 1_500;
const WORKER_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/** An incoming X-Request-Id kept as the request's id: a balancer's (UUIDs, hex, AWS trace ids). */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:;=+/-]{8,128}$/;

export function createApp(config: ServerConfig, deps: AppDeps = {}): Hono<AppEnv> {
  const now = deps.now ?? systemClock;
  const log = deps.log ?? createLogger({ secrets: secretsOf(config) });
  const upstreamFetch = deps.fetch ?? deps.sandbox?.fetch;
  if (!upstreamFetch && config.mode === 'sandbox') {
    throw new Error('createApp: sandbox mode needs deps.sandbox (see src/server/node/main.ts) or deps.fetch');
  }
  const metrics =
    deps.metrics ??
    createMetrics({
      now,
      processMetrics: config.adminToken !== null,
      upstreamOperations: UPSTREAM_OPERATIONS,
    });
  const upstream = createUpstream(config, {
    fetch: upstreamFetch ?? ((input, init) => globalThis.fetch(input, init)),
    retry: deps.retry?.policy,
    sleep: deps.retry?.sleep,
    random: deps.retry?.random,
    onRetry: (attempt, delayMs, e) =>
      log.warn('upstream retry', { attempt, delayMs, code: e.code, status: e.status }),
    // Field paths and counts only: the items themselves (which may name a customer) are not logged.
    onDropped: (d, operation) => log.warn('upstream items dropped', { operation, ...d }),
    onAttempt: (url, outcome, ms, partner) =>
      metrics.upstreamRequest(upstreamOperation(new URL(url).pathname), outcome, ms / 1000, partner),
  });
  const requireAdmin = createRequireAdmin(config, {
    now,
    limiter: (l) => metrics.countRefusals('admin', l),
  });
  const stores = withCountedLimiters(deps.stores ?? createMemoryStores({ now }), metrics);
  const sharedCache = stores.kind !== 'memory';
  const cache = new TtlCache({
    now,
    serveStaleOn: isTransient,
    onBackgroundError: (key, e) => log.warn('cache refresh failed', { key, error: errorSummary(e) }),
    // The upstream's own "no such thing" (4xx) is an answer: kept briefly, so repeating a missing
    // query does not spend the upstream quota again.
    cacheError: (e) => e instanceof RampError && e.status >= 400 && e.status < 500 && e.status !== 429,
    ...(sharedCache ? { ttlMs: LOCAL_TTL_WITH_SHARED_CACHE_MS } : {}),
    ...deps.cache,
  });
  const discovery = createDiscovery(
    upstream,
    cache,
    config.requestDeadlineMs,
    metrics.countRefusals('discovery', new RateLimiter(config.rateLimits.discovery, { now })),
    sharedCache
      ? { store: stores.cache, ttlMs: deps.cache?.ttlMs ?? DISCOVERY_CACHE_DEFAULTS.ttlMs }
      : undefined,
  );
  const checks: Record<string, () => Promise<DependencyState>> = {
    ...(stores.kind === 'redis' ? { redis: () => stores.health() } : {}),
    ...deps.dependencies,
    ...deps.ownDependencies,
  };
  const own = new Set(Object.keys(deps.ownDependencies ?? {}));
  const dependencyStates = async (): Promise<Record<string, DependencyState>> => {
    const names = Object.keys(checks);
    const states = await Promise.all(names.map((n) => boundedCheck(checks[n]!)));
    return Object.fromEntries(names.map((n, i) => [n, states[i]!]));
  };
  metrics.watchDependencies(dependencyStates);
  const phase = deps.lifecycle?.phase ?? (() => 'serving' as const);

  // Hono's RegExpRouter, named rather than left to Hono's choice: it matches a request in one regular
  // expression, where the trie router Hono falls back to when a route pattern defeats it cost the
  // cached discovery read about a tenth of its throughput. A route it cannot take fails at start.
  const app = new Hono<AppEnv>({ router: new RegExpRouter() });

  // The request id is made here, not by Hono's request-id middleware: as a middleware of its own it
  // cost the cached discovery read about a third of its throughput (docs/ARCHITECTURE.md, "Library
  // first"). A balancer's X-Request-Id is kept, so its logs and ours name a request alike; one that a
  // header or a log line could not carry as it is gets an id of our own.
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const started = now();
    const timer = performance.now();
    await next();
    if (!c.get('headersComplete')) c.res.headers.set('X-Request-Id', requestId);
    const cacheStatus = c.get('cacheStatus');
    if (cacheStatus) metrics.discoveryCache(cacheStatus);
    metrics.httpRequest(routeLabel(c), c.req.method, c.res.status, (performance.now() - timer) / 1000);
    if (c.get('unowned')) markUnowned(c.res);
    log.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path.slice(0, 200),
      client: clientIp(c, config.trustProxy),
      status: c.res.status,
      ms: now() - started,
      cache: c.get('cacheStatus'),
      clientAborted: c.get('clientAborted'),
    });
  });
  // The sandbox lives under the API's path, so an app that routes only /api/ramp to the server
  // (a Next.js route handler) serves the partner's page and icons too.
  const sandboxPath = deps.sandboxPublicUrl
    ? new URL(deps.sandboxPublicUrl).pathname.slice(config.basePath.length)
    : '/sandbox';
  app.use('*', securityHeaders(config, sandboxPath));
  // A second Host (or Authorization, …) is how requests are smuggled past a proxy's view of them.
  app.use('*', async (c, next) => {
    refuseRepeatedHeaders(c);
    await next();
  });

  app.onError((err, c) => {
    const requestId = c.get('requestId');
    // Gone before the answer: not a failure of the server's, and nobody left to read an answer.
    if (err instanceof ClientAbort || c.req.raw.signal.aborted) {
      c.set('clientAborted', true);
      return new Response(null, { status: CLIENT_CLOSED_REQUEST });
    }
    // The self-check met an answer off its schema: said in the answer, where the test shows it (field
    // and rule only: OffSchema never repeats a value).
    if (err instanceof OffSchema) {
      log.error('answer off its schema', { requestId, error: err.message });
      return c.json({ code: 'INTERNAL_ERROR', message: err.message, requestId }, 500, NO_STORE);
    }
    let e: HttpError;
    try {
      e = toHttpError(err);
    } catch {
      log.error('unhandled error', { requestId, error: err });
      e = new HttpError(500, 'INTERNAL_ERROR', 'Something went wrong on the server');
    }
    if (err instanceof RampError) {
      log.warn('upstream error', {
        requestId,
        code: err.code,
        status: err.status,
        upstreamRequestId: err.requestId,
      });
    }
    return c.json({ ...e.extra, code: e.code, message: e.message, requestId }, e.status, {
      ...e.headers,
      ...NO_STORE,
    });
  });
  app.notFound((c) => {
    c.set('unowned', true);
    return c.json({ code: 'NOT_FOUND', message: 'Not found', requestId: c.get('requestId') }, 404, NO_STORE);
  });

  // RAMP_ROLE=worker: background jobs only; of HTTP, the health endpoints and metrics.
  if (config.role === 'worker') {
    app.use('*', async (c, next) => {
      if (!WORKER_PATHS.has(c.req.path)) {
        throw new HttpError(404, 'NOT_FOUND', 'This instance runs background jobs only (RAMP_ROLE=worker)');
      }
      await next();
    });
  }

  // Liveness, readiness (as http/lifecycle.ts says) and metrics; then, under /api/ramp, the origin
  // check and the OpenAPI document (http/own-routes.ts).
  const ownDeps: OwnRouteDeps = {
    config,
    phase,
    dependencyStates,
    own,
    stores: stores.kind,
    metrics,
    openApi: openApiDocument(config),
  };
  if (config.selfCheck) {
    log.info('self-check on', {
      why: 'selfCheck (RAMP_SELF_CHECK=1): each JSON answer and webhook event is checked against its schema before it leaves, an answer off it is a 500; a development aid, for tests',
    });
  }
  const mounted = {
    readBody: (c: Context<AppEnv>) => readJsonBody(c.req.raw),
    checkAnswers: config.selfCheck,
  };
  mountRoutes(app, HEALTH_ROUTES, { ...mounted, deps: ownDeps, access: { admin: (c) => requireAdmin(c) } });

  // ---- the embedded sandbox (before the API's headers: it stands in for a third party) ----
  const sandbox = deps.sandbox;
  if (config.mode === 'sandbox' && sandbox) {
    app.mount(sandboxPath, (req, env) => sandbox.app.fetch(req, env));
  }

  // ---- /api/ramp: the merchant's routes, then the proxy ----
  // (A pattern ending in /* matches the prefix itself too: /api/ramp is among them.)
  app.use(`${API_PREFIX}/*`, apiHeaders(config));
  mountRoutes(app, API_OWN_ROUTES, { ...mounted, deps: ownDeps, prefix: API_PREFIX });
  const merchant = deps.merchant?.({ config, upstream, log, now, metrics });
  if (merchant) {
    deps.onMerchant?.(merchant);
    app.route('/', merchantRoutes({ config, parts: () => merchant.parts(), log, now }, requireAdmin));
  }

  const answers = createFreshAnswers({ now });
  const proxy = createProxy({
    config,
    upstream,
    discovery,
    log,
    now,
    stores,
    answers,
    orders: merchant?.orders,
    requireAdmin,
    funnel: merchant?.funnel,
    completion: merchant?.completion,
    intentCustomer: merchant?.intentCustomer,
  });
  app.route('/', proxy);

  if (config.mode === 'sandbox' && sandbox && config.sandboxControl) {
    mountRoutes(app, CONTROL_ROUTES, {
      ...mounted,
      prefix: CONTROL_PATH,
      access: controlAccess(config.publicUrl),
      deps: {
        faults: sandbox.faults,
        scenarios: sandbox.scenarios,
        advanceClock: deps.advanceSandboxClock,
        clearCache: () => {
          cache.clear();
          answers.clear();
          void stores.cache.clear().catch(() => {});
        },
      },
    });
  }

  const files =
    deps.static ??
    (deps.staticRoot
      ? { hostedDir: deps.staticRoot, embedFile: join(deps.staticRoot, '..', 'embed', 'ramp-checkout.js') }
      : undefined);
  // The sandbox's icons come from its public URL; a page reached as localhost must still show them.
  const imgOrigins =
    config.mode === 'sandbox' && deps.sandboxPublicUrl ? [new URL(deps.sandboxPublicUrl).origin] : [];
  if (files) mountStatic(app, files, config, imgOrigins, log);

  return app;
}

/** Every rate limiter of these stores counts its refusals under its name. */
function withCountedLimiters(stores: Stores, metrics: Metrics): Stores {
  return Object.assign(Object.create(stores) as Stores, {
    rateLimiter: (name: string, rule: Parameters<Stores['rateLimiter']>[1]) =>
      metrics.countRefusals(name, stores.rateLimiter(name, rule)),
  });
}

/**
 * The route pattern a request matched, for metrics labels: the proxy's allowlist pattern when it set
 * one, else Hono's registered path; never the raw path (unbounded label values).
 */
function routeLabel(c: Context<AppEnv>): string {
  const own = c.get('route');
  if (own) return own;
  const pattern = routePath(c);
  return pattern === '*' || pattern === '/*' || pattern === '' ? 'unmatched' : pattern;
}

/** A check that takes too long counts as down: a probe must never hang on a dead dependency. */
async function boundedCheck(check: () => Promise<DependencyState>): Promise<DependencyState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DependencyState>((resolve) => {
    timer = setTimeout(() => resolve({ up: false, error: 'no answer in time' }), HEALTH_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().catch((e: unknown) => ({
        up: false,
        error: e instanceof Error ? e.message.slice(0, 120) : 'failed',
      })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const errorSummary = (e: unknown) =>
  e instanceof RampError ? { code: e.code, status: e.status } : e instanceof Error ? e.message : String(e);
