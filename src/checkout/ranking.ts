// Which offer is best: pure rules over the quotes one request returned, so the machine (which
// preselects) and the screens (which list) agree. "Best" is what the shopper gets for what they pay;
// the cost of an offer counts the fees and the rate markup (the value lost against the best rate any
// partner quotes before fees), so "Lowest cost" can never put first the offer that delivers least.
import type { Quote } from '../api/types';

export type QuoteSort = 'best' | 'cost' | 'score';
export const QUOTE_SORTS: readonly QuoteSort[] = ['best', 'cost', 'score'];
/** 'expected': value × how often orders with the partner complete here; 'value': value alone. */
export type Ranking = 'value' | 'expected';
export const RANKINGS: readonly Ranking[] = ['value', 'expected'];
/** Ended orders from which a partner's own completion rate is trusted over the service-wide one. */
export const COMPLETION_MIN_ENDED = 20;

/** The partner's own completion rate here, once enough orders ended; undefined below that. */
export const knownCompletion = (q: Quote): number | undefined =>
  q.completion && q.completion.ended >= COMPLETION_MIN_ENDED ? q.completion.rate : undefined;

/** Destination units per source unit paid (fees included); 0 for an unusable quote. */
export const valueOf = (q: Quote): number =>
  q.sourceAmount > 0 && q.destinationAmount > 0 ? q.destinationAmount / q.sourceAmount : 0;

/**
 * The best rate any of `quotes` applies, fees set aside (destination per source unit): from the
 * amounts without fees when the service gives them, else from what is delivered for what is paid
 * minus the stated fees. Each offer's cost is measured against it.
 */
export function referenceRate(quotes: readonly Quote[]): number {
  let best = 0;
  for (const q of quotes) {
    const src = q.sourceAmountWithoutFees;
    const dst = q.destinationAmountWithoutFees;
    const net = q.sourceAmount - (q.totalFee ?? 0);
    const stated = src && dst && src > 0 && dst > 0 ? dst / src : 0;
    const applied = net > 0 && q.destinationAmount > 0 ? q.destinationAmount / net : 0;
    best = Math.max(best, stated, applied, valueOf(q));
  }
  return best;
}

/**
 * What an offer costs the shopper, in the source currency: what they pay minus what they get,
 * valued at the reference rate. Fees and the markup on the rate both count.
 */
export function quoteCost(q: Quote, reference: number): number {
  if (reference <= 0 || valueOf(q) === 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, q.sourceAmount - q.destinationAmount / reference);
}

/** The markup alone: the cost beyond the stated fees (never negative). */
export function quoteMarkup(q: Quote, reference: number): number {
  const cost = quoteCost(q, reference);
  if (!Number.isFinite(cost)) return 0;
  return Math.max(0, cost - (q.totalFee ?? 0));
}

/**
 * A ranked copy of `quotes`, best first. "best" ranks by value, weighted under 'expected' by the
 * partner's completion rate (the service-wide baseline until it has enough ended orders; 1 for all
 * when no quote carries one); ties go to the higher rampScore, then to a partner used before, then
 * keep the service's order.
 */
export function rankQuotes(
  quotes: readonly Quote[],
  by: QuoteSort = 'best',
  ranking: Ranking = 'expected',
): Quote[] {
  const ref = referenceRate(quotes);
  const baseline = quotes.find((q) => q.completion)?.completion?.baseline ?? 1;
  const weight = (q: Quote) =>
    ranking === 'expected' ? (knownCompletion(q) ?? q.completion?.baseline ?? baseline) : 1;
  const byValue = (a: Quote, b: Quote) => valueOf(b) - valueOf(a);
  const byExpected = (a: Quote, b: Quote) => valueOf(b) * weight(b) - valueOf(a) * weight(a);
  const byScore = (a: Quote, b: Quote) => (b.rampScore ?? -1) - (a.rampScore ?? -1);
  const byUsed = (a: Quote, b: Quote) => +!!b.previouslyUsed - +!!a.previouslyUsed;
  const byCost = (a: Quote, b: Quote) => {
    const d = quoteCost(a, ref) - quoteCost(b, ref);
    return Number.isNaN(d) ? 0 : d;
  };
  const order: Record<QuoteSort, (a: Quote, b: Quote) => number> = {
    best: (a, b) => byExpected(a, b) || byScore(a, b) || byUsed(a, b) || byCost(a, b),
    cost: (a, b) => byCost(a, b) || byValue(a, b),
    score: (a, b) => byScore(a, b) || byValue(a, b),
  };
  return [...quotes].sort(order[by]);
}

/** The first of the ranking, if any. */
export const bestQuote = (
  quotes: readonly Quote[],
  by: QuoteSort = 'best',
  ranking: Ranking = 'expected',
): Quote | undefined => rankQuotes(quotes, by, ranking)[0];
