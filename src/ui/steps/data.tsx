// The data of the current choices, computed once per widget and shared by the screens: discovery
// lists (prefetched as soon as their inputs are known) and quotes (asked as soon as the request is
// complete, in parallel with the routes that bound the amount).
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Country, Currency } from '../../api/types';
import type { CheckoutState } from '../../checkout';
import { isLocked, quoteRequest } from '../../checkout';
import type { DiscoveryView, QuotesView } from '../../queries';
import { findCrypto, useDiscovery, useQuotes } from '../../queries';
import type { CheckoutHost } from './context';
import { subdivisionsOf } from './subdivisions';

export interface CheckoutData {
  discovery: DiscoveryView;
  quotes: QuotesView;
  /** The chosen country's entry, when the list has it. */
  country?: Country;
  /** ISO 3166-2 codes to pick from ([] when the country needs none). */
  subdivisions: string[];
  /** The crypto list as offered (narrowed to a locked network). */
  cryptoOptions: Currency[];
  /** The chosen crypto's entry. */
  crypto?: Currency;
  fiat?: Currency;
  /** False once the routes are known and serve the chosen payment method nowhere here. */
  methodRouted: boolean;
}

/** Quotes refresh this long before the selected one would expire. */
export const quoteRefreshMs = (state: CheckoutState): number => Math.min(30_000, state.facts.quoteTtlMs / 2);

export function useCheckoutDataSource(state: CheckoutState, host: CheckoutHost): CheckoutData {
  const s = state.selection;
  // Another direction's first data does not bring the quote the options make.
  const opening = host.openingQuote?.direction === s.direction ? host.openingQuote.request : undefined;
  const discovery = useDiscovery({
    direction: s.direction,
    country: s.country,
    subdivision: s.subdivision,
    requiresSubdivision: state.facts.requiresSubdivision,
    fiatCurrency: s.fiatCurrency,
    cryptoCurrency: s.crypto?.currencyCode,
    paymentMethod: s.paymentMethod,
    countryHint: host.countryHint,
    openingQuote: opening,
    partners: host.partners,
    hiddenMethods: host.hiddenMethods,
  });
  const idle = state.launch.phase === 'idle' || state.launch.phase === 'failed';
  // Routes known to serve the chosen method nowhere here: no quote to ask (or keep) for it, as the
  // screen already says "Not available".
  const { methods } = discovery;
  const methodRouted = !methods.isReady || methods.items.some((m) => m.method === s.paymentMethod);
  const quotes = useQuotes(methodRouted ? quoteRequest(state, { partners: host.partners }) : null, {
    // A session in the making is for the chosen quote: a refresh now would change the terms under it.
    enabled: state.step !== 'status' && idle,
    // The opening quote comes with the first data: asking for it beside it would ask twice.
    held: opening !== undefined && !discovery.bootstrap.isSettled,
    refreshMs: quoteRefreshMs(state),
  });
  const country = discovery.countries.items.find((c) => c.countryCode === s.country);
  const network = isLocked(state, 'network') ? s.network : undefined;
  const allCrypto = discovery.crypto.items;
  const cryptoOptions = useMemo(
    () => (network ? allCrypto.filter((c) => c.chainCode === network) : allCrypto),
    [allCrypto, network],
  );
  return {
    discovery,
    quotes,
    country,
    subdivisions: subdivisionsOf(country),
    cryptoOptions,
    crypto: findCrypto(cryptoOptions, s.crypto),
    fiat: discovery.fiat.items.find((c) => c.currencyCode === s.fiatCurrency),
    methodRouted,
  };
}

const DataContext = createContext<CheckoutData | null>(null);

export function CheckoutDataProvider({ value, children }: { value: CheckoutData; children: ReactNode }) {
  return <DataContext.Provider value={value}>{children}</DataContext.Provider>;
}

export function useCheckoutData(): CheckoutData {
  const data = useContext(DataContext);
  if (!data) throw new Error('ramp-checkout: the step screens need a CheckoutDataProvider');
  return data;
}
