// Scale-out: the built server as 1, 2 and 3 instances (child processes) behind a round-robin balancer
// on loopback, sharing Redis and PostgreSQL, loaded through the balancer with cached discovery reads
// and with quotes (each one a Redis-backed rate-limit check and an upstream call); plus what one
// Redis-backed rate-limit check adds to a request (p50 of the check alone, against the in-process
// one). Needs a Redis and a PostgreSQL: RAMP_BENCH_REDIS_URL / RAMP_BENCH_DATABASE_URL, else the
// test servers' RAMP_TEST_REDIS_URL / RAMP_TEST_DATABASE_URL (.ci/run exports those).
import { Worker } from 'node:worker_threads';
import { createMemoryStores } from '../src/server/storage/stores/memory';
import { createRedisStores } from '../src/server/storage/stores/redis';
import { createLogger } from '../src/server/http/log';
import { startBalancer, startInstance, startUpstream } from '../src/server/testing/cluster';
import type { Instance } from '../src/server/testing/cluster';
import { withTimeout } from './net';

export interface ScaleRow {
  instances: number;
  discoveryReqPerSec: number;
  quoteReqPerSec: number;
  failures: number;
}

export interface ScaleBench {
  rows: ScaleRow[];
  /** p50 of one rate-limit check, µs: in process, and against Redis. */
  rateLimitP50Us: { memory: number; redis: number };
  durationSec: number;
  connections: number;
}

const DISCOVERY = '/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP';
const QUOTE = '/api/ramp/payments/crypto/quote';
const QUOTE_BODY = JSON.stringify({
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
});

export function scaleServices(): { redis: string; database: string } | string {
  const redis = process.env.RAMP_BENCH_REDIS_URL ?? process.env.RAMP_TEST_REDIS_URL;
  const database = process.env.RAMP_BENCH_DATABASE_URL ?? process.env.RAMP_TEST_DATABASE_URL;
  if (!redis || !database) {
    return 'needs a Redis and a PostgreSQL: set RAMP_BENCH_REDIS_URL and RAMP_BENCH_DATABASE_URL (or the RAMP_TEST_ ones)';
  }
  return { redis, database };
}

function load(url: string, method: 'GET' | 'POST', durationSec: number, connections: number) {
  const post = method === 'POST' ? { body: QUOTE_BODY, headers: { 'content-type': 'application/json' } } : {};
  const worker = new Worker(new URL('./loadgen-worker.mjs', import.meta.url), {
    workerData: { url, method, connections, duration: durationSec, timeout: 10, ...post },
  });
  const done = new Promise<{ requests: number; durationSec: number; failures: number }>((resolve, reject) => {
    worker.once(
      'message',
      (m: { requests: number; durationSec: number; failures: number } | { error: string }) =>
        'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    worker.once('error', reject);
  });
  return withTimeout(done, (durationSec + 20) * 1000, `load on ${url}`).finally(
    () => void worker.terminate(),
  );
}

async function p50Us(take: () => unknown, n = 2000): Promise<number> {
  const times = new Float64Array(n);
  for (let i = 0; i < 200; i++) await take();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await take();
    times[i] = (performance.now() - t) * 1000;
  }
  times.sort();
  return times[Math.floor(n / 2)]!;
}

export async function runScaleBench(
  o: { durationSec?: number; connections?: number } = {},
): Promise<ScaleBench> {
  const { durationSec = 3, connections = 20 } = o;
  const services = scaleServices();
  if (typeof services === 'string') throw new Error(services);
  const log = createLogger({ level: 'error' });
  const rule = { burst: 1_000_000, perMinute: 1_000_000 };
  const memory = createMemoryStores().rateLimiter('quote', rule);
  const redisStores = await createRedisStores({ url: services.redis, log, prefix: 'ramp-bench:' });
  let rateLimitP50Us: ScaleBench['rateLimitP50Us'];
  try {
    rateLimitP50Us = {
      memory: await p50Us(() => memory.take('198.51.100.9')),
      redis: await p50Us(() => redisStores.rateLimiter('quote', rule).take('198.51.100.9')),
    };
  } finally {
    await redisStores.close();
  }

  const upstream = await startUpstream({ timeScale: 0.05 });
  const rows: ScaleRow[] = [];
  const instances: Instance[] = [];
  try {
    const env = {
      RAMP_API_BASE_URL: upstream.origin,
      RAMP_API_KEY: upstream.apiKey,
      RAMP_SESSION_SECRET: 'bench-scale-session-secret-0123456789abcdef',
      RAMP_REDIS_URL: services.redis,
      RAMP_DATABASE_URL: services.database,
      RAMP_TRUST_PROXY: '1',
      RAMP_RATE_LIMIT_QUOTE: '999999/999999',
    };
    for (const n of [1, 2, 3]) {
      while (instances.length < n) instances.push(await startInstance(env));
      const lb = await startBalancer(() => instances.map((i) => i.origin));
      try {
        for (let i = 0; i < n * 2; i++) await (await fetch(lb.origin + DISCOVERY)).arrayBuffer();
        await load(lb.origin + DISCOVERY, 'GET', 1, connections);
        const d = await load(lb.origin + DISCOVERY, 'GET', durationSec, connections);
        const q = await load(lb.origin + QUOTE, 'POST', durationSec, connections);
        rows.push({
          instances: n,
          discoveryReqPerSec: d.requests / d.durationSec,
          quoteReqPerSec: q.requests / q.durationSec,
          failures: d.failures + q.failures,
        });
      } finally {
        await lb.close();
      }
    }
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await upstream.close();
  }
  return { rows, rateLimitP50Us, durationSec, connections };
}
