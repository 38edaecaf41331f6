// Prometheus metrics of one server instance (GET /metrics, behind the admin token): its HTTP traffic
// by route pattern, its upstream calls, rate-limit refusals, discovery cache results, the ledger's
// writes and what is waiting (open orders, webhook deliveries), plus Node's process metrics. Each
// instance keeps its own registry (several servers in one process never mix their figures); with
// several instances, each is scraped on its own. Labels are patterns and fixed words, never a raw
// path, id or amount: a label value taken from a request could grow the series without bound. The
// series whose labels are known in advance exist from the start at 0 (each upstream operation's
// outcomes, webhook outcomes, rate limiters, checkout stages, cache results): a rule over a series
// that a first error would create evaluates to nothing until then, and rate() misses that first
// error (Prometheus's advice: initialise what you know).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { VERSION } from '../config/version';
import type { RateLimiterStore } from './rate-limit';
import type { QueueDepths } from './queue-depths';

/** What the scrape needs of a dependency's state (storage/ has the full record). */
type DependencyState = { up: boolean };

export interface Metrics {
  readonly registry: Registry;
  /** One answered HTTP request; `route` is a route pattern (e.g. `/api/ramp/payments/crypto/quote`). */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** One upstream attempt (retries count again); `partner` when the call is about one (a session's). */
  upstreamRequest(operation: string, outcome: UpstreamOutcome, seconds: number, partner?: string): void;
  /** One webhook attempt ended; a delivered one with its lag from the event's making. */
  webhookAttempt(outcome: WebhookOutcome, lagSeconds?: number): void;
  /** A discovery read answered from the cache (HIT, STALE) or from the upstream (MISS). */
  discoveryCache(result: string): void;
  /** A limiter that counts its refusals under `name`. */
  countRefusals<L extends RateLimiterStore>(name: string, limiter: L): L;
  /** Starts timing one write to the order ledger; call the result when it ends. */
  timeLedgerWrite(): () => void;
  /** Where the queue depths are read on each scrape (the ledger's stats). */
  readQueuesFrom(read: () => Promise<QueueDepths>): void;
  /** Which background leases this instance holds, read on each scrape: `ramp_lease_held{lease}`. */
  watchLeases(read: () => Promise<Record<string, boolean>>): void;
  /** A checkout reached a stage (opened, quoted, session), counted by the instance that saw it. */
  countCheckout(stage: (typeof CHECKOUT_STAGES)[number]): void;
  /** An order ended (completed, failed, refunded, abandoned), counted by the instance that recorded it. */
  countOrder(partner: string, outcome: string): void;
  /** Dependency states read on each scrape: `ramp_dependency_up{dependency}` and `ramp_degraded`. */
  watchDependencies(read: () => Promise<Record<string, DependencyState>>): void;
  /** The Prometheus text exposition. */
  render(): Promise<{ contentType: string; body: string }>;
}

const UPSTREAM_OUTCOMES = ['ok', 'client_error', 'server_error', 'network_error', 'timeout'] as const;
export type UpstreamOutcome = (typeof UPSTREAM_OUTCOMES)[number];
const WEBHOOK_OUTCOMES = ['delivered', 'http_error', 'network_error', 'timeout'] as const;
export type { QueueDepths };
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];
const CHECKOUT_STAGES = ['opened', 'quoted', 'session'] as const;
const CACHE_RESULTS = ['hit', 'stale', 'miss'] as const;

/** Latency buckets (seconds) for a JSON API in front of an upstream with a 10 s deadline. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WRITE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Webhook lag buckets (seconds): from at once to the retries' hours. */
const LAG_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 14_400, 86_400];
/** Distinct partner label values kept; later ones count as `other` (a bound, should partners be many). */
const MAX_PARTNERS = 50;

/**
 * The process's own series (CPU, memory, event loop lag, GC: prom-client's defaults), collected once
 * per process, however many servers it hosts: each set keeps an event-loop monitor and a GC
 * observer alive for the life of the process (a test worker starting hundreds of servers spent a
 * fifteenth of a core on them).
 */
let processRegistry: Registry | undefined;
function processSeries(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(o: {
  now: () => number;
  processMetrics: boolean;
  /** The upstream operations (proxy/operations.ts): their series exist from the start. */
  upstreamOperations?: readonly string[];
}): Metrics {
  const registry = new Registry();
  const scraped = o.processMetrics ? () => Registry.merge([registry, processSeries()]) : () => registry;
  const registers = [registry];
  // One line per series: its name, help and labels, in this instance's registry.
  const counter = <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const histogram = <L extends string = never>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) => new Histogram<L>({ name, help, labelNames, buckets, registers });
  /** A gauge; `collect` sets it at each scrape (a value read, not kept in step by hand). */
  const gauge = <L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[] = [],
    collect?: (this: Gauge<L>) => Promise<void>,
  ) => new Gauge<L>({ name, help, labelNames, registers, ...(collect && { collect }) });

  // Which build answers: 1, labelled by the package's version (a rolling upgrade shows both).
  gauge('ramp_build_info', "The server's build: always 1, its version in the label.", ['version']).set(
    { version: VERSION },
    1,
  );

  const httpTotal = counter(
    'ramp_http_requests_total',
    'HTTP requests answered, by route pattern, method and status.',
    ['route', 'method', 'status'],
  );
  const httpDuration = histogram(
    'ramp_http_request_duration_seconds',
    'Time to answer an HTTP request, by route pattern.',
    LATENCY_BUCKETS,
    ['route'],
  );
  const upstreamTotal = counter(
    'ramp_upstream_requests_total',
    'Requests to the ramp service (each attempt), by operation, outcome and partner ("" when none).',
    ['operation', 'outcome', 'partner'],
  );
  const upstreamDuration = histogram(
    'ramp_upstream_request_duration_seconds',
    'Time an attempt at the ramp service took, by operation.',
    LATENCY_BUCKETS,
    ['operation'],
  );
  const webhookAttempts = counter(
    'ramp_webhook_attempts_total',
    'Webhook attempts sent by this instance, by outcome (delivered, http_error, network_error, timeout).',
    ['outcome'],
  );
  const webhookLag = histogram(
    'ramp_webhook_delivery_lag_seconds',
    'From an event being made to its delivery being acknowledged (retries included).',
    LAG_BUCKETS,
  );
  const rateLimited = counter('ramp_rate_limited_total', 'Requests refused by a rate limiter, by limiter.', [
    'limiter',
  ]);
  const cacheTotal = counter(
    'ramp_discovery_cache_total',
    'Discovery reads by cache result (hit, stale, miss).',
    ['result'],
  );
  const checkoutsTotal = counter(
    'ramp_checkouts_total',
    'Checkouts by stage reached: opened (first data), quoted (first quote of a browser that day), session.',
    ['stage'],
  );
  const ordersTotal = counter(
    'ramp_orders_total',
    'Orders ended, by partner and outcome (completed, failed, refunded, abandoned).',
    ['partner', 'outcome'],
  );
  const ledgerWrites = histogram(
    'ramp_ledger_write_duration_seconds',
    'Time a write to the order ledger took.',
    WRITE_BUCKETS,
  );
  for (const operation of o.upstreamOperations ?? []) {
    for (const outcome of UPSTREAM_OUTCOMES) upstreamTotal.inc({ operation, outcome, partner: '' }, 0);
  }
  for (const outcome of WEBHOOK_OUTCOMES) webhookAttempts.inc({ outcome }, 0);
  for (const stage of CHECKOUT_STAGES) checkoutsTotal.inc({ stage }, 0);
  for (const result of CACHE_RESULTS) cacheTotal.inc({ result }, 0);

  // Queue depths are read from the ledger when scraped (one small query), not kept in step by hand.
  let readQueues: (() => Promise<QueueDepths>) | null = null;
  let stats: Promise<QueueDepths | null> | null = null;
  const readStats = () =>
    (stats ??= (readQueues?.() ?? Promise.resolve(null))
      .catch(() => null)
      .finally(() => setTimeout(() => (stats = null), 0)));
  const fromStats = (name: string, help: string, pick: (s: QueueDepths) => number | undefined) =>
    gauge(name, help, [], async function () {
      const s = await readStats();
      const v = s && pick(s);
      if (v !== undefined && v !== null) this.set(v);
    });
  fromStats('ramp_ledger_orders', 'Orders kept in the ledger, whatever their state.', (s) => s.orders);
  fromStats(
    'ramp_ledger_webhook_deliveries',
    'Webhook deliveries kept in the ledger, whatever their state.',
    (s) => s.deliveries,
  );
  fromStats(
    'ramp_ledger_bytes',
    "The ledger's size on disk: the embedded file and its WAL, or PostgreSQL's ledger tables.",
    (s) => s.bytes,
  );
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
  gauge(
    'ramp_dependency_up',
    'Whether each shared dependency (redis, postgres) or own store (ledger) answers: 1 up, 0 down.',
    ['dependency'],
    async function () {
      this.reset();
      for (const [name, state] of Object.entries(await dependencyStates())) {
        this.set({ dependency: name }, state.up ? 1 : 0);
      }
    },
  );
  gauge(
    'ramp_degraded',
    'Whether a dependency is down (1): the instance stays ready and serves discovery and quotes.',
    [],
    async function () {
      this.set(Object.values(await dependencyStates()).some((d) => !d.up) ? 1 : 0);
    },
  );

  // Leases are read when scraped: 1 where this instance is the lease's holder (leases.ts says which).
  // While the store cannot say (Redis down), each lease seen before is 0: no instance can prove it
  // holds it then, and a series that vanished would keep `sum by (lease)` from showing it (RampLeaseUnheld).
  let readLeases: (() => Promise<Record<string, boolean>>) | null = null;
  const leasesSeen = new Set<string>();
  gauge(
    'ramp_lease_held',
    'Whether this instance holds each background lease (1) or not (0, also while the lease store cannot be reached): one holder per lease across instances.',
    ['lease'],
    async function () {
      const held: Record<string, boolean> | null = await (readLeases?.() ?? Promise.resolve({})).catch(
        () => null,
      );
      for (const lease of Object.keys(held ?? {})) leasesSeen.add(lease);
      this.reset();
      for (const lease of leasesSeen) this.set({ lease }, held?.[lease] ? 1 : 0);
    },
  );

  // Each series' labelled child, kept: prom-client would otherwise hash the labels on every request.
  // Bounded: routes are patterns, methods and statuses few.
  const httpSeries = new Map<string, { total: Counter.Internal; duration: Histogram.Internal<'route'> }>();
  const cacheSeries = new Map<string, Counter.Internal>();
  const partners = new Set<string>();
  const partnerLabel = (partner: string | undefined) => {
    if (partner === undefined) return '';
    if (partners.has(partner)) return partner;
    if (partners.size >= MAX_PARTNERS) return 'other';
    partners.add(partner);
    return partner;
  };

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
    upstreamRequest(operation, outcome, seconds, partner) {
      upstreamTotal.inc({ operation, outcome, partner: partnerLabel(partner) });
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
    webhookAttempt(outcome, lagSeconds) {
      webhookAttempts.inc({ outcome });
      if (lagSeconds !== undefined) webhookLag.observe(Math.max(0, lagSeconds));
    },
    countCheckout(stage) {
      checkoutsTotal.inc({ stage });
    },
    countOrder(partner, outcome) {
      ordersTotal.inc({ partner, outcome });
    },
    countRefusals(name, limiter) {
      rateLimited.inc({ limiter: name }, 0);
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
    timeLedgerWrite() {
      return ledgerWrites.startTimer();
    },
    readQueuesFrom(read) {
      readQueues = read;
    },
    watchLeases(read) {
      readLeases = read;
    },
    watchDependencies(read) {
      readDependencies = read;
    },
    async render() {
      return { contentType: registry.contentType, body: await scraped().metrics() };
    },
  };
}
