// Load run of the host server (`npx tsx bench/load.ts [--duration 20] [--connections 50]`, or
// runLoad() from bench/run.ts): the app and the sandbox in this process on a loopback port, about
// 10% of upstream calls failing (every fault kind, seeded), and autocannon sending a mix of
// discovery (bootstrap included), quotes and status reads with valid tracking tokens. It reports
// status codes, p50/p99 latency, upstream-caused versus proxy-own 5xx, unhandled errors and memory
// over the run, then shows quote traffic from one client shed with 429 + Retry-After.
// Exits 1 on an unhandled error, a proxy-own 5xx, a dropped client connection or memory growth.
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAdaptorServer } from '@hono/node-server';
import type { HttpBindings, ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { buySession } from '../src/api/test-sessions';
import { createSandbox, seededRandom } from '../src/sandbox';
import type { FaultRule } from '../src/sandbox';
import { createApp } from '../src/server/app';
import { resolveConfig } from '../src/server/config/config';
import { loadConfig } from '../src/server/config/env';
import type { Env } from '../src/server/config/env';
import { createLogger } from '../src/server/http/log';
import { quotedSession } from '../src/server/testing/session';

export interface LoadOptions {
  /** Measured run, seconds. @default 20 */
  durationSec?: number;
  /** Concurrent connections. @default 50 */
  connections?: number;
  /** Share of upstream calls that fail, spread over every fault kind. @default 0.1 */
  faultRate?: number;
  /** Unmeasured run first (JIT, caches, pools). @default 3 */
  warmupSec?: number;
  /** Quote requests of the rate-limit burst from one client. @default 200 */
  burstRequests?: number;
  /** Tracking sessions created up front. @default 30 */
  sessions?: number;
}

export interface MemorySample {
  atSec: number;
  heapUsedMb: number;
  rssMb: number;
}

export interface LoadReport {
  durationSec: number;
  connections: number;
  faultRate: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  statusCounts: Record<string, number>;
  /** Client-side connection errors and timeouts (a reset or a hang would show here). */
  clientErrors: number;
  clientTimeouts: number;
  /** Upstream calls during the run, and how many the fault injection could have hit. */
  upstreamCalls: number;
  /** 5xx answers that name an upstream failure (502/504 with an upstream code). */
  upstreamFault5xx: number;
  /** 5xx answers of the proxy's own making. Must be 0. */
  proxyOwn5xx: number;
  /** `unhandled error` log lines, sandbox bugs, unhandled rejections and uncaught exceptions. Must be 0. */
  unhandledErrors: number;
  memory: {
    /** After warm-up and a full GC. */
    first: MemorySample;
    /** After the run and a full GC. */
    last: MemorySample;
    maxHeapUsedMb: number;
    maxRssMb: number;
    /** last heapUsed within +25% of first. */
    flat: boolean;
    samples: MemorySample[];
  };
  burst: {
    sent: number;
    ok: number;
    limited: number;
    /** Every 429 carried Retry-After ≥ 1 and code RATE_LIMITED. */
    allLimitedWithRetryAfter: boolean;
    retryAfterSec: { min: number; max: number };
    /** A second client was served while the first was limited. */
    otherClientServed: boolean;
  };
  ok: boolean;
  problems: string[];
}

/** Codes the proxy answers when the upstream failed (src/server/upstream/client.ts toHttpError), and 5xx codes it passes on. */
const UPSTREAM_CODES = new Set([
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNREACHABLE',
  'MALFORMED_RESPONSE',
  'UPSTREAM_AUTH_FAILED',
  'UPSTREAM_ERROR',
  'SERVICE_UNAVAILABLE',
  'UNEXPECTED_ERROR',
]);

/** Longer than the slowest request (three timed-out attempts plus the backoff between them). */
const SETTLE_MS = 3_000;
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;

/** A full GC on demand, also when node was started without --expose-gc. */
function gcFunction(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function faultRules(rate: number): FaultRule[] {
  const kinds: Omit<FaultRule, 'rate'>[] = [
    { kind: 'status', status: 503 },
    { kind: 'status', status: 500 },
    { kind: 'status', status: 429 },
    { kind: 'malformed' },
    { kind: 'drop' },
    { kind: 'latency', latencyMs: 300 },
    { kind: 'hang' },
  ];
  // Independent draws per rule: 1 - (1 - r/n)^n ≈ r for small r.
  return kinds.map((k) => ({ ...k, rate: rate / kinds.length }));
}

interface Started {
  server: ServerType;
  origin: string;
  close(): Promise<void>;
}

function listen(server: ServerType): Promise<Started> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

/** The app and its sandbox on a loopback port, with every 5xx classified as it leaves. */
async function startHost(env: Env, faultRate: number) {
  const counters = {
    unhandled: 0,
    upstream5xx: 0,
    own5xx: 0,
    upstreamCalls: 0,
    status: new Map<number, number>(),
  };
  const config = resolveConfig(loadConfig({ PORT: '0', ...env }));
  const log = createLogger({
    level: 'error',
    write: (line) => {
      if (line.includes('"unhandled error"')) counters.unhandled++;
    },
  });
  let origin = '';
  const sandbox = createSandbox({
    apiKey: config.upstream.apiKey,
    publicBaseUrl: 'http://127.0.0.1/sandbox',
    random: seededRandom(20260203),
  });
  const upstreamFetch: typeof fetch = (input, init) => {
    counters.upstreamCalls++;
    return sandbox.fetch(input, init);
  };
  const app = createApp(config, { sandbox, fetch: upstreamFetch, log });
  const server = createAdaptorServer({
    // The client's address from the socket, as the server's own Node entry passes it.
    fetch: async (req, env) => {
      const res = await app.fetch(req, { clientIp: (env as HttpBindings).incoming.socket.remoteAddress });
      counters.status.set(res.status, (counters.status.get(res.status) ?? 0) + 1);
      if (res.status >= 500) {
        const body = (await res
          .clone()
          .json()
          .catch(() => null)) as { code?: string } | null;
        if (res.status !== 500 && body?.code && UPSTREAM_CODES.has(body.code)) counters.upstream5xx++;
        else counters.own5xx++;
      }
      return res;
    },
  });
  const started = await listen(server);
  origin = started.origin;
  return {
    ...started,
    origin,
    sandbox,
    counters,
    setFaults: (on: boolean) => sandbox.faults.set(on ? faultRules(faultRate) : []),
    reset() {
      counters.unhandled = counters.upstream5xx = counters.own5xx = counters.upstreamCalls = 0;
      counters.status.clear();
    },
  };
}

async function createTrackedSessions(origin: string, n: number) {
  const out: { id: string; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    // Quoted first, as the widget does: a session is bound to a recent quote.
    const res = await quotedSession(
      (path, init) => fetch(`${origin}${path}`, init),
      buySession({ subdivision: 'US-NY', sourceAmount: String(100 + i) }),
      { 'Idempotency-Key': `load-session-${i}-${Date.now()}` },
    );
    if (res.status !== 200)
      throw new Error(`setup: session creation answered ${res.status}: ${await res.text()}`);
    const s = (await res.json()) as { id: string; trackingToken: string };
    // Two in three are paid (their transaction progresses); the rest answer "not yet created".
    if (i % 3 !== 2) {
      await fetch(`${origin}/sandbox/provider/checkout/${s.id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
    }
    out.push({ id: s.id, token: s.trackingToken });
  }
  return out;
}

function mix(sessions: { id: string; token: string }[]): autocannon.Request[] {
  let next = 0;
  const NP = '/api/ramp/network-partner';
  const get = (path: string): autocannon.Request => ({ method: 'GET', path });
  const quote = (amount: number, crypto: string): autocannon.Request => ({
    method: 'POST',
    path: '/api/ramp/payments/crypto/quote',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      sourceAmount: amount,
      destinationCurrencyCode: crypto,
    }),
  });
  const status: autocannon.Request = {
    method: 'GET',
    path: '/',
    setupRequest: (req) => {
      const s = sessions[next++ % sessions.length]!;
      return {
        ...req,
        path: `/api/ramp/payments/transactions/sessions/${s.id}`,
        headers: { 'x-ramp-tracking': s.token },
      };
    },
  };
  return [
    get('/api/ramp/bootstrap?category=CRYPTO_ONRAMP&country=US'),
    get(`${NP}/supported/countries?category=CRYPTO_ONRAMP`),
    get(`${NP}/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO`),
    get(`${NP}/supported/payment-methods?category=CRYPTO_ONRAMP&country=US&currencyCode=USD`),
    get(`${NP}/supported/routes/CRYPTO_ONRAMP/US/USD/BTC`),
    quote(50, 'BTC'),
    quote(100, 'ETH'),
    quote(250, 'BTC'),
    status,
    status,
    status,
  ];
}

const cannon = (o: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(o, (err, result) => (err ? reject(err) : resolve(result)));
  });

async function burst(n: number): Promise<LoadReport['burst']> {
  // Default shopper limits; the client is named by X-Forwarded-For behind a trusted proxy.
  const host = await startHost({ RAMP_TRUST_PROXY: '1' }, 0);
  try {
    const body = JSON.stringify({
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      sourceAmount: 100,
      destinationCurrencyCode: 'BTC',
    });
    const send = (ip: string) =>
      fetch(`${host.origin}/api/ramp/payments/crypto/quote`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body,
      });
    const results: { status: number; retryAfter: number; code?: string }[] = [];
    for (let i = 0; i < n; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, n - i) }, async () => {
          const res = await send('198.51.100.7');
          const json = (await res.json()) as { code?: string };
          return {
            status: res.status,
            retryAfter: Number(res.headers.get('retry-after') ?? 0),
            code: json.code,
          };
        }),
      );
      results.push(...batch);
    }
    const limited = results.filter((r) => r.status === 429);
    const waits = limited.map((r) => r.retryAfter);
    const other = await send('198.51.100.8');
    return {
      sent: n,
      ok: results.filter((r) => r.status === 200).length,
      limited: limited.length,
      allLimitedWithRetryAfter: limited.every((r) => r.retryAfter >= 1 && r.code === 'RATE_LIMITED'),
      retryAfterSec: {
        min: waits.length ? Math.min(...waits) : 0,
        max: waits.length ? Math.max(...waits) : 0,
      },
      otherClientServed: other.status === 200,
    };
  } finally {
    await host.close();
  }
}

export async function runLoad(opts: LoadOptions = {}): Promise<LoadReport> {
  const durationSec = opts.durationSec ?? 20;
  const connections = opts.connections ?? 50;
  const faultRate = opts.faultRate ?? 0.1;
  const warmupSec = opts.warmupSec ?? 3;
  const gc = gcFunction();

  let processErrors = 0;
  const onProcessError = () => void processErrors++;
  process.on('unhandledRejection', onProcessError);
  process.on('uncaughtException', onProcessError);
  // The sandbox reports its own bugs on the console: count them, do not print thousands of lines.
  const consoleError = console.error;
  let sandboxBugs = 0;
  console.error = (...args: unknown[]) => {
    if (String(args[0]).startsWith('sandbox: unhandled error')) sandboxBugs++;
    else consoleError(...args);
  };

  const host = await startHost(
    {
      RAMP_RATE_LIMIT_QUOTE: '999999/999999',
      RAMP_RATE_LIMIT_SESSION: '999999/999999',
      RAMP_RATE_LIMIT_DISCOVERY: '999999/999999',
      RAMP_RATE_LIMIT_TRANSACTION: '999999/999999',
      RAMP_UPSTREAM_TIMEOUT_MS: '500',
    },
    faultRate,
  );
  try {
    const sessions = await createTrackedSessions(host.origin, opts.sessions ?? 30);
    const requests = mix(sessions);
    host.setFaults(true);
    if (warmupSec > 0) await cannon({ url: host.origin, connections, duration: warmupSec, requests });

    // Both memory points are taken the same way: nothing in flight, no idle sockets, after a full GC.
    const quiesce = async () => {
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      if ('closeIdleConnections' in host.server) host.server.closeIdleConnections();
      // Finalizers (undici's request cleanup among them) run after a GC and free more on the next one.
      for (let i = 0; i < 4; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await quiesce();
    host.reset();
    const t0 = Date.now();
    const sample = (): MemorySample => {
      const m = process.memoryUsage();
      return {
        atSec: Math.round((Date.now() - t0) / 100) / 10,
        heapUsedMb: mb(m.heapUsed),
        rssMb: mb(m.rss),
      };
    };
    const first = sample();
    const samples: MemorySample[] = [first];
    const timer = setInterval(() => samples.push(sample()), 1000);
    const result = await cannon({ url: host.origin, connections, duration: durationSec, requests });
    clearInterval(timer);
    host.setFaults(false);
    await quiesce();
    const last = sample();
    samples.push(last);

    const burstReport = await burst(opts.burstRequests ?? 200);
    const statusCounts = Object.fromEntries(
      [...host.counters.status.entries()].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n]),
    );
    const unhandledErrors = host.counters.unhandled + sandboxBugs + processErrors;
    const flat = last.heapUsedMb <= first.heapUsedMb * 1.25;
    const problems: string[] = [];
    if (unhandledErrors > 0) problems.push(`${unhandledErrors} unhandled error(s)`);
    if (host.counters.own5xx > 0) problems.push(`${host.counters.own5xx} 5xx of the proxy's own making`);
    if (result.errors > 0)
      problems.push(`${result.errors} client connection error(s) (${result.timeouts} timeouts)`);
    if (!flat) problems.push(`heap grew from ${first.heapUsedMb} MB to ${last.heapUsedMb} MB`);
    if (burstReport.limited === 0 || !burstReport.allLimitedWithRetryAfter) {
      problems.push('the quote burst was not shed with 429 + Retry-After');
    }
    if (!burstReport.otherClientServed) problems.push('another client was refused during the burst');
    return {
      durationSec,
      connections,
      faultRate,
      requests: result.requests.total,
      requestsPerSec: Math.round(result.requests.average),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        mean: Math.round(result.latency.mean * 10) / 10,
      },
      statusCounts,
      clientErrors: result.errors,
      clientTimeouts: result.timeouts,
      upstreamCalls: host.counters.upstreamCalls,
      upstreamFault5xx: host.counters.upstream5xx,
      proxyOwn5xx: host.counters.own5xx,
      unhandledErrors,
      memory: {
        first,
        last,
        maxHeapUsedMb: Math.max(...samples.map((s) => s.heapUsedMb)),
        maxRssMb: Math.max(...samples.map((s) => s.rssMb)),
        flat,
        samples,
      },
      burst: burstReport,
      ok: problems.length === 0,
      problems,
    };
  } finally {
    await host.close();
    console.error = consoleError;
    process.off('unhandledRejection', onProcessError);
    process.off('uncaughtException', onProcessError);
  }
}

export function formatLoadReport(r: LoadReport): string {
  const rows: [string, string][] = [
    [
      'run',
      `${r.durationSec} s, ${r.connections} connections, ${Math.round(r.faultRate * 100)}% upstream faults`,
    ],
    ['requests', `${r.requests} (${r.requestsPerSec}/s)`],
    [
      'latency p50 / p90 / p99 / max',
      `${r.latencyMs.p50} / ${r.latencyMs.p90} / ${r.latencyMs.p99} / ${r.latencyMs.max} ms`,
    ],
    [
      'status codes',
      Object.entries(r.statusCounts)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', '),
    ],
    ['upstream calls', String(r.upstreamCalls)],
    ['5xx naming an upstream fault', String(r.upstreamFault5xx)],
    ["5xx of the proxy's own making", String(r.proxyOwn5xx)],
    ['unhandled errors', String(r.unhandledErrors)],
    ['client errors / timeouts', `${r.clientErrors} / ${r.clientTimeouts}`],
    [
      'heap used (after GC) first → last, max',
      `${r.memory.first.heapUsedMb} → ${r.memory.last.heapUsedMb} MB, max ${r.memory.maxHeapUsedMb} MB (${r.memory.flat ? 'flat' : 'GROWING'})`,
    ],
    [
      'rss first → last, max',
      `${r.memory.first.rssMb} → ${r.memory.last.rssMb} MB, max ${r.memory.maxRssMb} MB`,
    ],
    [
      'quote burst from one client',
      `${r.burst.sent} sent: ${r.burst.ok} × 200, ${r.burst.limited} × 429 (Retry-After ${r.burst.retryAfterSec.min}–${r.burst.retryAfterSec.max} s${r.burst.allLimitedWithRetryAfter ? ', on every 429' : ', MISSING on some'}); another client ${r.burst.otherClientServed ? 'served' : 'REFUSED'}`,
    ],
    ['result', r.ok ? 'ok' : `FAILED: ${r.problems.join('; ')}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const report = await runLoad({ durationSec: arg('duration'), connections: arg('connections') });
  console.log(formatLoadReport(report));
  process.exit(report.ok ? 0 : 1);
}
