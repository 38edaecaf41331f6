// Quote order: best first by the shopper's choice of what "best" means.
import type { Direction, Quote } from '../../api/types';
import type { Text } from './useText';
import { cryptoText, fiatText } from './labels';

export type QuoteSort = 'best' | 'fees' | 'score';
export const QUOTE_SORTS: readonly QuoteSort[] = ['best', 'fees', 'score'];

const fee = (q: Quote) => q.totalFee ?? Number.POSITIVE_INFINITY;
const byGet = (a: Quote, b: Quote) => b.destinationAmount - a.destinationAmount;

const ORDER: Record<QuoteSort, (a: Quote, b: Quote) => number> = {
  // The most received for the same amount paid (the sandbox and upstream price both directions so).
  best: (a, b) => byGet(a, b) || fee(a) - fee(b),
  fees: (a, b) => fee(a) - fee(b) || byGet(a, b),
  score: (a, b) => (b.rampScore ?? -1) - (a.rampScore ?? -1) || byGet(a, b),
};

/** A sorted copy; ties keep the service's order. */
export const sortQuotes = (quotes: readonly Quote[], by: QuoteSort): Quote[] => [...quotes].sort(ORDER[by]);

/** "BANXA: you get 0.0312 ETH for $100.00": the radio's name begins with the partner. */
export function quoteName(q: Quote, direction: Direction, t: Text, cryptoDecimals?: number): string {
  const buy = direction === 'buy';
  const crypto = (amount: number, code: string) => cryptoText(amount, code, t.locale, cryptoDecimals);
  const fiat = (amount: number, code: string) => fiatText(amount, code, t.locale);
  return t('quote.name', {
    partner: q.serviceProvider,
    get: (buy ? crypto : fiat)(q.destinationAmount, q.destinationCurrencyCode),
    pay: (buy ? fiat : crypto)(q.sourceAmount, q.sourceCurrencyCode),
  });
}
