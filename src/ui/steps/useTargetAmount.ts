// "You get" (a buy's crypto, a sell's fiat) as the shopper's own figure: after the same pause as the
// amount field, the amount to pay is searched from quotes (queries/target.ts) and set as if typed.
// The search's quotes are asked through the quote query, so the one of the amount it settles on is
// already in the cache when the offers ask for it: one entry costs at most three quote requests.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Quote } from '../../api/types';
import { bestQuote, parseAmount, quoteRequest, sourceDecimals } from '../../checkout';
import {
  QUOTE_DEBOUNCE_MS,
  findSourceAmount,
  knownRate,
  quoteQueryOptions,
  useRampClient,
} from '../../queries';
import { useTranslator } from '../i18n';
import { useCheckoutState, useHost } from './context';
import { quoteRefreshMs, useCheckoutData } from './data';

export interface TargetAmount {
  /** What the shopper typed in "You get", while it is their figure (in this direction). */
  text?: string;
  /** The amount to pay for it is being searched. */
  searching: boolean;
  /** The figure lies beyond the route's limit: the amount is held at it. */
  bound?: 'min' | 'max';
  set: (text: string) => void;
  /** The amount paid is the shopper's figure again. */
  clear: () => void;
}

/** `onAmount` receives the amount to pay found for the figure ("123.45"). */
export function useTargetAmount(onAmount: (amount: string) => void): TargetAmount {
  const state = useCheckoutState();
  const data = useCheckoutData();
  const host = useHost();
  const t = useTranslator();
  const qc = useQueryClient();
  const client = useRampClient();
  // The search reads the checkout as it is when the pause ends, not as it was at the keystroke.
  const latest = useRef({ state, data, onAmount });
  useEffect(() => {
    latest.current = { state, data, onAmount };
  });
  const direction = state.selection.direction;
  const [entry, setEntry] = useState<{ text: string; direction: string }>();
  const [done, setDone] = useState<{ target?: number; bound?: 'min' | 'max' }>({});
  const text = entry?.direction === direction ? entry.text : undefined;
  const parsed = text === undefined ? undefined : parseAmount(text, t.locale);
  const target = parsed?.ok ? Number(parsed.value) : 0;

  useEffect(() => {
    if (!(target > 0)) return;
    let live = true;
    const timer = setTimeout(() => {
      const { state, data } = latest.current;
      const { facts, quotes } = data;
      const s = state.selection;
      const buy = s.direction === 'buy';
      const pick = (qs: readonly Quote[]) => bestQuote(qs, state.prefs.quoteSort, state.prefs.ranking);
      const shown = pick(quotes.quotes);
      const rate = knownRate(qc, s.fiatCurrency, s.crypto?.currencyCode);
      // The limits are in fiat: a sell's bounds in crypto go by its rate.
      const perFiat = buy ? 1 : facts.fiatPerCrypto;
      const limit = (v?: number) => (v && perFiat ? v / perFiat : undefined);
      const decimals = sourceDecimals(state, facts);
      void findSourceAmount({
        target,
        perUnit: shown ? shown.sourceAmount / shown.destinationAmount : rate && (buy ? rate : 1 / rate),
        probe: Number(s.amount) || undefined,
        decimals,
        min: limit(facts.limits?.min),
        max: limit(facts.limits?.max),
        deliver: async (source) => {
          const selection = { ...s, amount: source.toFixed(decimals) };
          const request = quoteRequest({ ...state, selection }, facts, { partners: host.partners });
          if (!request || !live) return undefined;
          const options = quoteQueryOptions(client, request, quoteRefreshMs(state));
          return pick(await qc.fetchQuery(options).catch(() => []))?.destinationAmount;
        },
      }).then((r) => {
        if (!live) return;
        setDone({ target, bound: r.bound });
        if (r.amount) latest.current.onAmount(r.amount);
      });
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [target, qc, client, host.partners]);

  return {
    text,
    searching: target > 0 && done.target !== target,
    bound: target > 0 && done.target === target ? done.bound : undefined,
    set: (next) => setEntry({ text: next, direction }),
    clear: () => setEntry(undefined),
  };
}
