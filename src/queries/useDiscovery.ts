// The discovery view model of a checkout: every list the steps show, for the current choices, with
// the defaults the description prescribes. Each list is fetched as soon as its inputs are known
// (so calling this hook at the top of the widget prefetches what later steps need); the first
// screen's lists come from one /bootstrap call.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RampError } from '../api';
import { categoryOf } from '../api/types';
import type {
  Country,
  CountryDefault,
  Currency,
  Direction,
  Limits,
  PaymentMethod,
  QuoteRequest,
  Route,
} from '../api/types';
import { bootstrapQueryOptions } from './bootstrap';
import { useRampClient } from './client';
import {
  countriesQueryOptions,
  currenciesQueryOptions,
  defaultsQueryOptions,
  paymentMethodsQueryOptions,
  routesQueryOptions,
} from './discovery';
import { methodLimits, offeredMethods, preferredFiat, preferredMethod } from './offers';
import type { ListView } from './view';
import { asRampError, listView } from './view';

export interface DiscoveryInput {
  direction: Direction;
  country?: string;
  subdivision?: string;
  /**
   * Whether the chosen country, given its entry in the list once known, needs a subdivision: routes
   * wait for it then (availability differs by state).
   */
  needsSubdivision: (entry: Country | undefined) => boolean;
  fiatCurrency?: string;
  cryptoCurrency?: string;
  /** Canonical method whose limits to compute. */
  paymentMethod?: string;
  /** Sent to /bootstrap: the merchant's country option or the browser's region. */
  countryHint?: string;
  /** The quote the widget opens with, when its options make one (api/bootstrap.ts): asked with the bootstrap. */
  openingQuote?: QuoteRequest;
  /** Only routes of these partners. */
  partners?: readonly string[];
  /** Methods this device cannot pay with (Apple Pay without an Apple Pay wallet): never offered. */
  hiddenMethods?: readonly string[];
}

export interface DiscoveryView {
  bootstrap: { isSettled: boolean; country?: string; error: RampError | null; retry: () => void };
  /**
   * The chosen country, when the direction does not serve it (nothing is asked for it), and whether
   * the other direction does (undefined while unknown).
   */
  unsupported?: { country: string; otherDirection?: boolean };
  /** Some list failed after its own retries: this asks every failed one again at once. */
  retryFailed?: () => void;
  countries: ListView<Country>;
  /** undefined while unknown; null when the country has no default. */
  defaults: CountryDefault | null | undefined;
  fiat: ListView<Currency> & { preferred?: Currency };
  crypto: ListView<Currency>;
  routes: ListView<Route>;
  /** Methods with a route for the pair; `isReady` once both lists are known. */
  methods: ListView<PaymentMethod> & {
    preferred?: PaymentMethod;
    /** Routes are known and serve nothing here: "not available". */
    unavailable: boolean;
  };
  /** Bounds of `paymentMethod` across partners; undefined while routes are unknown. */
  limits: Limits | null | undefined;
}

export function useDiscovery(input: DiscoveryInput): DiscoveryView {
  const client = useRampClient();
  const qc = useQueryClient();
  const category = categoryOf(input.direction);
  const { country, fiatCurrency, cryptoCurrency } = input;

  const boot = useQuery(bootstrapQueryOptions(client, qc, category, input.countryHint, input.openingQuote));
  // Until the bootstrap answers, its parts are on the way: asking for them again would double the traffic.
  const settled = boot.isSuccess || boot.isError;

  const countriesQ = useQuery({ ...countriesQueryOptions(client, category), enabled: settled });
  // A country the direction does not serve is said by name; nothing is asked for it.
  const served = !!country && !!countriesQ.data?.some((c) => c.countryCode === country);
  const unserved = !!country && countriesQ.data !== undefined && !served;
  const other = categoryOf(input.direction === 'buy' ? 'sell' : 'buy');
  const otherQ = useQuery({ ...countriesQueryOptions(client, other), enabled: unserved });
  const hasCountry = settled && served;
  const defaultsQ = useQuery({
    ...defaultsQueryOptions(client, country ?? '', category),
    enabled: hasCountry,
  });
  const fiatQ = useQuery({
    ...currenciesQueryOptions(client, category, country ?? '', 'FIAT'),
    enabled: hasCountry,
  });
  const cryptoQ = useQuery({
    ...currenciesQueryOptions(client, category, country ?? '', 'CRYPTO'),
    enabled: hasCountry,
  });
  const hasFiat = hasCountry && !!fiatCurrency;
  const methodsQ = useQuery({
    ...paymentMethodsQueryOptions(client, category, country ?? '', fiatCurrency ?? ''),
    enabled: hasFiat,
  });
  // Routes are no part of the bootstrap: they go as soon as the pair is known (with prefilled
  // options, alongside the bootstrap and the quote).
  const needsSubdivision = input.needsSubdivision(countriesQ.data?.find((c) => c.countryCode === country));
  const routesReady =
    !!country && !!fiatCurrency && !!cryptoCurrency && (!needsSubdivision || !!input.subdivision);
  const routesQ = useQuery({
    ...routesQueryOptions(client, {
      category,
      country: country ?? '',
      fiatCurrency: fiatCurrency ?? '',
      cryptoCurrency: cryptoCurrency ?? '',
      subdivision: input.subdivision,
      partners: input.partners,
    }),
    enabled: routesReady,
  });

  const fiat = listView(fiatQ, hasCountry);
  const routes = listView(routesQ, routesReady);
  const listed = listView(methodsQ, hasFiat);
  const hidden = input.hiddenMethods;
  const offered =
    routes.isReady && listed.isReady
      ? offeredMethods(listed.items, routes.items).filter((m) => !hidden?.includes(m.method))
      : [];
  const defaults = defaultsQ.data;

  const queries = [boot, countriesQ, defaultsQ, fiatQ, cryptoQ, methodsQ, routesQ];
  const failed = queries.filter((q) => q.isError && q.data === undefined);
  return {
    ...(unserved && country
      ? {
          unsupported: {
            country,
            otherDirection: otherQ.data ? otherQ.data.some((c) => c.countryCode === country) : undefined,
          },
        }
      : {}),
    ...(failed.length
      ? { retryFailed: () => failed.forEach((q) => void q.refetch({ cancelRefetch: false })) }
      : {}),
    bootstrap: {
      isSettled: settled,
      country: boot.data?.country,
      error: asRampError(boot.error),
      retry: () => void boot.refetch(),
    },
    countries: listView(countriesQ, settled),
    defaults,
    fiat: { ...fiat, preferred: preferredFiat(fiat.items, defaults) },
    crypto: listView(cryptoQ, hasCountry),
    routes,
    methods: {
      isReady: routes.isReady && listed.isReady,
      isLoading: routes.isLoading || listed.isLoading,
      items: offered,
      error: routes.error ?? listed.error,
      retry: () => {
        if (routes.error) routes.retry();
        if (listed.error) listed.retry();
      },
      preferred: preferredMethod(offered, defaults),
      unavailable: routes.isReady && listed.isReady && offered.length === 0,
    },
    limits:
      routes.isReady && input.paymentMethod && fiatCurrency
        ? methodLimits(routes.items, input.paymentMethod, fiatCurrency)
        : undefined,
  };
}
