// What the data tells the host: fresh quotes (once each) and the failures the shopper is shown
// (each once). Reports only: nothing here reaches the checkout's store.
import { useEffect, useRef } from 'react';
import type { CheckoutHost } from './context';
import type { CheckoutData } from './data';

const NO_VALID_QUOTES = { code: 'NO_VALID_QUOTES', message: 'No valid quotes available for this request' };

export function useDataReports(data: CheckoutData, host: CheckoutHost): void {
  const { discovery: d, quotes } = data;
  const latest = useRef({ quotes: quotes.quotes, host });
  useEffect(() => {
    latest.current = { quotes: quotes.quotes, host };
  });
  const { receivedAt } = quotes;
  useEffect(() => {
    const { quotes: list, host: h } = latest.current;
    if (receivedAt && list.length) h.onSignal({ type: 'quotesUpdated', quotes: list });
  }, [receivedAt]);

  const report = (e: { code: string; message: string } | null) =>
    e && latest.current.host.onSignal({ type: 'error', code: e.code, message: e.message });
  useEffect(() => void report(d.bootstrap.error), [d.bootstrap.error]);
  useEffect(() => void report(quotes.error), [quotes.error]);
  useEffect(() => void report(quotes.noValidQuotes ? NO_VALID_QUOTES : null), [quotes.noValidQuotes]);
}
