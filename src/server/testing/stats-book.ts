// Test support: a ledger's worth of orders for /stats, generated from a seed and written in bulk
// (500 rows a statement), on the embedded store and PostgreSQL alike. The orders cover what the
// figures must survive: every outcome (legacy statuses, EXPIRED, refunds after a SETTLED), buys and
// sells, amounts from cents to 30 + 30 digits, amounts the sums skip (malformed, missing), orders
// just outside the period, orders settled twice, equal times to complete, no payment method.
import type { SqlDriver, SqlValue } from '../storage/ledger/driver';

const DAY_MS = 86_400_000;
const PARTNERS = ['BANXA', 'TRANSAK', 'MOONPAY', 'RAMP_NETWORK', 'SIMPLEX'];
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'BR', 'NG'];
const METHODS = ['CREDIT_DEBIT_CARD', 'APPLE_PAY', 'SEPA_BANK_TRANSFER', null];
const FIATS = ['USD', 'EUR', 'GBP'];
const CRYPTOS = ['ETH', 'BTC', 'USDC'];
/** Statuses and their weights: about 55% completed. */
const STATUSES: [string, number][] = [
  ['SETTLED', 55],
  ['FAILED', 6],
  ['DECLINED', 4],
  ['CANCELLED', 3],
  ['AUTHORIZATION_EXPIRED', 2], // legacy: failed
  ['EXPIRED', 10],
  ['PENDING', 6],
  ['PARTIALLY_SETTLED', 2], // legacy: open
  ['SESSION_CREATED', 7],
  ['REFUNDED', 5], // settled first: a time to complete, but not completed
];
const FIAT_AMOUNTS = ['100', '50.5', '1234.56', '0.01', '20.10', '999999.99', '007.50'];
const CRYPTO_AMOUNTS = [
  '0.012345678901234567',
  '1.5',
  '0.000000000000000001',
  '123456789012345678901234567890.123456789012345678901234567890',
  '42',
];
/** Amounts the ledger may hold that the sums skip (storage/ledger/sql-decimal.ts). */
const SKIPPED_AMOUNTS = [
  '',
  'abc',
  '1e5',
  '-5',
  '1.2.3',
  '.5',
  '5.',
  ' 5',
  '1234567890123456789012345678901',
];

/** A small deterministic PRNG (mulberry32): the same book from the same seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface StatsBook {
  /** How many orders, spread over the period. */
  orders: number;
  /** The period's first UTC day, YYYY-MM-DD. */
  fromDay: string;
  days: number;
  seed?: number;
  /** Checkout marks (opened, quoted) per order, about; 0 for none. */
  marksPerOrder?: number;
}

const insertRows = (width: number, count: number) =>
  Array.from(
    { length: count },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
  ).join(', ');

/** Writes the book into a migrated ledger database. */
export async function fillStatsBook(db: SqlDriver, book: StatsBook): Promise<void> {
  const rnd = random(book.seed ?? 1);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const weighted = () => {
    let r = rnd() * 100;
    for (const [s, w] of STATUSES) if ((r -= w) < 0) return s;
    return 'SETTLED';
  };
  const start = Date.parse(`${book.fromDay}T00:00:00Z`);
  const span = book.days * DAY_MS;
  for (let first = 0; first < book.orders; first += 500) {
    const n = Math.min(500, book.orders - first);
    const orders: SqlValue[] = [];
    const history: SqlValue[] = [];
    let historyRows = 0;
    for (let i = first; i < first + n; i++) {
      // In the order they were made, as a ledger holds them; a day's worth either side of the period.
      const createdAt = start - DAY_MS + Math.floor(((i + rnd()) * (span + 2 * DAY_MS)) / book.orders);
      const status = weighted();
      const buy = rnd() < 0.8;
      const [fiat, crypto] = [pick(FIATS), pick(CRYPTOS)];
      const amount = (list: string[]) => (rnd() < 0.02 ? pick(SKIPPED_AMOUNTS) : pick(list));
      const [fiatAmt, cryptoAmt] = [amount(FIAT_AMOUNTS), rnd() < 0.03 ? null : amount(CRYPTO_AMOUNTS)];
      orders.push(
        `sb_${i}`,
        pick(PARTNERS),
        buy ? 'buy' : 'sell',
        pick(COUNTRIES),
        pick(METHODS),
        buy ? fiat : crypto,
        (buy ? fiatAmt : cryptoAmt) ?? '0',
        buy ? crypto : fiat,
        buy ? cryptoAmt : fiatAmt,
        status,
        ['PENDING', 'PARTIALLY_SETTLED', 'SESSION_CREATED'].includes(status) ? 0 : 1,
        createdAt,
        createdAt,
        0,
      );
      history.push(`sb_${i}`, 1, 'SESSION_CREATED', createdAt);
      historyRows++;
      if (status === 'SETTLED' || status === 'REFUNDED') {
        // Whole seconds often, so equal times to complete happen; some settled twice (the first counts).
        const settledAt = createdAt + (rnd() < 0.3 ? 60_000 : Math.floor(rnd() * 7_200_000));
        history.push(`sb_${i}`, 2, 'SETTLED', settledAt);
        historyRows++;
        if (rnd() < 0.02) {
          history.push(`sb_${i}`, 3, 'SETTLED', settledAt + 1_000);
          historyRows++;
        }
      }
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ramp_orders (session_id, partner, direction, country, payment_method, source_currency,
           source_amount, destination_currency, destination_amount, status, terminal, created_at,
           updated_at, check_attempts) VALUES ${insertRows(14, n)}`,
        orders,
      );
      await tx.query(
        `INSERT INTO ramp_order_status (session_id, seq, status, at) VALUES ${insertRows(4, historyRows)}`,
        history,
      );
    });
  }
  await fillMarks(db, book, rnd);
}

async function fillMarks(db: SqlDriver, book: StatsBook, rnd: () => number): Promise<void> {
  const total = Math.round(book.orders * (book.marksPerOrder ?? 2));
  const start = Date.parse(`${book.fromDay}T00:00:00Z`);
  for (let first = 0; first < total; first += 500) {
    const n = Math.min(500, total - first);
    const marks: SqlValue[] = [];
    for (let i = first; i < first + n; i++) {
      const day = new Date(start + Math.floor(rnd() * book.days) * DAY_MS).toISOString().slice(0, 10);
      marks.push(day, rnd() < 0.6 ? 'opened' : 'quoted', `m_${i}`, rnd() < 0.1 ? null : COUNTRIES[i % 6]!);
    }
    await db.query(
      `INSERT INTO ramp_checkout_marks (day, stage, subject, country) VALUES ${insertRows(4, n)}`,
      marks,
    );
  }
}
