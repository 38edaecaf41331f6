// `npm run bench` (after `npm run build`): bundle sizes, round trips to the first quotes, the hosted
// page on a throttled slow phone, proxy overhead against a bare Node server in the same run, the
// ledger at volume (bench/ledger.ts), the console's statistics over a year of orders with /healthz
// meanwhile (bench/stats.ts), the status follow-up's upstream reads per order over a simulated 48 h
// (bench/follow-up.ts), and the mixed-traffic load run when bench/load.ts is there.
// Figures are reported, never judged: the exit code is non-zero only when the harness itself failed
// (a section could not run), not when a figure is slow.
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runProxyBench } from './proxy';
import type { ProxyBench } from './proxy';
import {
  genericTable,
  proxyTable,
  ROUND_TRIP_GOAL,
  roundTripTables,
  scaleTable,
  sizesTable,
  slowPhoneTable,
} from './report';
import { runScaleBench, scaleServices } from './scale';
import type { ScaleBench } from './scale';
import { runRoundTripBench } from './roundtrips';
import type { RoundTripBench } from './roundtrips';
import { measureBundleSizes } from './sizes';
import { BYTES_GOAL, PRICE_GOAL_MS, runSlowPhoneBench } from './slowphone';
import type { SlowPhoneBench } from './slowphone';
import type { SizeRow } from './sizes';
import { num, ratio } from './table';
import { withTimeout } from './net';
import { ledgerTable, openOrdersTable, runLedgerBench, runOpenOrdersBench } from './ledger';
import type { LedgerBench, OpenOrdersBench } from './ledger';
import { followUpRatios, followUpTable, runFollowUpBench } from './follow-up';
import type { FollowUpBench } from './follow-up';
import { runStatsBench, statsSummary, statsTable } from './stats';
import type { StatsBench } from './stats';

// Builds, the host server and the size script all resolve paths from the project root.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

// The follow-up section alone takes about 4 minutes on 2 shared cores, the statistics about 3.
const WATCHDOG_MS = 1_740_000;
const watchdog = setTimeout(() => {
  console.error(`\nbench: still running after ${WATCHDOG_MS / 1000} s; giving up`);
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();
// Exiting runs host.ts's exit hook, which kills the host server; Playwright closes its browser itself.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

/** bench/load.ts, written beside this file; typed loosely so this runner works with or without it. */
interface LoadModule {
  runLoad?: (opts?: Record<string, unknown>) => Promise<unknown>;
  formatLoadReport?: (report: never) => string;
}

interface LoadOutcome {
  report: unknown;
  text: string;
}

const failures: string[] = [];
const summary: string[] = [];

async function section<T>(
  name: string,
  limitMs: number,
  run: () => Promise<T>,
  print: (result: T) => string,
): Promise<T | undefined> {
  const started = performance.now();
  console.log(`\n▸ ${name}…`);
  try {
    const result = await withTimeout(run(), limitMs, name);
    console.log(`${print(result)}\n  (${num((performance.now() - started) / 1000, 1)} s)`);
    return result;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    failures.push(`${name}: ${message.split('\n')[0]}`);
    console.error(`✗ ${name} could not run: ${message}`);
    return undefined;
  }
}

const started = performance.now();
// Other work on the machine moves every figure; the ratios against the same-run baseline move less.
const machine = () =>
  `node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
console.log(`bench: ${machine()}`);

const sizes = await section<SizeRow[]>('bundle sizes', 10_000, measureBundleSizes, sizesTable);
if (sizes) {
  const over = sizes.filter((s) => s.used > 1);
  summary.push(
    `bundle sizes: ${sizes.map((s) => `${s.artifact} ${num(s.gzipKB, 1)}/${s.budgetKB} KB`).join(', ')}` +
      (over.length ? ` — OVER BUDGET: ${over.map((s) => s.artifact).join(', ')}` : ' (all within budget)'),
  );
}

const trips = await section<RoundTripBench>(
  'round trips to first quotes',
  100_000,
  runRoundTripBench,
  roundTripTables,
);
if (trips) {
  for (const r of trips.runs) {
    summary.push(
      `round trips, ${r.label}: ${r.roundTrips} (goal ${ROUND_TRIP_GOAL}${r.roundTrips <= ROUND_TRIP_GOAL ? ', met' : ', NOT met'}): ${r.chain}; first quotes after ${num(r.firstQuotesMs)} ms`,
    );
  }
}

const phone = await section<SlowPhoneBench>(
  'the hosted page on a slow phone',
  150_000,
  runSlowPhoneBench,
  slowPhoneTable,
);
if (phone) {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  summary.push(
    `slow phone (best prefill): price after ${num(phone.medianPriceMs)} ms (median of ${phone.loads.length}; goal ${num(PRICE_GOAL_MS)} ms, ${met(phone.medianPriceMs <= PRICE_GOAL_MS)}), ${num(phone.medianBytes / 1024, 1)} KB over the wire before it (goal < ${num(BYTES_GOAL / 1024)} KB, ${met(phone.medianBytes < BYTES_GOAL)})`,
  );
}

const proxy = await section<ProxyBench>('proxy overhead', 150_000, () => runProxyBench(), proxyTable);
if (proxy) {
  for (const c of proxy.cases) {
    summary.push(
      `proxy, ${c.name}: ${num(c.proxy.reqPerSec)} req/s = ${ratio(c.throughputRatio)} the ${c.baselineName}'s (median of ${c.roundRatios.length} rounds, ${ratio(Math.min(...c.roundRatios))}–${ratio(Math.max(...c.roundRatios))}); p50 ${ratio(c.p50Ratio)}, p99 ${ratio(c.p99Ratio)} its latency` +
        (c.proxy.failures + c.baseline.failures > 0
          ? ` (${c.proxy.failures + c.baseline.failures} failed requests!)`
          : ''),
    );
  }
}

const services = scaleServices();
if (typeof services === 'string') {
  console.log(`\n▸ scale-out: skipped, ${services}`);
  summary.push(`scale-out: skipped (${services})`);
} else {
  const scale = await section<ScaleBench>('scale-out', 120_000, () => runScaleBench(), scaleTable);
  if (scale) {
    const one = scale.rows[0]!;
    summary.push(
      `scale-out: ${scale.rows
        .map(
          (r) =>
            `${r.instances} × → discovery ${num(r.discoveryReqPerSec)} req/s (${ratio(r.discoveryReqPerSec / one.discoveryReqPerSec)}), quote ${num(r.quoteReqPerSec)} req/s (${ratio(r.quoteReqPerSec / one.quoteReqPerSec)})`,
        )
        .join(
          '; ',
        )}; Redis rate-limit check adds ${num(scale.rateLimitP50Us.redis - scale.rateLimitP50Us.memory, 1)} µs at p50`,
    );
  }
}

const ledger = await section<LedgerBench>('ledger write latency', 180_000, runLedgerBench, ledgerTable);
if (ledger) {
  for (const s of ledger.stores) {
    if (!s.rows) {
      summary.push(`ledger, ${s.store}: ${s.skipped ?? 'skipped'}`);
      continue;
    }
    const first = s.rows[0]!;
    const last = s.rows[s.rows.length - 1]!;
    summary.push(
      `ledger, ${s.store}: ${s.rows.map((r) => `${num(r.orders)} orders p50 ${num(r.p50, 2)} ms / p99 ${num(r.p99, 2)} ms`).join('; ')}; p50 at ${num(last.orders)} = ${ratio(last.p50 / first.p50)} the p50 at ${num(first.orders)}`,
    );
  }
}
const open = await section<OpenOrdersBench>(
  'sessions with open orders (built server)',
  120_000,
  runOpenOrdersBench,
  openOrdersTable,
);
if (open) {
  summary.push(
    `session with ${num(open.open)} open orders: p50 ${num(open.whenOpen.p50, 2)} ms = ${ratio(open.whenOpen.p50 / open.atStart.p50)} the p50 on an empty ledger (${num(open.atStart.p50, 2)} ms)`,
  );
}

const stats = await section<StatsBench>(
  "the console's statistics over a year (built server)",
  420_000,
  runStatsBench,
  statsTable,
);
if (stats) summary.push(statsSummary(stats));

const followUp = await section<FollowUpBench>(
  'the status follow-up over 48 h (simulated)',
  600_000,
  () => runFollowUpBench(),
  followUpTable,
);
if (followUp) {
  for (const x of followUpRatios(followUp)) {
    summary.push(
      `follow-up, 1,000 orders ${x.arrivals}: ${num(x.polling, 2)} upstream reads/order polling alone, ${num(x.receiver, 2)} with the service's webhooks (${ratio(x.receiver / x.polling)})`,
    );
  }
}

const loadFile = new URL('./load.ts', import.meta.url);
if (existsSync(loadFile)) {
  const title = 'Mixed-traffic load run (bench/load.ts, 10% upstream faults)';
  const load = await section<LoadOutcome>(
    'mixed-traffic load run',
    90_000,
    async () => {
      const mod = (await import(loadFile.href)) as LoadModule;
      if (typeof mod.runLoad !== 'function') throw new Error('bench/load.ts does not export runLoad()');
      const report = await mod.runLoad();
      const text = mod.formatLoadReport
        ? `${title}\n${mod.formatLoadReport(report as never)}`
        : genericTable(title, report);
      return { report, text };
    },
    (outcome) => outcome.text,
  );
  if (load) summary.push(loadSummary(load.report));
} else {
  console.log('\n▸ mixed-traffic load run: skipped, bench/load.ts is not there (yet)');
  summary.push('load run: skipped (no bench/load.ts)');
}

console.log(`\nSummary (${num((performance.now() - started) / 1000, 1)} s)`);
for (const line of summary) console.log(`  · ${line}`);
console.log(`  · machine at the end: ${machine()}`);
if (failures.length) {
  console.error(`\nbench: ${failures.length} section(s) could not run:`);
  for (const f of failures) console.error(`  ✗ ${f}`);
  process.exit(1);
}
process.exit(0);

/** One line from the load report, reading only what it has. */
function loadSummary(report: unknown): string {
  const r = (report ?? {}) as {
    requestsPerSec?: number;
    latencyMs?: { p50?: number; p99?: number };
    ok?: boolean;
    problems?: string[];
  };
  const parts = ['load run (10% upstream faults)'];
  if (typeof r.requestsPerSec === 'number') parts.push(`${num(r.requestsPerSec)} req/s`);
  if (r.latencyMs) parts.push(`p50 ${num(r.latencyMs.p50, 1)} ms, p99 ${num(r.latencyMs.p99, 1)} ms`);
  if (r.ok === true) parts.push('no problems found');
  if (r.ok === false) parts.push(`PROBLEMS: ${(r.problems ?? []).join('; ')}`);
  return parts.join(', ');
}
