// Quotes for the current choices: asked only for a complete, valid request, debounced while the
// shopper types, the superseded request aborted, and refreshed before the quotes go stale.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { RampClient, RampError } from '../api';
import { isNoValidQuotes } from '../api';
import type { Quote, QuoteRequest } from '../api/types';
import { useRampClient } from './client';
import { rampKeys } from './keys';
import { retryDelay, retryTransient } from './retry';
import { asRampError } from './view';

export const QUOTE_DEBOUNCE_MS = 350;

export const quoteQueryOptions = (client: RampClient, request: QuoteRequest, refreshMs: number) =>
  queryOptions({
    queryKey: rampKeys.quotes(request),
    // The signal aborts the request once nothing observes it (the shopper changed the amount).
    queryFn: ({ signal }) => client.quote(request, { signal }),
    staleTime: refreshMs,
    gcTime: refreshMs,
    refetchInterval: refreshMs,
    refetchIntervalInBackground: true,
    retry: (count: number, e: unknown) => !isNoValidQuotes(e) && retryTransient(1)(count, e),
    retryDelay,
  });

export interface QuotesView {
  /** Quotes are being asked for the current choices (including the debounce pause). */
  isLoading: boolean;
  /** For the current request, as the service returned them; [] while loading or on error. */
  quotes: Quote[];
  /** When these quotes arrived (ms since epoch), 0 while there are none. */
  receivedAt: number;
  /** When the next refresh is due, while there are quotes. */
  refreshAt?: number;
  /** No partner quotes this request (the NO_VALID_QUOTES error or an empty answer). */
  noValidQuotes: boolean;
  /** Any other failure: the shopper can retry. */
  error: RampError | null;
  /** The last refresh failed: the quotes shown are the previous ones, now out of date. */
  refreshFailed: boolean;
  retry: () => void;
}

/** The request settles after a pause in changes; the first one (and one after none) goes at once. */
function useSettled(request: QuoteRequest | null, delayMs: number): QuoteRequest | null {
  const key = request ? JSON.stringify(request) : null;
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (key === settled) return;
    const timer = setTimeout(() => setSettled(key), key !== null && settled !== null ? delayMs : 0);
    return () => clearTimeout(timer);
  }, [key, settled, delayMs]);
  return useMemo(() => (settled === null ? null : (JSON.parse(settled) as QuoteRequest)), [settled]);
}

export interface QuotesOptions {
  /** False pauses asking (e.g. while a session is being created for the chosen quote). */
  enabled: boolean;
  /**
   * The quotes are on their way another way (with the first data, queries/bootstrap.ts): nothing is
   * asked yet, and they show as loading.
   */
  held?: boolean;
  refreshMs: number;
  debounceMs?: number;
}

export function useQuotes(request: QuoteRequest | null, o: QuotesOptions): QuotesView {
  const client = useRampClient();
  const settled = useSettled(request, o.debounceMs ?? QUOTE_DEBOUNCE_MS);
  const current = settled !== null && JSON.stringify(settled) === JSON.stringify(request);
  const q = useQuery({
    ...quoteQueryOptions(client, settled ?? ({} as QuoteRequest), o.refreshMs),
    enabled: o.enabled && !o.held && settled !== null,
  });
  const data = current ? q.data : undefined;
  const error = current ? asRampError(q.error) : null;
  const none = isNoValidQuotes(error) || (data !== undefined && data.length === 0);
  return {
    isLoading: request !== null && (!current || (q.isPending && (o.enabled || !!o.held))),
    quotes: data ?? [],
    receivedAt: data ? q.dataUpdatedAt : 0,
    refreshAt: data ? q.dataUpdatedAt + o.refreshMs : undefined,
    noValidQuotes: none,
    error: none || data !== undefined ? null : error,
    refreshFailed: data !== undefined && !none && q.isRefetchError,
    retry: () => void q.refetch(),
  };
}
