// /stats grouped in the database (merchant/stats.ts over storage/ledger/sql-stats.ts) against the
// same answer computed in JavaScript from every order, as it was before (testing/stats-reference.ts):
// on generated books with every outcome, buys and sells, amounts of up to 30 + 30 digits and amounts
// the sums skip, on the embedded store (its file: the long reads go through the reader's worker)
// and on PostgreSQL. The answers must be equal to the last digit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SqlDriver } from '../storage/ledger/driver';
import { openPostgres } from '../storage/ledger/postgres';
import { migrate } from '../storage/ledger/schema-version';
import { createSqlLedger } from '../storage/ledger/sql-ledger';
import { openSqlite } from '../storage/ledger/sqlite';
import type { StatsQuery } from '../storage/ledger/types';
import { freshDatabase, missingServices } from '../testing/services';
import { fillStatsBook } from '../testing/stats-book';
import { referenceStats } from '../testing/stats-reference';
import { loadStats } from './stats';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const BOOK = { orders: 4_000, fromDay: '2025-11-01', days: 61, seed: 39 };
const QUERIES: StatsQuery[] = [
  { fromDay: '2025-11-01', toDay: '2025-12-31' },
  { fromDay: '2025-10-31', toDay: '2026-01-01' }, // a day either side: the few orders outside come in
  { fromDay: '2025-12-05', toDay: '2025-12-05' },
  { fromDay: '2025-11-10', toDay: '2025-12-20', country: 'DE' },
  { fromDay: '2025-11-01', toDay: '2025-12-31', partner: 'MOONPAY' },
  { fromDay: '2025-11-01', toDay: '2025-12-31', country: 'NG', partner: 'SIMPLEX' },
  { fromDay: '2025-01-01', toDay: '2025-03-31' }, // no order at all
];

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

async function expectSameAsReference(db: SqlDriver): Promise<void> {
  await migrate(db);
  await fillStatsBook(db, BOOK);
  const ledger = createSqlLedger(db);
  for (const q of QUERIES) {
    const expected = await referenceStats(db, q);
    expect(await loadStats(ledger.stats, q), JSON.stringify(q)).toEqual(expected);
  }
  // The book is what it is meant to be: every figure has something to get wrong.
  const whole = await referenceStats(db, QUERIES[0]!);
  expect(whole.funnel).toMatchObject({ completed: expect.any(Number), failed: expect.any(Number) });
  expect(whole.funnel.completed * whole.funnel.failed * whole.funnel.abandoned).toBeGreaterThan(0);
  expect(whole.byPartner.every((p) => p.medianSecondsToComplete !== null)).toBe(true);
  expect(whole.volume.crypto.some((v) => v.total.split('.')[0]!.length > 30)).toBe(true);
  expect(whole.byMethod.map((m) => m.method)).toContain('UNKNOWN');
}

describe('/stats grouped in the database equals the per-order computation', () => {
  it('on the embedded store (SQLite file, reads in the worker)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ramp-stats-sql-'));
    const db = await openSqlite(dir);
    closers.push(async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await expectSameAsReference(db);
  }, 60_000);

  it.skipIf(missingServices('stats on PostgreSQL', ['postgres']))(
    'on PostgreSQL',
    async () => {
      const fresh = await freshDatabase('stats_sql');
      closers.push(fresh.drop);
      const db = openPostgres(fresh.url, { log: silent });
      closers.push(() => db.close());
      await expectSameAsReference(db);
    },
    60_000,
  );
});
