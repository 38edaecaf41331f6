// GET /api/ramp/stats: how the checkout is doing over a period of UTC days, from the ledger (shared
// by every instance, so any instance answers the same): the funnel from opened to completed, and per
// partner, country and payment method the orders and their outcomes; completed volume per currency
// and day. Counts and sums only: no reference, customer, wallet or address leaves here.
import { HttpError } from '../http/errors';
import type { StatsLedger } from '../storage/ledger/ledger';
import type { OrderCountRow, StatsQuery, StatsVolumeRow } from '../storage/ledger/types';
import { completionOf, countEnded } from './completion';
import type { Ended } from './completion';
import { addDecimal } from './decimal-sum';
import { orderOutcome } from './outcome';

/** What /stats reads of the ledger: its grouped reads of a period. */
export type StatsReads = Pick<StatsLedger, 'counts' | 'volume' | 'medianSecondsToComplete'>;

const DAY_MS = 86_400_000;
/** The default period: the last 30 UTC days, today included. */
export const DEFAULT_STATS_DAYS = 30;
/** The longest period one request may ask for. */
export const MAX_STATS_DAYS = 366;

export type { OutcomeCounts, Stats, VolumeSeries } from '../../api/proxy/stats';
import type { OutcomeCounts, Stats, VolumeSeries } from '../../api/proxy/stats';

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

interface Group {
  counts: OutcomeCounts;
  /** Its ended orders, for the ranking's completion (merchant/completion.ts). */
  ended: Ended;
}

/** The counted orders by `key`, most orders first, then by name: a stable order for tables and CSV. */
function countsBy(rows: readonly OrderCountRow[], key: (r: OrderCountRow) => string): [string, Group][] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k) ?? {
      counts: { orders: 0, completed: 0, failed: 0, abandoned: 0, completionRate: null },
      ended: { completed: 0, ended: 0 },
    };
    g.counts.orders += r.count;
    const outcome = orderOutcome(r.status);
    if (outcome === 'completed' || outcome === 'failed' || outcome === 'abandoned')
      g.counts[outcome] += r.count;
    countEnded(g.ended, r.status, r.count);
    groups.set(k, g);
  }
  for (const { counts } of groups.values()) counts.completionRate = rate(counts.completed, counts.orders);
  return [...groups].sort(([a, x], [b, y]) => y.counts.orders - x.counts.orders || a.localeCompare(b));
}

function volumeOf(rows: readonly StatsVolumeRow[]): VolumeSeries[] {
  const byCurrency = new Map<string, StatsVolumeRow[]>();
  for (const r of rows) {
    const days = byCurrency.get(r.currency) ?? [];
    days.push(r);
    byCurrency.set(r.currency, days);
  }
  return [...byCurrency]
    .map(([currency, days]) => ({
      currency,
      total: days.map((d) => d.amount).reduce(addDecimal, '0'),
      days: days.map(({ day, amount }) => ({ day, amount })).sort((a, b) => a.day.localeCompare(b.day)),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The answer of one /stats request, from the ledger's grouped reads (a few rows per day, partner,
 * country, method and currency, whatever the number of orders).
 */
export async function loadStats(stats: StatsReads, q: StatsQuery): Promise<Stats> {
  const { days: dayCounts, groups, marks } = await stats.counts(q);
  const completed = [...new Set(dayCounts.map((d) => d.status))].filter(
    (s) => orderOutcome(s) === 'completed',
  );
  const volume = await stats.volume(q, completed);
  const medians = await stats.medianSecondsToComplete(q);

  const all = countsBy(groups, () => 'all')[0]?.[1];
  const allEnded = all?.ended ?? { completed: 0, ended: 0 };
  const markTotal = (stage: 'opened' | 'quoted') =>
    q.partner !== undefined ? null : marks.filter((m) => m.stage === stage).reduce((n, m) => n + m.count, 0);

  const days: Stats['days'] = [];
  for (let t = Date.parse(`${q.fromDay}T00:00:00Z`); t <= Date.parse(`${q.toDay}T00:00:00Z`); t += DAY_MS) {
    days.push({ day: utcDay(t), orders: 0, completed: 0 });
  }
  const dayIndex = new Map(days.map((d, i) => [d.day, i]));
  for (const r of dayCounts) {
    const d = days[dayIndex.get(r.day)!]!;
    d.orders += r.count;
    if (orderOutcome(r.status) === 'completed') d.completed += r.count;
  }

  return {
    from: q.fromDay,
    to: q.toDay,
    country: q.country ?? null,
    partner: q.partner ?? null,
    funnel: {
      opened: markTotal('opened'),
      quoted: markTotal('quoted'),
      sessions: all?.counts.orders ?? 0,
      completed: all?.counts.completed ?? 0,
      failed: all?.counts.failed ?? 0,
      abandoned: all?.counts.abandoned ?? 0,
    },
    byPartner: countsBy(groups, (r) => r.partner).map(([partner, g]) => ({
      partner,
      ...g.counts,
      medianSecondsToComplete: medians.get(partner) ?? null,
      completion: completionOf(g.ended, allEnded),
    })),
    byCountry: countsBy(groups, (r) => r.country).map(([country, g]) => ({ country, ...g.counts })),
    byMethod: countsBy(groups, (r) => r.paymentMethod ?? 'UNKNOWN').map(([method, g]) => ({
      method,
      ...g.counts,
    })),
    days,
    volume: {
      fiat: volumeOf(volume.filter((v) => v.side === 'fiat')),
      crypto: volumeOf(volume.filter((v) => v.side === 'crypto')),
    },
  };
}

/** How many /stats reads of different periods or filters run at once; more wait their turn. */
export const MAX_STATS_READS = 2;

/**
 * /stats reads as the console makes them: a request for the period and filters of a read still
 * running shares that read (a dashboard reloaded, several tabs, the same alert opened by a team);
 * reads of different ones run MAX_STATS_READS at a time, the rest in turn. Nothing is kept after.
 */
export function statsReads(): (stats: StatsReads, q: StatsQuery) => Promise<Stats> {
  const running = new Map<string, Promise<Stats>>();
  let slots = MAX_STATS_READS;
  const waiting: (() => void)[] = [];
  const take = async () => {
    if (slots > 0) slots -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A freed slot goes straight to the next in line, so no newcomer can slip in between.
  const give = () => {
    const next = waiting.shift();
    if (next) next();
    else slots += 1;
  };
  return (stats, q) => {
    const key = JSON.stringify([q.fromDay, q.toDay, q.country ?? null, q.partner ?? null]);
    let read = running.get(key);
    if (!read) {
      read = (async () => {
        await take();
        try {
          return await loadStats(stats, q);
        } finally {
          give();
          running.delete(key);
        }
      })();
      running.set(key, read);
    }
    return read;
  };
}
