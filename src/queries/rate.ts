// The pair's rate from any quote the widget holds, either direction: a sell's default amount is in
// crypto and needs it (a shopper who switches from buy to sell has just seen one). Read from the
// query cache, never copied into the checkout's store.
import type { QueryClient } from '@tanstack/react-query';
import type { Quote } from '../api/types';
import { marketRate } from '../checkout/rates';
import { rampKeys } from './keys';

/** Fiat per crypto unit for `fiat`/`crypto`, the market's middle over the cached quotes; undefined when none. */
export function knownRate(qc: QueryClient, fiat?: string, crypto?: string): number | undefined {
  if (!fiat || !crypto) return undefined;
  const entries = qc.getQueriesData<Quote[]>({ queryKey: [...rampKeys.all, 'quotes'] });
  const quotes = entries.flatMap(([, data]) => data ?? []);
  const buys = quotes.filter((q) => q.sourceCurrencyCode === fiat && q.destinationCurrencyCode === crypto);
  const sells = quotes.filter((q) => q.sourceCurrencyCode === crypto && q.destinationCurrencyCode === fiat);
  const rate = marketRate(sells, 'sell') || marketRate(buys, 'buy');
  return rate > 0 ? rate : undefined;
}
