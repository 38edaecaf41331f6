// Prometheus metrics of one server instance (GET /metrics, behind the admin token): its HTTP traffic
// by route pattern, its upstream calls, rate-limit refusals, discovery cache results, the ledger's
// writes and what is waiting (open orders, webhook deliveries), plus Node's process metrics. Each
// instance keeps its own registry (several servers in one process never mix their figures); with
// several instances, each is scraped on its own. Labels are patterns and fixed words, never a raw
// path, id or amount: a label value taken from a request could grow the series without bound.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Ledger, LedgerStats } from '../storage/ledger/types';
import type { DependencyState, RateLimiterStore } from '../storage/stores/types';

export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request; `route` is a route pattern (e.g. `/api/ramp/payments/crypto/quote`). */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** One upstream attempt (retries count again). */
  upstreamRequest(operation: string, outcome: UpstreamOutcome, seconds: number): void;
  /** A discovery read answered from the cache (HIT, STALE) or from the upstream (MISS). */
  discoveryCache(result: string): void;
  /** A limiter that counts its refusals under `name`. */
  countRefusals<L extends RateLimiterStore>(name: string, limiter: L): L;
  /** The ledger with its writes timed; its queue depths read on each scrape. */
  instrumentLedger(ledger: Ledger): Ledger;
  /** Dependency states read on each scrape: `ramp_dependency_up{dependency}` and `ramp_degraded`. */
  watchDependencies(read: () => Promise<Record<string, DependencyState>>): void;
  /** The Prometheus text exposition. */
  render(): Promise<{ contentType: string; body: string }>;
}

export type UpstreamOutcome = 'ok' | 'client_error' | 'server_error' | 'network_error' | 'timeout';

/** Methods of the Ledger that write. */
const LEDGER_WRITES = [
  'createIntent',
  'beginPendingOrder',
  'releasePendingOrder',
  'losePendingOrder',
  'deferPendingOrder',
  'recordOrder',
  'applyUpdate',
  'scheduleChecks',
  'recordAttempt',
  'resend',
] as const satisfies readonly (keyof Ledger)[];

/** Latency buckets (seconds) for a JSON API in front of an upstream with a 10 s deadline. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WRITE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(o: { now: () => number; processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (o.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpTotal = new Counter({
    name: 'ramp_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'ramp_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern.',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const upstreamTotal = new Counter({
    name: 'ramp_upstream_requests_total',
    help: 'Requests to the ramp service (each attempt), by operation and outcome.',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'ramp_upstream_request_duration_seconds',
    help: 'Time an attempt at the ramp service took, by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const rateLimited = new Counter({
    name: 'ramp_rate_limited_total',
    help: 'Requests refused by a rate limiter, by limiter.',
    labelNames: ['limiter'] as const,
    registers,
  });
  const cacheTotal = new Counter({
    name: 'ramp_discovery_cache_total',
    help: 'Discovery reads by cache result (hit, stale, miss).',
    labelNames: ['result'] as const,
    registers,
  });
  const ledgerWrites = new Histogram({
    name: 'ramp_ledger_write_duration_seconds',
    help: 'Time a write to the order ledger took.',
    buckets: WRITE_BUCKETS,
    registers,
  });

  // Queue depths are read from the ledger when scraped (one small query), not kept in step by hand.
  let ledger: Ledger | null = null;
  let stats: Promise<LedgerStats | null> | null = null;
  const readStats = () =>
    (stats ??= (ledger?.stats() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => setTimeout(() => (stats = null), 0)));
  const fromStats = (name: string, help: string, pick: (s: LedgerStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const s = await readStats();
        if (s) this.set(pick(s));
      },
    });
  fromStats('ramp_orders_open', 'Orders whose transaction has not ended.', (s) => s.openOrders);
  fromStats(
    'ramp_order_oldest_open_age_seconds',
    'Age of the oldest order whose transaction has not ended (0 when none).',
    (s) => (s.oldestOpenCreatedAt === null ? 0 : Math.max(0, (o.now() - s.oldestOpenCreatedAt) / 1000)),
  );
  fromStats(
    'ramp_webhook_deliveries_pending',
    'Webhook deliveries waiting to be sent or retried.',
    (s) => s.pendingDeliveries,
  );
  fromStats(
    'ramp_webhook_oldest_pending_age_seconds',
    'Age of the oldest webhook event not yet delivered (0 when none): grows while the endpoint does not answer.',
    (s) =>
      s.oldestPendingDeliveryAt === null ? 0 : Math.max(0, (o.now() - s.oldestPendingDeliveryAt) / 1000),
  );
  fromStats(
    'ramp_webhook_deliveries_dead',
    'Webhook deliveries given up after every retry.',
    (s) => s.deadDeliveries,
  );

  // Dependencies are checked when scraped (bounded checks), once for both gauges.
  let readDependencies: (() => Promise<Record<string, DependencyState>>) | null = null;
  let dependencyRead: Promise<Record<string, DependencyState>> | null = null;
  const dependencyStates = (): Promise<Record<string, DependencyState>> =>
    (dependencyRead ??= (
      readDependencies?.() ?? Promise.resolve<Record<string, DependencyState>>({})
    ).finally(() => setTimeout(() => (dependencyRead = null), 0)));
  new Gauge({
    name: 'ramp_dependency_up',
    help: 'Whether each shared dependency (redis, postgres) or own store (ledger) answers: 1 up, 0 down.',
    labelNames: ['dependency'] as const,
    registers,
    async collect() {
      this.reset();
      for (const [name, state] of Object.entries(await dependencyStates())) {
        this.set({ dependency: name }, state.up ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'ramp_degraded',
    help: 'Whether a dependency is down (1): the instance stays ready and serves discovery and quotes.',
    registers,
    async collect() {
      this.set(Object.values(await dependencyStates()).some((d) => !d.up) ? 1 : 0);
    },
  });

  // Each series' labelled child, kept: prom-client would otherwise hash the labels on every request.
  // Bounded: routes are patterns, methods and statuses few.
  const httpSeries = new Map<string, { total: Counter.Internal; duration: Histogram.Internal<'route'> }>();
  const cacheSeries = new Map<string, Counter.Internal>();

  return {
    registry,
    httpRequest(route, method, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER';
      const key = `${route} ${m} ${status}`;
      let series = httpSeries.get(key);
      if (!series) {
        series = { total: httpTotal.labels(route, m, String(status)), duration: httpDuration.labels(route) };
        httpSeries.set(key, series);
      }
      series.total.inc();
      series.duration.observe(seconds);
    },
    upstreamRequest(operation, outcome, seconds) {
      upstreamTotal.inc({ operation, outcome });
      upstreamDuration.observe({ operation }, seconds);
    },
    discoveryCache(result) {
      let series = cacheSeries.get(result);
      if (!series) {
        series = cacheTotal.labels(result.toLowerCase());
        cacheSeries.set(result, series);
      }
      series.inc();
    },
    countRefusals(name, limiter) {
      const take = limiter.take.bind(limiter);
      const count = <D extends { ok: boolean }>(d: D): D => {
        if (!d.ok) rateLimited.inc({ limiter: name });
        return d;
      };
      return Object.assign(Object.create(limiter) as typeof limiter, {
        take(client: string) {
          const d = take(client);
          return d instanceof Promise ? d.then(count) : count(d);
        },
      });
    },
    instrumentLedger(l) {
      ledger = l;
      const timed: Partial<Ledger> = {};
      for (const name of LEDGER_WRITES) {
        const write = l[name] as (...args: unknown[]) => Promise<unknown>;
        (timed as Record<string, unknown>)[name] = async (...args: unknown[]) => {
          const end = ledgerWrites.startTimer();
          try {
            return await write.apply(l, args);
          } finally {
            end();
          }
        };
      }
      return { ...l, ...timed };
    },
    watchDependencies(read) {
      readDependencies = read;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/** The operation of an upstream URL's path, for labels (matched at its end: the base URL may have a path). */
export function upstreamOperation(path: string): string {
  for (const [re, name] of UPSTREAM_OPERATIONS) if (re.test(path)) return name;
  return 'other';
}

const UPSTREAM_OPERATIONS: [RegExp, string][] = [
  [/\/network-partner\/supported\/countries$/, 'countries'],
  [/\/network-partner\/defaults\/[^/]+\/[^/]+$/, 'defaults'],
  [/\/network-partner\/supported\/currencies$/, 'currencies'],
  [/\/network-partner\/supported\/payment-methods$/, 'payment_methods'],
  [/\/network-partner\/supported\/routes(\/[^/]+){4}$/, 'routes'],
  [/\/network-partner\/supported\/partners$/, 'partners'],
  [/\/payments\/crypto\/quote$/, 'quote'],
  [/\/crypto\/session\/widget$/, 'session'],
  [/\/payments\/transactions\/sessions\/[^/]+$/, 'transaction_by_session'],
  [/\/payments\/transactions\/[^/]+$/, 'transaction'],
  [/\/payments\/transactions$/, 'transactions'],
  [/\/(financial-accounts|bank-linking)(\/.*)?$/, 'financial_accounts'],
  [/\/notifications\/webhooks(\/.*)?$/, 'webhook_profiles'],
];
