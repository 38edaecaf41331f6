// GET /bootstrap (our proxy's extension): the first screen's data in one round trip, with the first
// quote when the widget opens with one fully chosen. Its parts are written into the per-operation
// cache entries, so the hooks that read those entries find them there instead of asking again.
import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { RampClient } from '../api';
import { bootstrapQuery, readBootstrap } from '../api';
import { BOOTSTRAP_PATH } from '../api/proxy/paths';
import type { Bootstrap, RampBootstrap } from '../api/bootstrap';
import type { Category, QuoteRequest } from '../api/types';
import { DISCOVERY_STALE_MS } from './discovery';
import { rampKeys } from './keys';
import { discoveryRetryDelay, retryDiscovery } from './retry';

/** Seeds the per-operation entries with a bootstrap's parts (never over fresher data). */
export function seedFromBootstrap(qc: QueryClient, category: Category, b: Bootstrap): void {
  const put = (key: readonly unknown[], value: unknown) => {
    if (qc.getQueryData(key) === undefined) qc.setQueryData(key, value);
  };
  put(rampKeys.countries(category), b.countries);
  put(rampKeys.defaults(b.country, category), b.defaults);
  put(rampKeys.currencies(category, b.country, 'FIAT'), b.fiatCurrencies);
  put(rampKeys.currencies(category, b.country, 'CRYPTO'), b.cryptoCurrencies);
  if (b.fiatCurrency) put(rampKeys.paymentMethods(category, b.country, b.fiatCurrency), b.paymentMethods);
  // Found by the quotes query when the checkout's first request is this one (queries/quotes.ts).
  if (b.quote) put(rampKeys.quotes(b.quote.request), b.quote.quotes);
}

/**
 * `country` is a hint (the merchant's option or the browser's region); the server resolves it.
 * `quote`: the quote the widget's options ask for (api/bootstrap.ts openingQuote), brought along.
 */
export const bootstrapQueryOptions = (
  client: RampClient,
  qc: QueryClient,
  category: Category,
  country: string | undefined,
  quote?: QuoteRequest,
) =>
  queryOptions({
    queryKey: rampKeys.bootstrap(category, country, quote),
    queryFn: async ({ signal }) => {
      const b = await client.request('GET', BOOTSTRAP_PATH, {
        query: bootstrapQuery(category, country, quote),
        read: readBootstrap,
        signal,
      });
      seedFromBootstrap(qc, category, b);
      return b;
    },
    staleTime: DISCOVERY_STALE_MS,
    retry: retryDiscovery,
    retryDelay: discoveryRetryDelay,
  });

/**
 * Seeds the bootstrap entry with the page's answer when it answers the request this widget makes
 * (same query), so that request is not made again; anything else (another request, a malformed
 * answer) is left for the network.
 */
export function seedFromPage(
  page: RampBootstrap,
  qc: QueryClient,
  category: Category,
  country: string | undefined,
  quote?: QuoteRequest,
): void {
  try {
    if (
      page.request.split('?')[1] !== new URLSearchParams(bootstrapQuery(category, country, quote)).toString()
    )
      return;
    const b = readBootstrap(page.answer);
    qc.setQueryData(rampKeys.bootstrap(category, country, quote), b);
    seedFromBootstrap(qc, category, b);
  } catch {
    // Malformed: the widget asks for it.
  }
}
