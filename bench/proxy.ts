// Proxy overhead: the real host app (policy, cache, rate limit, in-process sandbox) and a bare node:http
// server answering the same bytes, both in this process, loaded by autocannon on a worker thread so the
// load generator does not share the servers' event loop. Each case alternates short rounds between the
// two servers (ABBA order), so a burst of other work on the machine lands on both sides alike; figures
// are then read as ratios against the baseline measured in the same run.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Worker } from 'node:worker_threads';
import { createAdaptorServer } from '@hono/node-server';
import { createSandbox } from '../src/sandbox';
import type { Sandbox } from '../src/sandbox';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/log';
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
  bare: LoadFigures;
  /** proxy req/s ÷ bare req/s (1 = as fast as the bare server). */
  throughputRatio: number;
  /** proxy latency ÷ bare latency (1 = no added latency). */
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
}

export interface ProxyBenchOptions {
  /** Measured seconds per server per case. @default 5 */
  durationSec?: number;
  /** Unmeasured seconds per server per case first. @default 1 */
  warmupSec?: number;
  /** @default 20 */
  connections?: number;
  /** Rounds the measured time is split into, alternating servers (whole seconds each). @default durationSec */
  rounds?: number;
}

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
  contentType: string;
  body: Buffer;
}

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
  return { status: res.status, contentType: res.headers.get('content-type') ?? 'application/json', body };
}

/** The baseline: answers each benchmarked route with the proxy's captured bytes, and nothing else. */
function bareServer(answers: Map<string, Captured>) {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const send = () => {
      const answer = answers.get(`${req.method} ${req.url}`);
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, {
        'content-type': answer.contentType,
        'content-length': answer.body.length,
      });
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

/** One closed-loop autocannon run on a worker thread (see loadgen-worker.mjs). */
function round(
  url: string,
  method: 'GET' | 'POST',
  durationSec: number,
  connections: number,
): Promise<Round> {
  const post = method === 'POST' ? { body: QUOTE_BODY, headers: { 'content-type': 'application/json' } } : {};
  const worker = new Worker(new URL('./loadgen-worker.mjs', import.meta.url), {
    workerData: { url, method, connections, duration: durationSec, timeout: 10, ...post },
  });
  const done = new Promise<Round>((resolve, reject) => {
    worker.once('message', (m: Round | { error: string }) =>
      'error' in m ? reject(new Error(`autocannon: ${m.error}`)) : resolve(m),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load generator exited early (code ${code})`)));
  });
  return withTimeout(done, (durationSec + 20) * 1000, `autocannon ${method} ${url}`).finally(
    () => void worker.terminate(),
  );
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

export async function runProxyBench(opts: ProxyBenchOptions = {}): Promise<ProxyBench> {
  const { durationSec = 5, warmupSec = 1, connections = 20 } = opts;
  // autocannon stops on its 1 s sampling tick, so rounds are whole seconds.
  const rounds = Math.max(1, Math.min(opts.rounds ?? durationSec, durationSec));
  const config = loadConfig({
    HOST: LOOPBACK,
    PORT: '0',
    // One loopback client sends every request: lift the shopper-sized quote limit out of the way.
    RAMP_RATE_LIMIT_QUOTE: '999999/999999',
    RAMP_RATE_LIMIT_DISCOVERY: '999999/999999',
  });
  const sandbox = createSandbox({ apiKey: config.upstream.apiKey });
  // Per-request info lines would cost the proxy a stdout write each; errors still show.
  const log = createLogger({ level: 'error', write: (line) => process.stderr.write(`${line}\n`) });
  const app = createApp(config, { sandbox, log });
  const proxy = createAdaptorServer({ fetch: app.fetch });
  let bare: ReturnType<typeof bareServer> | undefined;
  try {
    const proxyOrigin = `http://${LOOPBACK}:${await listen(proxy)}`;
    const cases = [
      { name: 'discovery (cached)', method: 'GET', path: DISCOVERY_PATH },
      { name: 'quote (uncached)', method: 'POST', path: QUOTE_PATH },
    ] as const;

    // Capturing also fills the discovery cache, so every measured discovery call is a hit.
    const answers = new Map<string, Captured>();
    for (const c of cases) answers.set(`${c.method} ${c.path}`, await capture(proxyOrigin, c.method, c.path));
    bare = bareServer(answers);
    const bareOrigin = `http://${LOOPBACK}:${await listen(bare)}`;

    const out: ProxyCase[] = [];
    const slice = Math.max(1, Math.round(durationSec / rounds));
    for (const c of cases) {
      await round(bareOrigin + c.path, c.method, warmupSec, connections);
      await round(proxyOrigin + c.path, c.method, warmupSec, connections);
      const got = { bare: [] as Round[], proxy: [] as Round[] };
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? (['bare', 'proxy'] as const) : (['proxy', 'bare'] as const);
        for (const side of order) {
          const origin = side === 'bare' ? bareOrigin : proxyOrigin;
          got[side].push(await round(origin + c.path, c.method, slice, connections));
        }
      }
      const proxyFigures = summarise(got.proxy);
      const bareFigures = summarise(got.bare);
      out.push({
        name: c.name,
        method: c.method,
        path: c.path.replace('/api/ramp', ''),
        proxy: proxyFigures,
        bare: bareFigures,
        throughputRatio: div(proxyFigures.reqPerSec, bareFigures.reqPerSec),
        p50Ratio: div(proxyFigures.p50Ms, bareFigures.p50Ms),
        p99Ratio: div(proxyFigures.p99Ms, bareFigures.p99Ms),
        payloadBytes: answers.get(`${c.method} ${c.path}`)!.body.length,
      });
    }
    const sandboxQuoteMs = await sandboxQuoteTime(sandbox, config.upstream.apiKey);
    return { cases: out, connections, durationSec, sandboxQuoteMs };
  } finally {
    await close(proxy);
    if (bare) await close(bare);
  }
}
