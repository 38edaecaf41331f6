// One queryOptions per discovery operation. Discovery data changes rarely: it stays fresh for
// minutes, and transient failures are retried before the shopper sees them.
import { queryOptions } from '@tanstack/react-query';
import type { RampClient } from '../api';
import type { Category, CurrencyType } from '../api/types';
import type { RoutesKeyInput } from './keys';
import { rampKeys } from './keys';
import { discoveryRetryDelay, retryDiscovery } from './retry';

export const DISCOVERY_STALE_MS = 5 * 60_000;

const discovery = {
  staleTime: DISCOVERY_STALE_MS,
  retry: retryDiscovery,
  retryDelay: discoveryRetryDelay,
} as const;

export const countriesQueryOptions = (client: RampClient, category: Category) =>
  queryOptions({
    ...discovery,
    queryKey: rampKeys.countries(category),
    queryFn: ({ signal }) => client.countries({ category }, { signal }),
  });

export const defaultsQueryOptions = (client: RampClient, country: string, category: Category) =>
  queryOptions({
    ...discovery,
    queryKey: rampKeys.defaults(country, category),
    queryFn: ({ signal }) => client.defaults({ country, category }, { signal }),
  });

export const currenciesQueryOptions = (
  client: RampClient,
  category: Category,
  country: string,
  type: CurrencyType,
) =>
  queryOptions({
    ...discovery,
    queryKey: rampKeys.currencies(category, country, type),
    queryFn: ({ signal }) => client.currencies({ category, country, type }, { signal }),
  });

export const paymentMethodsQueryOptions = (
  client: RampClient,
  category: Category,
  country: string,
  currencyCode: string,
) =>
  queryOptions({
    ...discovery,
    queryKey: rampKeys.paymentMethods(category, country, currencyCode),
    queryFn: ({ signal }) => client.paymentMethods({ category, country, currencyCode }, { signal }),
  });

/** Routes in the direction's order (the client builds the path from category, fiat and crypto). */
export const routesQueryOptions = (client: RampClient, r: RoutesKeyInput) =>
  queryOptions({
    ...discovery,
    queryKey: rampKeys.routes(r),
    queryFn: ({ signal }) =>
      client.routes(
        {
          category: r.category,
          country: r.country,
          fiatCurrency: r.fiatCurrency,
          cryptoCurrency: r.cryptoCurrency,
          ...(r.subdivision ? { subdivision: r.subdivision } : {}),
          ...(r.partners?.length ? { partners: r.partners } : {}),
        },
        { signal },
      ),
  });
