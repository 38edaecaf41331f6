// GET /api/ramp/stats: how the checkout is doing over a period of UTC days, from the ledger (shared
// by every instance, so any instance answers the same): the funnel from opened to completed, and per
// partner, country and payment method the orders and their outcomes; completed volume per currency
// and day. Counts and sums only: no reference, customer, wallet or address leaves here.
import { HttpError } from '../http/errors';
import type { StatsLedger } from '../storage/ledger/ledger';
import type { StatsOrderRow, StatsQuery } from '../storage/ledger/types';
import { completionOf, countEnded } from './completion';
import type { Ended } from './completion';
import { addDecimal, isAmount } from './decimal-sum';
import { orderOutcome } from './outcome';

const DAY_MS = 86_400_000;
/** The default period: the last 30 UTC days, today included. */
export const DEFAULT_STATS_DAYS = 30;
/** The longest period one request may ask for. */
export const MAX_STATS_DAYS = 366;

export type { OutcomeCounts, Stats, VolumeSeries } from '../../api/proxy/stats';
import type { OutcomeCounts, Stats } from '../../api/proxy/stats';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** The days a period may name (year 0000 made days named "-000001-12-…"). */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2100-12-31';

function badQuery(name: string, message: string): HttpError {
  return new HttpError(400, 'INVALID_QUERY_PARAMETER', `${name}: ${message}`);
}

function dayParam(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!DAY_RE.test(value) || utcDay(Date.parse(`${value}T00:00:00Z`) || 0) !== value) {
    throw badQuery(name, 'must be a UTC day, YYYY-MM-DD');
  }
  if (value < FIRST_DAY || value > LAST_DAY) {
    throw badQuery(name, `must be a UTC day from ${FIRST_DAY} to ${LAST_DAY}`);
  }
  return value;
}

/** The query of a /stats request, checked; the period defaults to the last 30 UTC days. */
export function statsQuery(q: Record<string, string | undefined>, now: number): StatsQuery {
  const to = dayParam('to', q.to) ?? utcDay(now);
  const from =
    dayParam('from', q.from) ?? utcDay(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_STATS_DAYS - 1) * DAY_MS);
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span < 1) throw badQuery('from', 'must not be after to');
  if (span > MAX_STATS_DAYS) throw badQuery('from', `the period is at most ${MAX_STATS_DAYS} days`);
  const country = q.country || undefined;
  if (country !== undefined && !/^[A-Z]{2}$/.test(country)) {
    throw badQuery('country', 'must be an ISO 3166-1 alpha-2 code, e.g. US');
  }
  const partner = q.partner || undefined;
  if (partner !== undefined && !/^[A-Z0-9_]{1,64}$/.test(partner)) {
    throw badQuery('partner', 'must be a service provider code, e.g. BANXA');
  }
  return { fromDay: from, toDay: to, country, partner };
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
  orders: readonly StatsOrderRow[],
  key: (o: StatsOrderRow) => string,
): Map<string, { counts: OutcomeCounts; rows: StatsOrderRow[] }> {
  const groups = new Map<string, { counts: OutcomeCounts; rows: StatsOrderRow[] }>();
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
  // Most orders first, then by name: a stable order for tables and CSV.
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

export async function loadStats(stats: Pick<StatsLedger, 'statsRows'>, q: StatsQuery): Promise<Stats> {
  const { orders, marks } = await stats.statsRows(q);
  const all = countsBy(orders, () => 'all').get('all')?.counts;
  const markTotal = (stage: 'opened' | 'quoted') =>
    q.partner !== undefined ? null : marks.filter((m) => m.stage === stage).reduce((n, m) => n + m.count, 0);

  const days: Stats['days'] = [];
  for (let t = Date.parse(`${q.fromDay}T00:00:00Z`); t <= Date.parse(`${q.toDay}T00:00:00Z`); t += DAY_MS) {
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

  const ended = (rows: readonly StatsOrderRow[]): Ended => {
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
