// Data → machine: the lists become choices and facts in the checkout (the rules are the checkout's,
// src/checkout/sync.ts; this hook only reads the lists and sends what those rules say), fresh quotes
// are reported, and the failures the shopper is shown are told to the host. Runs for every screen,
// so later lists are prefetched while the shopper is still on an earlier one.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { CheckoutEvent, CheckoutState, SyncLists } from '../../checkout';
import { quoteEvents, syncEvents } from '../../checkout';
import { knownRate } from '../../queries';
import type { CheckoutHost } from './context';
import type { CheckoutData } from './data';
import { subdivisionsOf } from './subdivisions';

export function useCheckoutSync(
  state: CheckoutState,
  data: CheckoutData,
  send: (event: CheckoutEvent) => void,
  host: CheckoutHost,
): void {
  const { discovery: d, quotes } = data;
  const qc = useQueryClient();

  const countries = useMemo(
    () =>
      d.countries.isReady
        ? d.countries.items.map((c) => ({
            countryCode: c.countryCode,
            needsSubdivision: subdivisionsOf(c).length > 0,
          }))
        : undefined,
    [d.countries],
  );
  const lists: SyncLists = {
    countries,
    bootstrapCountry: d.bootstrap.country,
    browserCountry: host.countryHint,
    fiat: d.fiat.isReady ? d.fiat : undefined,
    crypto: d.crypto.isReady ? { options: data.cryptoOptions, chosen: data.crypto } : undefined,
    methods: d.methods.isReady ? d.methods : undefined,
    limits: d.limits,
    rate: knownRate(qc, state.selection.fiatCurrency, state.selection.crypto?.currencyCode),
  };
  // Sent when they change: an event the machine already agrees with changes nothing, so this settles.
  // Before the browser paints (a layout effect): the choices the lists confirm, and the quote they
  // make, show in the same frame as the lists, not one paint later.
  const events = syncEvents(state, lists);
  const due = JSON.stringify(events);
  useLayoutEffect(() => {
    for (const event of JSON.parse(due) as CheckoutEvent[]) send(event);
  }, [due, send]);

  // Fresh quotes, told to the host once each, then to the machine (which takes them while the routes'
  // limits are still loading, as the quote request does).
  const { receivedAt } = quotes;
  const latest = useRef({ quotes: quotes.quotes, host, direction: state.selection.direction });
  useEffect(() => {
    latest.current = { quotes: quotes.quotes, host, direction: state.selection.direction };
  });
  const told = useRef(0);
  useEffect(() => {
    if (!receivedAt) return;
    const { quotes: list, host: h, direction } = latest.current;
    if (!list.length) return;
    if (told.current !== receivedAt) {
      told.current = receivedAt;
      h.onSignal({ type: 'quotesUpdated', quotes: list });
    }
    // Always to the machine: a list seen before (back to an amount already quoted) is selected again.
    for (const event of quoteEvents(direction, list, receivedAt)) send(event);
  }, [receivedAt, send]);

  // Failures the shopper is shown are reported, each once.
  const report = (e: { code: string; message: string } | null) =>
    e && latest.current.host.onSignal({ type: 'error', code: e.code, message: e.message });
  useEffect(() => void report(d.bootstrap.error), [d.bootstrap.error]);
  useEffect(() => void report(quotes.error), [quotes.error]);
  useEffect(() => void report(quotes.noValidQuotes ? NO_VALID_QUOTES : null), [quotes.noValidQuotes]);
}

const NO_VALID_QUOTES = { code: 'NO_VALID_QUOTES', message: 'No valid quotes available for this request' };
