// The console's statistics at volume: a year of 300,000 orders (src/server/testing/stats-book.ts:
// every outcome, buys and sells, about two checkout marks an order, written in bulk first, not timed)
// read through the built server (dist/server/main.js, as `npm start` runs it) while /healthz is
// asked every 20 ms. First /healthz alone (the baseline: same server, same run), then while two
// year-long /stats reads of different periods run at once, then while five reads of one period run
// at once (they share one read). Reported: /healthz p50, p99 and worst, as ratios of the baseline's;
// how long the /stats reads took; the server's memory (RSS) after each phase. On the embedded store,
// and on PostgreSQL (with Redis) when the scale-out servers are configured.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../src/server/http/log';
import type { SqlDriver } from '../src/server/storage/ledger/driver';
import { openPostgres } from '../src/server/storage/ledger/postgres';
import { migrate } from '../src/server/storage/ledger/schema-version';
import { openSqlite } from '../src/server/storage/ledger/sqlite';
import { fillStatsBook } from '../src/server/testing/stats-book';
import { startHostServer } from './host';
import { benchDatabase } from './ledger';
import { sleep } from './net';
import { scaleServices } from './scale';
import { formatTable, num, ratio } from './table';

export const STATS_ORDERS = 300_000;
const DAYS = 365;
const PROBE_EVERY_MS = 20;
const BASELINE_MS = 3_000;
const ADMIN = 'bench-admin-token-0123456789';
const DAY_MS = 86_400_000;

export interface Latency {
  probes: number;
  /** Probes answered with anything but 200 (the build before measured a 408), or not at all. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

export interface StatsPhase {
  name: string;
  health: Latency;
  /** The slowest /stats read of the phase, ms (none in the baseline). */
  statsMs: number | null;
  /** /stats reads answered with anything but 200, or not at all. */
  statsFailed: number;
  /** The server's resident memory after the phase, MB (Linux only). */
  rssMb: number | null;
}

export interface StatsStore {
  store: string;
  phases: StatsPhase[] | null;
  skipped?: string;
}

export interface StatsBench {
  orders: number;
  stores: StatsStore[];
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function latencyOf(probes: { ms: number; ok: boolean }[]): Latency {
  const s = probes.map((p) => p.ms).sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  const failed = probes.filter((p) => !p.ok).length;
  return { probes: s.length, failed, p50: at(0.5), p99: at(0.99), max: s.at(-1) ?? NaN };
}

function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** /healthz asked every PROBE_EVERY_MS until `until` settles: each answer's time, ms, and whether 200. */
async function probe(origin: string, until: Promise<unknown>): Promise<{ ms: number; ok: boolean }[]> {
  let done = false;
  void until.finally(() => (done = true)).catch(() => {});
  const probes: { ms: number; ok: boolean }[] = [];
  while (!done) {
    const started = performance.now();
    const ok = await fetch(`${origin}/healthz`).then(
      async (res) => (await res.arrayBuffer(), res.status === 200),
      () => false,
    );
    probes.push({ ms: performance.now() - started, ok });
    await sleep(PROBE_EVERY_MS);
  }
  return probes;
}

/** The phases against a server on a ledger holding the book (a year ending yesterday). */
async function phases(env: Record<string, string>, lastDay: string): Promise<StatsPhase[]> {
  const host = await startHostServer({ ...env, RAMP_ADMIN_TOKEN: ADMIN });
  const stats = async (from: string, to: string): Promise<{ ms: number; ok: boolean }> => {
    const started = performance.now();
    const res = await fetch(`${host.origin}/api/ramp/stats?from=${from}&to=${to}`, {
      headers: { Authorization: `Bearer ${ADMIN}` },
    }).catch(() => null);
    const ms = performance.now() - started;
    if (res?.status !== 200) return { ms, ok: false };
    const body = (await res.json()) as { funnel?: { sessions?: number } };
    if ((body.funnel?.sessions ?? 0) < STATS_ORDERS * 0.9) throw new Error('/stats did not see the book');
    return { ms, ok: true };
  };
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  const year = (shift: number) =>
    [utcDay(last - (DAYS - 1 + shift) * DAY_MS), utcDay(last - shift * DAY_MS)] as const;
  const run = async (
    name: string,
    reads: () => Promise<{ ms: number; ok: boolean }[]> | null,
  ): Promise<StatsPhase> => {
    const reading = reads();
    const health = await probe(host.origin, reading ?? sleep(BASELINE_MS));
    const took = reading ? await reading : [];
    return {
      name,
      health: latencyOf(health),
      statsMs: took.length > 0 ? Math.max(...took.map((t) => t.ms)) : null,
      statsFailed: took.filter((t) => !t.ok).length,
      rssMb: rssMb(host.pid),
    };
  };
  try {
    // The ledger open and its files in the page cache, as on a server that has been up a while.
    await fetch(`${host.origin}/readyz`);
    if (!(await stats(...year(0))).ok) throw new Error('a /stats read alone got no answer');
    return [
      await run('/healthz alone (baseline)', () => null),
      await run('two year-long /stats reads at once', () =>
        Promise.all([stats(...year(0)), stats(...year(1))]),
      ),
      await run('five /stats reads of one year at once', () =>
        Promise.all(Array.from({ length: 5 }, () => stats(...year(0)))),
      ),
    ];
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${host.tail()}`);
  } finally {
    await host.stop();
  }
}

async function filled(db: SqlDriver, lastDay: string): Promise<void> {
  await migrate(db);
  const fromDay = utcDay(Date.parse(`${lastDay}T00:00:00Z`) - (DAYS - 1) * DAY_MS);
  await fillStatsBook(db, { orders: STATS_ORDERS, fromDay, days: DAYS });
}

export async function runStatsBench(): Promise<StatsBench> {
  const lastDay = utcDay(Date.now() - DAY_MS);
  const stores: StatsStore[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ramp-bench-stats-'));
  try {
    const db = await openSqlite(dir);
    await filled(db, lastDay).finally(() => db.close());
    stores.push({ store: 'embedded (SQLite)', phases: await phases({ RAMP_DATA_DIR: dir }, lastDay) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const services = scaleServices();
  if (typeof services === 'string') {
    stores.push({ store: 'PostgreSQL', phases: null, skipped: `skipped: ${services}` });
    return { orders: STATS_ORDERS, stores };
  }
  const own = await benchDatabase(services.database);
  try {
    const db = openPostgres(own.url, { log: createLogger({ level: 'error' }) });
    await filled(db, lastDay).finally(() => db.close());
    const env = {
      RAMP_DATABASE_URL: own.url,
      RAMP_REDIS_URL: services.redis,
      RAMP_SESSION_SECRET: 'bench-stats-session-secret-0123456789abcdef',
    };
    stores.push({ store: `PostgreSQL (${new URL(own.url).host})`, phases: await phases(env, lastDay) });
  } finally {
    await own.drop();
  }
  return { orders: STATS_ORDERS, stores };
}

export function statsTable(b: StatsBench): string {
  const rows = b.stores.flatMap((s) => {
    if (!s.phases) return [[s.store, s.skipped ?? 'skipped', '', '', '', '', '', '', '']];
    const base = s.phases[0]!.health;
    return s.phases.map((p) => [
      s.store,
      p.name,
      `${num(p.health.p50, 1)} (${ratio(p.health.p50 / base.p50)})`,
      `${num(p.health.p99, 1)} (${ratio(p.health.p99 / base.p99)})`,
      num(p.health.max, 1),
      num(p.health.failed),
      p.statsMs === null ? '—' : num(p.statsMs),
      num(p.statsFailed),
      num(p.rssMb),
    ]);
  });
  return formatTable(
    `The console's statistics over ${num(b.orders)} orders (a year) and /healthz meanwhile, through the built server`,
    ['store', 'while', '/healthz p50 ms', 'p99 ms', 'worst ms', 'not 200', '/stats ms', 'failed', 'RSS MB'],
    rows,
    [
      `/healthz asked every ${PROBE_EVERY_MS} ms; ratios against the baseline of the same server`,
      'goal: /healthz answered within 250 ms while two year-long /stats reads run',
    ],
  );
}

/** The figure the summary reports: the worst /healthz during two year-long reads, per store. */
export function statsSummary(b: StatsBench): string {
  return `stats over ${num(b.orders)} orders: ${b.stores
    .map((s) => {
      if (!s.phases) return `${s.store} ${s.skipped ?? 'skipped'}`;
      const two = s.phases[1]!;
      const met = two.health.max <= 250 && two.health.failed === 0 ? 'goal met' : 'goal NOT met';
      return `${s.store}: /healthz worst ${num(two.health.max, 1)} ms, ${num(two.health.failed)} not answered 200, during two year-long reads (${met}; p50 ${ratio(two.health.p50 / s.phases[0]!.health.p50)} the baseline's), the reads ${num(two.statsMs)} ms`;
    })
    .join('; ')}`;
}
