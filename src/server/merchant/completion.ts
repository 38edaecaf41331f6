// How often each partner's orders complete here: per partner × country × payment method over the last
// 30 days of the ledger (shared by every instance on PostgreSQL), for the widget's ranking (issue 27).
// An order counts once it ended: completed, or failed or abandoned (expired) after its session was
// created (the partner's page opened); a refund is neither. The rate is smoothed toward the baseline
// (every partner's rate for that country and method) by a Beta prior worth PRIOR_ORDERS orders, so a
// handful of orders cannot swing it. Aggregates only leave here: no order, no shopper.
import type { QuoteCompletion } from '../../api/types';
import type { Logger } from '../http/log';
import type { StatsLedger } from '../storage/ledger/ledger';
import type { OrderCountRow } from '../storage/ledger/types';
import { orderOutcome } from './outcome';

/** The window the rates are counted over. */
export const COMPLETION_WINDOW_MS = 30 * 86_400_000;
/** How long one instance keeps the counts before reading the ledger again. */
export const COMPLETION_CACHE_MS = 30_000;
/** How long a quote waits for the ledger's counts before it goes without them. */
export const COMPLETION_WAIT_MS = 300;
/** The prior's weight, in orders at the baseline. */
export const PRIOR_ORDERS = 10;
/** The baseline when nothing has ended at all. */
export const DEFAULT_BASELINE = 0.8;

export interface Ended {
  completed: number;
  ended: number;
}

/** The smoothed completion of `own` against a baseline made of `all` (the one formula). */
export function completionOf(own: Ended, all: Ended): QuoteCompletion {
  const baseline = all.ended === 0 ? DEFAULT_BASELINE : all.completed / all.ended;
  return {
    rate: (own.completed + PRIOR_ORDERS * baseline) / (own.ended + PRIOR_ORDERS),
    ended: own.ended,
    baseline,
  };
}

/** Adds an order of `status` to `into` when it ended (completed, failed or abandoned). */
export function countEnded(into: Ended, status: string, count = 1): void {
  const outcome = orderOutcome(status);
  if (outcome === 'completed') into.completed += count;
  if (outcome === 'completed' || outcome === 'failed' || outcome === 'abandoned') into.ended += count;
}

export interface CompletionRates {
  /**
   * Each partner's completion for this country and payment method; undefined when no order of this
   * country and method has ended (or the ledger cannot be read: a quote never fails for it).
   */
  forRoute(
    country: string,
    method: string | undefined,
  ): Promise<((partner: string) => QuoteCompletion) | undefined>;
}

type Table = Map<string, { all: Ended; partners: Map<string, Ended> }>;

const routeKey = (country: string, method: string | null | undefined) => `${country}\n${method ?? ''}`;

function tableOf(rows: readonly OrderCountRow[]): Table {
  const table: Table = new Map();
  for (const r of rows) {
    const key = routeKey(r.country, r.paymentMethod);
    const route = table.get(key) ?? { all: { completed: 0, ended: 0 }, partners: new Map<string, Ended>() };
    const own = route.partners.get(r.partner) ?? { completed: 0, ended: 0 };
    countEnded(own, r.status, r.count);
    countEnded(route.all, r.status, r.count);
    route.partners.set(r.partner, own);
    table.set(key, route);
  }
  return table;
}

export function createCompletionRates(o: {
  /** Where the counts are read (the ledger once open). */
  stats: () => Promise<Pick<StatsLedger, 'completionCounts'>>;
  now: () => number;
  log: Logger;
}): CompletionRates {
  // The last read, kept COMPLETION_CACHE_MS whatever it gave: a ledger that is down is asked again
  // only then, not by every quote meanwhile.
  let cached: { at: number; table: Promise<Table | undefined> } | undefined;
  const table = (): Promise<Table | undefined> => {
    const at = o.now();
    if (!cached || at - cached.at >= COMPLETION_CACHE_MS) {
      const read = o
        .stats()
        .then(async (s) => tableOf(await s.completionCounts(at - COMPLETION_WINDOW_MS)))
        .catch((e: unknown) => {
          o.log.warn('completion rates not read', { error: e });
          return undefined;
        });
      cached = { at, table: read };
    }
    return cached.table;
  };
  return {
    async forRoute(country, method) {
      // A slow ledger never holds a quote up: past the wait, the quote goes without (the read goes
      // on and serves the next quotes).
      const reading = table();
      const got = await new Promise<Table | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), COMPLETION_WAIT_MS);
        void reading.then((t) => {
          clearTimeout(timer);
          resolve(t);
        });
      });
      const route = got?.get(routeKey(country, method));
      if (!route || route.all.ended === 0) return undefined;
      const { all, partners } = route;
      return (partner) => completionOf(partners.get(partner) ?? { completed: 0, ended: 0 }, all);
    },
  };
}
