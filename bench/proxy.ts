// Proxy overhead: the host server as `npm start` serves it (node/listen.ts: Node's http server,
// nodeHandler, createRampServer), in front of the sandbox served over loopback HTTP as its upstream,
// answering in 50 ms (UPSTREAM_DELAY_MS, a real upstream's order), against a baseline per case: for
// the cached discovery read, a bare node:http server answering the same bytes; for the uncached quote,
// a plain pass-through forwarder to the same upstream (the honest floor of a call that must reach the
// upstream). All in this process, loaded by autocannon on a worker thread so the load generator does
// not share the servers' event loop. After a warm-up of both, each case alternates 1 s rounds between
// proxy and baseline (ABBA order), so a burst of other work on the machine lands on both sides of a
// pair alike; the throughput ratio is the median of the rounds' ratios (one disturbed round moves
// it little), with their spread reported beside it.
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { createAdaptorServer } from '@hono/node-server';
import type { Sandbox } from '../src/sandbox';
import { createStandaloneSandbox } from '../src/sandbox/standalone';
import { createLogger } from '../src/server/http/log';
import { serve } from '../src/server/node/listen';
import { LOOPBACK, close, listen, withTimeout } from './net';

export interface LoadFigures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  /** Socket errors, timeouts and non-2xx answers: any of these makes the figures suspect. */
  failures: number;
}

export interface ProxyCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  proxy: LoadFigures;
  /** What the proxy is measured against: a bare server (discovery) or a pass-through forwarder (quote). */
  baselineName: string;
  baseline: LoadFigures;
  /**
   * proxy req/s ÷ baseline req/s (1 = as fast as the baseline): the median over the rounds, each
   * round's proxy measured right beside its baseline, so a burst of other work moves one pair only.
   */
  throughputRatio: number;
  /** Each round's proxy ÷ baseline throughput, in order (their spread says how noisy the run was). */
  roundRatios: number[];
  /** proxy latency ÷ baseline latency (1 = no added latency). */
  p50Ratio: number;
  p99Ratio: number;
  payloadBytes: number;
}

export interface ProxyBench {
  cases: ProxyCase[];
  connections: number;
  /** Measured seconds per server per case (after the warm-up). */
  durationSec: number;
  /** The sandbox's own time per quote, called in process one at a time: the upstream's share of a quote. */
  sandboxQuoteMs: number;
  /** What the upstream waits before each answer. */
  upstreamDelayMs: number;
}

export interface ProxyBenchOptions {
  /** Measured seconds per server per case. @default 9 */
  durationSec?: number;
  /** Unmeasured seconds per server per case first. @default 2 */
  warmupSec?: number;
  /** @default 20 */
  connections?: number;
  /** Rounds the measured time is split into, alternating servers (whole seconds each). @default durationSec */
  rounds?: number;
  /** What the upstream waits before each answer. @default UPSTREAM_DELAY_MS */
  upstreamDelayMs?: number;
}

/** A real upstream answers in tens of milliseconds, not the in-process sandbox's fraction of one. */
export const UPSTREAM_DELAY_MS = 50;

const DISCOVERY_PATH = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const QUOTE_PATH = '/api/ramp/payments/crypto/quote';
const QUOTE_BODY = JSON.stringify({
  countryCode: 'US',
  subdivision: 'US-CA',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
  paymentMethodType: 'CREDIT_DEBIT_CARD',
});

interface Captured {
  status: number;
  /** The proxy's response headers, as sent (less those Node's server sets itself). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Set by node:http on every response: the bare server's own equal them. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function capture(origin: string, method: 'GET' | 'POST', path: string): Promise<Captured> {
  const res = await fetch(origin + path, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
    body: method === 'POST' ? QUOTE_BODY : undefined,
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    throw new Error(
      `${method} ${path} answered ${res.status} on the proxy: ${body.toString().slice(0, 200)}`,
    );
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  return { status: res.status, headers, body };
}

/**
 * The baseline: answers each benchmarked route with the proxy's captured bytes (status, headers and
 * body, so the load generator reads the same response from both), and does nothing else.
 */
function bareServer(answers: Map<string, Captured>) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = () => {
      const answer = answers.get(`${req.method} ${req.url}`);
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    };
    // Read the request body first, as the proxy must.
    if (req.method === 'POST') req.resume().on('end', send);
    else send();
  });
}

interface Round {
  requests: number;
  durationSec: number;
  failures: number;
  latenciesMs: Float64Array;
}

/** Closed-loop autocannon runs, one at a time, on one worker thread kept for the whole bench. */
function loadGenerator() {
  const worker = new Worker(new URL('./loadgen-worker.mjs', import.meta.url));
  let failed: Error | undefined;
  let waiting: { resolve: (r: Round) => void; reject: (e: Error) => void } | undefined;
  const fail = (e: Error) => {
    failed = e;
    waiting?.reject(e);
  };
  worker.on('message', (m: Round | { error: string }) => {
    const w = waiting;
    waiting = undefined;
    if ('error' in m) w?.reject(new Error(`autocannon: ${m.error}`));
    else w?.resolve(m);
  });
  worker.once('error', fail);
  worker.once('exit', (code) => fail(new Error(`load generator exited early (code ${code})`)));
  return {
    round(url: string, method: 'GET' | 'POST', durationSec: number, connections: number): Promise<Round> {
      if (failed) return Promise.reject(failed);
      const post =
        method === 'POST' ? { body: QUOTE_BODY, headers: { 'content-type': 'application/json' } } : {};
      const done = new Promise<Round>((resolve, reject) => (waiting = { resolve, reject }));
      worker.postMessage({ url, method, connections, duration: durationSec, timeout: 10, ...post });
      return withTimeout(done, (durationSec + 20) * 1000, `autocannon ${method} ${url}`);
    },
    close: () => {
      worker.removeAllListeners('exit');
      return worker.terminate();
    },
  };
}

function summarise(rounds: Round[]): LoadFigures {
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const seconds = rounds.reduce((n, r) => n + r.durationSec, 0);
  const all = new Float64Array(rounds.reduce((n, r) => n + r.latenciesMs.length, 0));
  let at = 0;
  for (const r of rounds) {
    all.set(r.latenciesMs, at);
    at += r.latenciesMs.length;
  }
  all.sort();
  const pct = (p: number) =>
    all.length === 0 ? Number.NaN : all[Math.min(all.length - 1, Math.ceil((p / 100) * all.length) - 1)]!;
  return {
    reqPerSec: seconds > 0 ? requests / seconds : Number.NaN,
    p50Ms: pct(50),
    p99Ms: pct(99),
    meanMs: all.length ? all.reduce((a, b) => a + b, 0) / all.length : Number.NaN,
    requests,
    failures: rounds.reduce((n, r) => n + r.failures, 0),
  };
}

const div = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

export function median(xs: number[]): number {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const perSec = (r: Round) => div(r.requests, r.durationSec);

async function sandboxQuoteTime(sandbox: Sandbox, apiKey: string, calls = 300): Promise<number> {
  const call = async () => {
    const res = await sandbox.fetch('http://sandbox.internal/payments/crypto/quote', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `BASIC ${apiKey}` },
      body: QUOTE_BODY,
    });
    if (res.status !== 200) throw new Error(`the sandbox answered a quote with ${res.status}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await call();
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return (performance.now() - started) / calls;
}

/**
 * The floor for an uncached call: reads the body, forwards it with the key and version header to the
 * upstream with the same fetch the proxy uses, and answers the upstream's bytes. No policy at all.
 */
function forwarder(upstream: string, apiKey: string, versionHeader: string, version: string) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').replace('/api/ramp', '');
      fetch(upstream + path, {
        method: req.method,
        headers: {
          'content-type': 'application/json',
          authorization: `BASIC ${apiKey}`,
          [versionHeader]: version,
        },
        body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
      })
        .then(async (r) => {
          const body = Buffer.from(await r.arrayBuffer());
          res.writeHead(r.status, {
            'content-type': r.headers.get('content-type') ?? 'application/json',
            'content-length': body.length,
          });
          res.end(body);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
}

export async function runProxyBench(opts: ProxyBenchOptions = {}): Promise<ProxyBench> {
  const { durationSec = 9, warmupSec = 2, connections = 20, upstreamDelayMs = UPSTREAM_DELAY_MS } = opts;
  // autocannon stops on its 1 s sampling tick, so rounds are whole seconds.
  const rounds = Math.max(1, Math.min(opts.rounds ?? durationSec, durationSec));
  const apiKey = 'sk_bench_key_0123456789';
  // The upstream: the sandbox over loopback HTTP, shared by the proxy and the forwarder.
  const sandboxBox: { current?: ReturnType<typeof createStandaloneSandbox> } = {};
  const upstreamServer = createAdaptorServer({
    fetch: async (req, env) => {
      await new Promise((r) => setTimeout(r, upstreamDelayMs));
      return sandboxBox.current!.fetch(req, env);
    },
  });
  const upstream = `http://${LOOPBACK}:${await listen(upstreamServer)}`;
  sandboxBox.current = createStandaloneSandbox({ apiKey, publicBaseUrl: upstream });
  // Per-request info lines would cost the proxy a stdout write each; errors still show.
  const log = createLogger({ level: 'error', write: (line) => process.stderr.write(`${line}\n`) });
  // What `npm start` runs (listen.ts), in this process.
  const host = await serve(
    {
      host: LOOPBACK,
      port: 0,
      apiBaseUrl: upstream,
      apiKey,
      dataDir: mkdtempSync(join(tmpdir(), 'ramp-bench-')),
      // One loopback client sends every request: lift the shopper-sized limits out of the way.
      rateLimitQuote: '999999/999999',
      rateLimitDiscovery: '999999/999999',
    },
    { log },
  );
  const { config } = host.ramp;
  const servers = [upstreamServer] as { close(): void; listening: boolean }[];
  const cleanups: (() => Promise<unknown>)[] = [() => host.close()];
  try {
    await host.ramp.ready();
    const proxyOrigin = host.origin;
    const cases = [
      { name: 'discovery (cached)', method: 'GET', path: DISCOVERY_PATH, baseline: 'bare node:http' },
      { name: 'quote (uncached)', method: 'POST', path: QUOTE_PATH, baseline: 'pass-through forwarder' },
    ] as const;

    // Capturing also fills the discovery cache, so every measured discovery call is a hit.
    const answers = new Map<string, Captured>();
    for (const c of cases) answers.set(`${c.method} ${c.path}`, await capture(proxyOrigin, c.method, c.path));
    const bare = bareServer(answers);
    const forward = forwarder(
      upstream,
      apiKey,
      config.upstream.versionHeader,
      config.upstream.serviceVersion,
    );
    servers.push(bare, forward);
    const baselines = {
      'bare node:http': `http://${LOOPBACK}:${await listen(bare)}`,
      'pass-through forwarder': `http://${LOOPBACK}:${await listen(forward)}`,
    };

    const out: ProxyCase[] = [];
    const slice = Math.max(1, Math.round(durationSec / rounds));
    const load = loadGenerator();
    const round = load.round;
    cleanups.push(load.close);
    for (const c of cases) {
      const baseOrigin = baselines[c.baseline];
      await round(baseOrigin + c.path, c.method, warmupSec, connections);
      await round(proxyOrigin + c.path, c.method, warmupSec, connections);
      const got = { base: [] as Round[], proxy: [] as Round[] };
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? (['base', 'proxy'] as const) : (['proxy', 'base'] as const);
        for (const side of order) {
          const origin = side === 'base' ? baseOrigin : proxyOrigin;
          got[side].push(await round(origin + c.path, c.method, slice, connections));
        }
      }
      const proxyFigures = summarise(got.proxy);
      const baseFigures = summarise(got.base);
      const roundRatios = got.proxy.map((r, i) => div(perSec(r), perSec(got.base[i]!)));
      out.push({
        name: c.name,
        method: c.method,
        path: c.path.replace('/api/ramp', ''),
        proxy: proxyFigures,
        baselineName: c.baseline,
        baseline: baseFigures,
        throughputRatio: median(roundRatios),
        roundRatios,
        p50Ratio: div(proxyFigures.p50Ms, baseFigures.p50Ms),
        p99Ratio: div(proxyFigures.p99Ms, baseFigures.p99Ms),
        payloadBytes: answers.get(`${c.method} ${c.path}`)!.body.length,
      });
    }
    const sandboxQuoteMs = await sandboxQuoteTime(sandboxBox.current.sandbox, apiKey);
    return { cases: out, connections, durationSec, sandboxQuoteMs, upstreamDelayMs };
  } finally {
    await Promise.all(cleanups.map((c) => c()));
    await Promise.all(servers.map((s) => close(s as never)));
  }
}
