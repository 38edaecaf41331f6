// Test support: /stats computed as it was before the ledger grouped it (each of the period's orders
// read into JavaScript, then counted and summed there): the reference the grouped reads are held to
// (merchant/stats-aggregation.test.ts). Slow on purpose and never used by the server.
import { completionOf, countEnded } from '../merchant/completion';
import type { Ended } from '../merchant/completion';
import { addDecimal } from '../merchant/decimal-sum';
import { orderOutcome } from '../merchant/outcome';
import type { OutcomeCounts, Stats } from '../merchant/stats';
import type { SqlDriver, SqlValue } from '../storage/ledger/driver';
import type { CheckoutStage, StatsQuery } from '../storage/ledger/types';

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The amounts the sums took: 1 to 30 digits, optionally a dot and 1 to 30 digits. */
const isAmount = (s: string | null): s is string => s !== null && /^\d{1,30}(\.\d{1,30})?$/.test(s);

interface OrderRow {
  partner: string;
  country: string;
  paymentMethod: string | null;
  direction: string;
  status: string;
  createdAt: number;
  completedAt: number | null;
  sourceCurrency: string;
  sourceAmount: string;
  destinationCurrency: string;
  destinationAmount: string | null;
}

async function rowsOf(db: SqlDriver, q: StatsQuery) {
  const params: SqlValue[] = [dayStart(q.fromDay), dayStart(q.toDay) + DAY_MS];
  let where = 'o.created_at >= $1 AND o.created_at < $2';
  if (q.country !== undefined) {
    params.push(q.country);
    where += ` AND o.country = $${params.length}`;
  }
  if (q.partner !== undefined) {
    params.push(q.partner);
    where += ` AND o.partner = $${params.length}`;
  }
  const orders = await db.query(
    `SELECT o.partner, o.country, o.payment_method, o.direction, o.status, o.created_at,
       o.source_currency, o.source_amount, o.destination_currency, o.destination_amount,
       (SELECT MIN(s.at) FROM ramp_order_status s
         WHERE s.session_id = o.session_id AND s.status = 'SETTLED') AS completed_at
     FROM ramp_orders o WHERE ${where}`,
    params,
  );
  const markParams: SqlValue[] = [q.fromDay, q.toDay];
  let markWhere = 'day >= $1 AND day <= $2';
  if (q.country !== undefined) {
    markParams.push(q.country);
    markWhere += ' AND country = $3';
  }
  const marks = await db.query(
    `SELECT day, stage, COUNT(*) AS n FROM ramp_checkout_marks WHERE ${markWhere} GROUP BY day, stage`,
    markParams,
  );
  return {
    orders: orders.map((r): OrderRow => ({
      partner: String(r.partner),
      country: String(r.country),
      paymentMethod: r.payment_method == null ? null : String(r.payment_method),
      direction: String(r.direction),
      status: String(r.status),
      createdAt: Number(r.created_at),
      completedAt: r.completed_at == null ? null : Number(r.completed_at),
      sourceCurrency: String(r.source_currency),
      sourceAmount: String(r.source_amount),
      destinationCurrency: String(r.destination_currency),
      destinationAmount: r.destination_amount == null ? null : String(r.destination_amount),
    })),
    marks: marks.map((r) => ({
      day: String(r.day),
      stage: String(r.stage) as CheckoutStage,
      count: Number(r.n),
    })),
  };
}

const rate = (completed: number, orders: number) =>
  orders === 0 ? null : Math.round((completed / orders) * 10_000) / 10_000;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function countsBy(
  orders: readonly OrderRow[],
  key: (o: OrderRow) => string,
): Map<string, { counts: OutcomeCounts; rows: OrderRow[] }> {
  const groups = new Map<string, { counts: OutcomeCounts; rows: OrderRow[] }>();
  for (const o of orders) {
    const k = key(o);
    const g = groups.get(k) ?? {
      counts: { orders: 0, completed: 0, failed: 0, abandoned: 0, completionRate: null },
      rows: [],
    };
    g.rows.push(o);
    g.counts.orders += 1;
    const outcome = orderOutcome(o.status);
    if (outcome === 'completed' || outcome === 'failed' || outcome === 'abandoned') g.counts[outcome] += 1;
    groups.set(k, g);
  }
  for (const g of groups.values()) g.counts.completionRate = rate(g.counts.completed, g.counts.orders);
  return new Map(
    [...groups].sort(([a, x], [b, y]) => y.counts.orders - x.counts.orders || a.localeCompare(b)),
  );
}

type VolumeRow = Stats['volume']['fiat'][number];

function volumeOf(entries: { currency: string; day: string; amount: string }[]): VolumeRow[] {
  const byCurrency = new Map<string, Map<string, string>>();
  for (const e of entries) {
    const days = byCurrency.get(e.currency) ?? new Map<string, string>();
    days.set(e.day, addDecimal(days.get(e.day) ?? '0', e.amount));
    byCurrency.set(e.currency, days);
  }
  return [...byCurrency]
    .map(([currency, days]) => ({
      currency,
      total: [...days.values()].reduce(addDecimal, '0'),
      days: [...days].sort(([a], [b]) => a.localeCompare(b)).map(([day, amount]) => ({ day, amount })),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The /stats answer over `db`'s orders, computed in JavaScript from each order. */
export async function referenceStats(db: SqlDriver, q: StatsQuery): Promise<Stats> {
  const { orders, marks } = await rowsOf(db, q);
  const all = countsBy(orders, () => 'all').get('all')?.counts;
  const markTotal = (stage: 'opened' | 'quoted') =>
    q.partner !== undefined ? null : marks.filter((m) => m.stage === stage).reduce((n, m) => n + m.count, 0);

  const days: Stats['days'] = [];
  for (let t = dayStart(q.fromDay); t <= dayStart(q.toDay); t += DAY_MS) {
    days.push({ day: utcDay(t), orders: 0, completed: 0 });
  }
  const dayIndex = new Map(days.map((d, i) => [d.day, i]));
  const fiat: { currency: string; day: string; amount: string }[] = [];
  const crypto: typeof fiat = [];
  for (const o of orders) {
    const day = utcDay(o.createdAt);
    const d = days[dayIndex.get(day)!]!;
    d.orders += 1;
    if (orderOutcome(o.status) !== 'completed') continue;
    d.completed += 1;
    const buy = o.direction === 'buy';
    const [fiatCur, fiatAmt] = buy
      ? [o.sourceCurrency, o.sourceAmount]
      : [o.destinationCurrency, o.destinationAmount];
    const [cryptoCur, cryptoAmt] = buy
      ? [o.destinationCurrency, o.destinationAmount]
      : [o.sourceCurrency, o.sourceAmount];
    if (isAmount(fiatAmt)) fiat.push({ currency: fiatCur, day, amount: fiatAmt });
    if (isAmount(cryptoAmt)) crypto.push({ currency: cryptoCur, day, amount: cryptoAmt });
  }

  const ended = (rows: readonly OrderRow[]): Ended => {
    const e = { completed: 0, ended: 0 };
    for (const o of rows) countEnded(e, o.status);
    return e;
  };
  const allEnded = ended(orders);

  return {
    from: q.fromDay,
    to: q.toDay,
    country: q.country ?? null,
    partner: q.partner ?? null,
    funnel: {
      opened: markTotal('opened'),
      quoted: markTotal('quoted'),
      sessions: orders.length,
      completed: all?.completed ?? 0,
      failed: all?.failed ?? 0,
      abandoned: all?.abandoned ?? 0,
    },
    byPartner: [...countsBy(orders, (o) => o.partner)].map(([partner, g]) => ({
      partner,
      ...g.counts,
      medianSecondsToComplete: median(
        g.rows.filter((o) => o.completedAt !== null).map((o) => (o.completedAt! - o.createdAt) / 1000),
      ),
      completion: completionOf(ended(g.rows), allEnded),
    })),
    byCountry: [...countsBy(orders, (o) => o.country)].map(([country, g]) => ({ country, ...g.counts })),
    byMethod: [...countsBy(orders, (o) => o.paymentMethod ?? 'UNKNOWN')].map(([method, g]) => ({
      method,
      ...g.counts,
    })),
    days,
    volume: { fiat: volumeOf(fiat), crypto: volumeOf(crypto) },
  };
}
