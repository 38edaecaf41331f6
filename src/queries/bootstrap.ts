// GET /bootstrap (our proxy's extension): the first screen's data in one round trip. Its parts are
// written into the per-operation cache entries, so the hooks that read those entries find them
// there instead of asking again.
import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { RampClient } from '../api';
import { readBootstrap } from '../api';
import type { Bootstrap } from '../api';
import type { Category } from '../api/types';
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
}

/** `country` is a hint (the merchant's option or the browser's region); the server resolves it. */
export const bootstrapQueryOptions = (
  client: RampClient,
  qc: QueryClient,
  category: Category,
  country: string | undefined,
) =>
  queryOptions({
    queryKey: rampKeys.bootstrap(category, country),
    queryFn: async ({ signal }) => {
      const b = await client.request('GET', '/bootstrap', {
        query: { category, country },
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
