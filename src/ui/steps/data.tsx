// The data of the current choices, computed once per widget and shared by the screens: discovery
// lists (prefetched as soon as their inputs are known) and quotes (asked as soon as the request is
// complete, in parallel with the routes that bound the amount). What the machine's guards need of it
// (limits, decimals, the rate, the quotes) is read here as `facts` and goes with each event the
// screens send; it is never copied into the checkout's store.
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { Country, Currency, Quote } from '../../api/types';
import type { CheckoutEvent, CheckoutState, Facts } from '../../checkout';
import { NO_FACTS, isLocked, needsSubdivision, quoteRequest, selectedQuote } from '../../checkout';
import type { DiscoveryView, QuotesView } from '../../queries';
import { findCrypto, knownRate, useDiscovery, useQuotes } from '../../queries';
import type { CheckoutHost } from './context';
import { useCheckoutStore } from './context';
import { subdivisionsOf } from './subdivisions';

export interface CheckoutData {
  discovery: DiscoveryView;
  quotes: QuotesView;
  /** What the data says about the current choices, for the machine's guards. */
  facts: Facts;
  /** The chosen offer: the picked partner's quote, else the best by the shopper's ranking. */
  quote?: Quote;
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
export const quoteRefreshMs = (state: CheckoutState): number => Math.min(30_000, state.prefs.quoteTtlMs / 2);

/** The best fiat per crypto unit a sell quote gives (checks a crypto amount against fiat limits). */
function sellRate(quotes: readonly Quote[]): number | undefined {
  const rates = quotes.filter((q) => q.sourceAmount > 0).map((q) => q.destinationAmount / q.sourceAmount);
  return rates.length ? Math.max(...rates) : undefined;
}

export function useCheckoutDataSource(state: CheckoutState, host: CheckoutHost): CheckoutData {
  const s = state.selection;
  const qc = useQueryClient();
  // Another direction's first data does not bring the quote the options make.
  const opening = host.openingQuote?.direction === s.direction ? host.openingQuote.request : undefined;
  const discovery = useDiscovery({
    direction: s.direction,
    country: s.country,
    subdivision: s.subdivision,
    needsSubdivision: (entry) =>
      entry ? subdivisionsOf(entry).length > 0 : needsSubdivision(state, NO_FACTS),
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
  const offered = methods.items.some((m) => m.method === s.paymentMethod);
  const methodRouted = !methods.isReady || offered;
  const country = discovery.countries.items.find((c) => c.countryCode === s.country);
  const network = isLocked(state, 'network') ? s.network : undefined;
  const allCrypto = discovery.crypto.items;
  const cryptoOptions = useMemo(
    () => (network ? allCrypto.filter((c) => c.chainCode === network) : allCrypto),
    [allCrypto, network],
  );
  const crypto = findCrypto(cryptoOptions, s.crypto);
  const fiat = discovery.fiat.items.find((c) => c.currencyCode === s.fiatCurrency);
  const discovered: Facts = {
    ...(country ? { requiresSubdivision: subdivisionsOf(country).length > 0 } : {}),
    // The limits of a method the routes offer (one about to be replaced has none to follow).
    ...(methods.isReady && offered ? { limits: discovery.limits } : {}),
    ...(fiat ? { fiatDecimals: fiat.decimalPlaces } : {}),
    ...(crypto ? { cryptoDecimals: crypto.decimalPlaces } : {}),
    ...(s.direction === 'sell'
      ? { fiatPerCrypto: knownRate(qc, s.fiatCurrency, s.crypto?.currencyCode) }
      : {}),
  };
  const quotes = useQuotes(
    methodRouted ? quoteRequest(state, discovered, { partners: host.partners }) : null,
    {
      // A session in the making is for the chosen quote: a refresh now would change the terms under it.
      enabled: state.step !== 'status' && idle,
      // The opening quote comes with the first data: asking for it beside it would ask twice.
      held: opening !== undefined && !discovery.bootstrap.isSettled,
      refreshMs: quoteRefreshMs(state),
    },
  );
  // Quotes not known yet while the current request's are on their way.
  const known = !(quotes.isLoading && !quotes.receivedAt);
  const facts: Facts = {
    ...discovered,
    ...(s.direction === 'sell' && sellRate(quotes.quotes) ? { fiatPerCrypto: sellRate(quotes.quotes) } : {}),
    ...(known ? { quotes: quotes.quotes } : {}),
    ...(quotes.receivedAt ? { quotesAt: quotes.receivedAt } : {}),
  };
  return {
    discovery,
    quotes,
    facts,
    quote: selectedQuote(state, facts),
    country,
    subdivisions: subdivisionsOf(country),
    cryptoOptions,
    crypto,
    fiat,
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

/** Sends an event to the machine with what the data says now (its guards judge by it). */
export function useSend(): (event: CheckoutEvent) => void {
  const store = useCheckoutStore();
  const { facts } = useCheckoutData();
  return useCallback((event) => store.getState().send(event, facts), [store, facts]);
}
