// Turns each section's figures into the tables `npm run bench` prints.
import type { ProxyBench } from './proxy';
import type { RoundTripBench } from './roundtrips';
import type { ScaleBench } from './scale';
import type { SizeRow } from './sizes';
import type { SlowPhoneBench } from './slowphone';
import { BYTES_GOAL, PRICE_GOAL_MS, SLOW_PHONE } from './slowphone';
import type { Cell } from './table';
import { formatTable, num, ratio } from './table';

export const ROUND_TRIP_GOAL = 2;

export function sizesTable(rows: SizeRow[]): string {
  return formatTable(
    'Bundle sizes (gzip -9, what a first visit downloads)',
    ['artifact', 'what', 'gzip KB', 'budget KB', 'used'],
    rows.map((r) => [r.artifact, r.what, num(r.gzipKB, 1), num(r.budgetKB), `${num(r.used * 100)}%`]),
    [
      'hosted: the entry module and the chunks index.html preloads, with their static imports (lazy chunks excluded)',
    ],
  );
}

export function roundTripTables(b: RoundTripBench): string {
  const summary = formatTable(
    `Round trips to the first quotes (hosted page, ${b.latencyMs} ms injected on every upstream call)`,
    ['visit', 'round trips', 'goal', 'first quotes ms', 'chain'],
    b.runs.map((r) => [
      r.label,
      r.roundTrips,
      ROUND_TRIP_GOAL,
      `${num(r.firstQuotesMs)}${r.clock === 'poll' ? '*' : ''}`,
      r.chain,
    ]),
    [
      `page: ${b.url}`,
      'round trips: the longest chain of /api/ramp requests (one starting after another ended) up to the quote shown; requests in flight together count once',
      'first quotes: navigation start → the first radio in the radiogroup "Quotes", on the page clock' +
        (b.runs.some((r) => r.clock === 'poll') ? ' (* polled from outside the page)' : ''),
      `price after typing: the amount retyped on the order screen → the best offer priced for it, ${num(b.repricedMs)} ms (the quote's typing pause included; goal ≤ 500 ms)`,
      ...b.runs
        .filter((r) => r.offChain.length > 0)
        .map(
          (r) =>
            `${r.label}: also done before the quotes, off the quote's chain: ${r.offChain
              .map((o) => `${o.name} (round trip ${o.depth})`)
              .join(', ')}`,
        ),
    ],
  );
  const detail = b.runs.map((run) =>
    formatTable(
      `  /api/ramp requests, ${run.label} (first quotes at ${num(run.firstQuotesMs)} ms)`,
      ['request', 'status', 'start ms', 'end ms', 'took ms', 'round trip'],
      run.requests.map((r): Cell[] => [
        `${r.method} ${r.path.replace('/api/ramp', '')}`.slice(0, 90),
        r.status,
        num(r.start),
        num(r.end),
        num(r.end - r.start),
        r.depth,
      ]),
    ),
  );
  return [summary, ...detail].join('\n\n');
}

export function slowPhoneTable(b: SlowPhoneBench): string {
  const kb = (bytes: number) => num(bytes / 1024, 1);
  return formatTable(
    `The hosted page on a slow phone (${SLOW_PHONE.latencyMs} ms RTT, ${num(SLOW_PHONE.downloadKbps / 1000, 1)} Mbps down, ${SLOW_PHONE.cpuSlowdown}× CPU)`,
    ['load', 'price ms', 'KB before it', 'JS + CSS KB', 'requests', 'assets compressed'],
    [
      ...b.loads.map((l, i): Cell[] => [
        i + 1,
        num(l.priceMs),
        kb(l.bytes),
        kb(l.assetBytes),
        l.requests,
        l.compressed ? 'yes' : 'NO',
      ]),
      ['median', num(b.medianPriceMs), kb(b.medianBytes), '', '', ''],
    ],
    [
      `page: ${b.url} (the best prefill), 375×667, a new browser context with its cache off for each load, after one warm-up load`,
      `price: navigation start → the first offer in the radiogroup "Quotes", on the page clock; goal ≤ ${num(PRICE_GOAL_MS)} ms (median)`,
      `KB before it: every response's headers and body as received before the price (compressed bytes), in-flight ones in part; goal < ${num(BYTES_GOAL / 1024)} KB`,
      'the CPU slowdown multiplies what this machine does: other work on it moves the price figure (see the load average)',
    ],
  );
}

export function proxyTable(b: ProxyBench): string {
  const rows: Cell[][] = [];
  for (const c of b.cases) {
    const fig = (server: string, f: ProxyBench['cases'][number]['proxy'], first: boolean): Cell[] => [
      first ? c.name : '',
      server,
      num(f.reqPerSec),
      num(f.p50Ms, 2),
      num(f.p99Ms, 2),
      num(f.requests),
      f.failures,
    ];
    rows.push(fig(c.baselineName, c.baseline, true));
    rows.push(fig('proxy', c.proxy, false));
    rows.push([
      '',
      `proxy ÷ baseline (rounds ${ratio(Math.min(...c.roundRatios))}–${ratio(Math.max(...c.roundRatios))})`,
      ratio(c.throughputRatio),
      ratio(c.p50Ratio),
      ratio(c.p99Ratio),
      '',
      '',
    ]);
  }
  const [discovery, quote] = b.cases;
  return formatTable(
    `Proxy vs its baseline in the same run (${b.connections} connections, ${b.durationSec} s each after a warm-up)`,
    ['case', 'server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'failed'],
    rows,
    [
      `discovery: GET ${discovery?.path ?? ''} (${num(discovery?.payloadBytes)} B), a cache hit on the proxy; baseline: a bare node:http server replaying the same bytes`,
      `quote: POST ${quote?.path ?? ''} (${num(quote?.payloadBytes)} B), not cached; baseline: a plain pass-through forwarder to the same upstream (the sandbox over loopback HTTP answering after ${num(b.upstreamDelayMs)} ms, plus about ${num(b.sandboxQuoteMs, 2)} ms of CPU per quote, called alone)`,
      'the proxy is the host server as `npm start` serves it (node/listen.ts); every server runs in this process; autocannon runs on a worker thread, alternating 1 s rounds between proxy and baseline',
      'ratios: req/s proxy ÷ baseline (higher is better, 1 = no cost); latency proxy ÷ baseline (lower is better, 1 = no cost)',
    ],
  );
}

export function scaleTable(b: ScaleBench): string {
  const one = b.rows[0];
  return formatTable(
    `Scale-out: N instances of the built server behind a round-robin balancer, sharing Redis and PostgreSQL (${b.connections} connections, ${b.durationSec} s each)`,
    ['instances', 'discovery req/s', 'vs 1', 'quote req/s', 'vs 1', 'failed'],
    b.rows.map((r) => [
      r.instances,
      num(r.discoveryReqPerSec),
      ratio(one ? r.discoveryReqPerSec / one.discoveryReqPerSec : Number.NaN),
      num(r.quoteReqPerSec),
      ratio(one ? r.quoteReqPerSec / one.quoteReqPerSec : Number.NaN),
      r.failures,
    ]),
    [
      `rate-limit check, p50: ${num(b.rateLimitP50Us.memory, 1)} µs in process, ${num(b.rateLimitP50Us.redis, 1)} µs against Redis (one atomic script call): ${num(b.rateLimitP50Us.redis - b.rateLimitP50Us.memory, 1)} µs added to each quote and session request`,
      'discovery: cached reads (each instance answers from its own memory, no Redis round trip); quote: a Redis rate-limit check and an upstream call (the sandbox on loopback HTTP, in the benchmark process)',
      'instances, balancer, upstream and load generator share this machine: the ratios say what another instance costs or gains here, not on separate hosts',
    ],
  );
}

/** The load run's result, whatever its shape: text as is, records as a table. */
export function genericTable(title: string, result: unknown): string {
  if (typeof result === 'string') return `${title}\n${result}`;
  const flat = (value: unknown, prefix = '', out: Record<string, Cell> = {}): Record<string, Cell> => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) flat(v, prefix ? `${prefix}.${k}` : k, out);
    } else if (typeof value === 'number') {
      out[prefix] = Number.isInteger(value) ? num(value) : num(value, 2);
    } else {
      out[prefix] = Array.isArray(value) ? JSON.stringify(value).slice(0, 80) : String(value);
    }
    return out;
  };
  if (Array.isArray(result) && result.every((r) => r !== null && typeof r === 'object')) {
    const records = result.map((r) => flat(r));
    const headers = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return formatTable(
      title,
      headers,
      records.map((r) => headers.map((h) => r[h] ?? '')),
    );
  }
  const record = flat(result);
  return formatTable(
    title,
    ['figure', 'value'],
    Object.entries(record).map(([k, v]) => [k, v]),
  );
}
