// The ledger at volume. First its write latency (p50, p99 of recording a session: the order, its
// first status and its webhook event in one transaction) with 1,000, 10,000 and 100,000 orders in
// it, the embedded store and PostgreSQL side by side (PostgreSQL when RAMP_BENCH_DATABASE_URL or
// RAMP_TEST_DATABASE_URL names a server; each run in a database of its own, dropped after). The
// books are filled in bulk between the measurements, with rows like the ones the server writes.
// Then the server as `npm start` runs it (dist/server/main.js, status sync at its defaults):
// creating a session at the start, and again once 4,000 orders are open and being followed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createLogger } from '../src/server/http/log';
import type { SqlDriver } from '../src/server/storage/ledger/driver';
import { openPostgres } from '../src/server/storage/ledger/postgres';
import { createSqlLedger } from '../src/server/storage/ledger/sql-ledger';
import { migrate } from '../src/server/storage/ledger/schema-version';
import { openSqlite } from '../src/server/storage/ledger/sqlite';
import type { Ledger } from '../src/server/storage/ledger/ledger';
import { event, order } from '../src/server/testing/ledger-records';
import { buySession } from '../src/api/test-sessions';
import { QUOTE_PATH, SESSION_PATH, json, quoteFor } from '../src/server/testing/session';
import { startHostServer } from './host';
import { formatTable, num, ratio } from './table';

// The shopper's session, as the server tests make it (no fixture files: this runs under plain tsx).
const SESSION_BODY = buySession();

export const BOOK_SIZES = [1_000, 10_000, 100_000] as const;
const SAMPLES = 200;

export interface LatencyRow {
  orders: number;
  p50: number;
  p99: number;
}

export interface StoreResult {
  store: string;
  rows: LatencyRow[] | null;
  /** Why there are no rows. */
  skipped?: string;
}

export interface LedgerBench {
  stores: StoreResult[];
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** p50 and p99 (ms) of `n` runs of `fn`, one after another. */
async function latency(
  n: number,
  fn: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

/** Adds orders `from`…`to - 1`, each with its first status and a delivered event, 500 rows a statement. */
async function fill(
  db: SqlDriver,
  from: number,
  to: number,
  o: { open?: boolean; at?: number } = {},
): Promise<void> {
  const at = o.at ?? Date.now() - 86_400_000;
  for (let start = from; start < to; start += 500) {
    const ids = Array.from({ length: Math.min(500, to - start) }, (_, i) => `bulk_${start + i}`);
    const rows = (width: number) =>
      ids
        .map((_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`)
        .join(', ');
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ramp_orders (session_id, reference, partner, direction, country, source_currency,
           source_amount, destination_currency, wallet_address, status, terminal, created_at, updated_at,
           next_check_at, check_attempts) VALUES ${rows(15)}`,
        ids.flatMap((id, i) => {
          // A tenth open (checked again in an hour), unless every order is to be open and due now.
          const open = o.open === true || (start + i) % 10 === 0;
          return [
            id,
            `order-${id}`,
            'BANXA',
            'buy',
            'US',
            'USD',
            '100',
            'ETH',
            '0x52908400098527886E0F7030069857D2E4169EE7',
            open ? 'PENDING' : 'SETTLED',
            open ? 0 : 1,
            at,
            at,
            open ? (o.open ? at : at + 3_600_000) : null,
            3,
          ];
        }),
      );
      await tx.query(
        `INSERT INTO ramp_order_status (session_id, seq, status, transaction_id, at) VALUES ${rows(5)}`,
        ids.flatMap((id) => [id, 1, 'SESSION_CREATED', null, at]),
      );
      await tx.query(
        `INSERT INTO ramp_webhook_deliveries (id, session_id, seq, type, body, state, attempts, created_at,
           next_attempt_at, delivered_at) VALUES ${rows(10)}`,
        ids.flatMap((id) => [
          `evt_${id}`,
          id,
          1,
          'checkout.session_created',
          JSON.stringify(event(`evt_${id}`, id)),
          'delivered',
          1,
          at,
          at,
          at,
        ]),
      );
    });
  }
}

async function measureStore(store: string, db: SqlDriver): Promise<LatencyRow[]> {
  await migrate(db);
  const ledger: Ledger = createSqlLedger(db);
  const rows: LatencyRow[] = [];
  let size = 0;
  for (const target of BOOK_SIZES) {
    await fill(db, size, target - SAMPLES);
    size = target - SAMPLES;
    const now = Date.now();
    const { p50, p99 } = await latency(SAMPLES, (i) => {
      const id = `${store}_${target}_${i}`;
      return ledger.orders.record(order(id, { createdAt: now, updatedAt: now, nextCheckAt: now + 3000 }), [
        event(`evt_${id}`, id),
      ]);
    });
    size = target;
    rows.push({ orders: target, p50, p99 });
  }
  return rows;
}

export function postgresUrl(): string | undefined {
  return (process.env.RAMP_BENCH_DATABASE_URL ?? process.env.RAMP_TEST_DATABASE_URL)?.trim() || undefined;
}

export async function runLedgerBench(): Promise<LedgerBench> {
  const stores: StoreResult[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'ramp-bench-ledger-'));
  const embedded = await openSqlite(dir);
  try {
    stores.push({
      store: 'embedded (SQLite, WAL, synchronous=FULL)',
      rows: await measureStore('sqlite', embedded),
    });
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const url = postgresUrl();
  if (!url) {
    stores.push({
      store: 'PostgreSQL',
      rows: null,
      skipped: 'skipped: set RAMP_BENCH_DATABASE_URL or RAMP_TEST_DATABASE_URL',
    });
    return { stores };
  }
  const own = await benchDatabase(url);
  const db = openPostgres(own.url, { log: createLogger({ level: 'error' }) });
  try {
    stores.push({ store: `PostgreSQL (${new URL(own.url).host})`, rows: await measureStore('pg', db) });
  } finally {
    await db.close();
    await own.drop();
  }
  return { stores };
}

/** A database of its own on the PostgreSQL server at `url`, and a way to drop it. */
export async function benchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ramp_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.href,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export function ledgerTable(b: LedgerBench): string {
  const rows = b.stores.flatMap((s) =>
    s.rows
      ? s.rows.map((r) => {
          const first = s.rows![0]!;
          return [s.store, num(r.orders), num(r.p50, 2), num(r.p99, 2), ratio(r.p50 / first.p50)];
        })
      : [[s.store, '—', s.skipped ?? 'skipped', '', '']],
  );
  return formatTable(
    'Ledger write latency: recording a session (order + first status + webhook event, one transaction)',
    ['store', 'orders in the ledger', 'p50 ms', 'p99 ms', 'p50 vs 1,000'],
    rows,
    ['goal: the embedded p50 at 100,000 orders within 1.5× its p50 at 1,000'],
  );
}

export interface OpenOrdersBench {
  open: number;
  atStart: { p50: number; p99: number };
  whenOpen: { p50: number; p99: number };
}

export const OPEN_ORDERS = 4_000;
const ADMIN = 'bench-admin-token-0123456789';

/**
 * Session creation through the built server (`npm start`'s entry, status sync at its defaults):
 * first on an empty ledger, then on one holding 4,000 open orders, all due for a check, so the sync
 * works through them (each an upstream read and a new check time) while the sessions are timed.
 * The open orders are written into the ledger before that server starts: creating 4,000 sessions
 * over HTTP first would take minutes on a loaded machine and measure nothing more.
 */
export async function runOpenOrdersBench(): Promise<OpenOrdersBench> {
  const atStart = await timedSessions(0);
  const whenOpen = await timedSessions(OPEN_ORDERS);
  return { open: OPEN_ORDERS, atStart, whenOpen };
}

async function timedSessions(open: number): Promise<{ p50: number; p99: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'ramp-bench-open-'));
  if (open > 0) {
    const db = await openSqlite(dir);
    await migrate(db);
    await fill(db, 0, open, { open: true, at: Date.now() });
    await db.close();
  }
  const host = await startHostServer({
    RAMP_DATA_DIR: dir,
    RAMP_ADMIN_TOKEN: ADMIN,
    // The benchmark is one client: lift the per-client limits, nothing else.
    RAMP_RATE_LIMIT_SESSION: '999999/99999',
    RAMP_RATE_LIMIT_QUOTE: '999999/99999',
  });
  try {
    const send = (path: string, init: RequestInit) => fetch(`${host.origin}${path}`, init);
    let n = 0;
    // Quoted first (as the widget does), then timed: the session request alone records the order.
    const session = async (): Promise<number> => {
      const quote = await send(QUOTE_PATH, json(quoteFor(SESSION_BODY)));
      if (quote.status !== 200) throw new Error(`quote ${quote.status}: ${await quote.text()}`);
      const t = performance.now();
      const res = await send(SESSION_PATH, json(SESSION_BODY, { 'Idempotency-Key': `bench-open-${n++}` }));
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`session ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return ms;
    };
    // Ready (the ledger open), warmed up, and, with open orders, the sync under way.
    for (let i = 0; i < 10; i++) await session();
    if (open > 0) await new Promise((r) => setTimeout(r, 2_000));
    const times: number[] = [];
    for (let i = 0; i < 100; i++) times.push(await session());
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
  } catch (e) {
    throw new Error(`${(e as Error).message}\n${host.tail()}`);
  } finally {
    await host.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function openOrdersTable(b: OpenOrdersBench): string {
  return formatTable(
    'Creating a session through the built server (status sync at its defaults)',
    ['ledger', 'p50 ms', 'p99 ms', 'p50 vs empty'],
    [
      ['empty, at the start', num(b.atStart.p50, 2), num(b.atStart.p99, 2), ratio(1)],
      [
        `${num(b.open)} open orders, all due`,
        num(b.whenOpen.p50, 2),
        num(b.whenOpen.p99, 2),
        ratio(b.whenOpen.p50 / b.atStart.p50),
      ],
    ],
    ['goal: within 1.5× of the empty ledger'],
  );
}
