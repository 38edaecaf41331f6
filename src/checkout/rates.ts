// The rate of an offer and what it costs the shopper, in fiat. The markup is measured against the
// market: the median of the offers' rates, so an offer that prices at or better than the middle of
// the market shows none, and the best offer is not the yardstick of every other one.
import type { Direction, Quote } from '../api/types';

/**
 * Fiat per crypto unit the offer applies, fees set aside: the service's `exchangeRate` when given,
 * else derived from the amounts without fees (or the amounts minus the stated fees). 0: unknown.
 */
export function offerRate(q: Quote, direction: Direction): number {
  if (q.exchangeRate !== undefined && Number.isFinite(q.exchangeRate) && q.exchangeRate > 0)
    return q.exchangeRate;
  const fee = q.totalFee ?? 0;
  const rate =
    direction === 'buy'
      ? (q.sourceAmountWithoutFees ?? q.sourceAmount - fee) / q.destinationAmount
      : (q.destinationAmountWithoutFees ?? q.destinationAmount + fee) / q.sourceAmount;
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
}

/** The market reference: the median of the offers' rates (0 when none has one). */
export function marketRate(quotes: readonly Quote[], direction: Direction): number {
  const rates = quotes
    .map((q) => offerRate(q, direction))
    .filter((r) => r > 0)
    .sort((a, b) => a - b);
  if (!rates.length) return 0;
  const mid = rates.length >> 1;
  return rates.length % 2 ? rates[mid]! : (rates[mid - 1]! + rates[mid]!) / 2;
}

export interface OfferCost {
  /** The stated fees, in fiat. */
  fees: number;
  /** What the rate costs beyond the market's, in fiat (never negative). */
  markup: number;
  /** Fees and markup. */
  total: number;
}

/**
 * What an offer costs in fiat: its fees and, when its rate is worse for the shopper than the market's
 * (a buy pays more fiat per unit, a sell gets less), the difference over the crypto traded.
 */
export function offerCost(q: Quote, direction: Direction, market: number): OfferCost {
  const fees = Math.max(0, q.totalFee ?? 0);
  const rate = offerRate(q, direction);
  const crypto = direction === 'buy' ? q.destinationAmount : q.sourceAmount;
  const worse = direction === 'buy' ? rate - market : market - rate;
  const markup = market > 0 && rate > 0 && worse > 0 ? worse * crypto : 0;
  return { fees, markup, total: fees + markup };
}
