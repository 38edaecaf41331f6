// "You get" (a buy's crypto, a sell's fiat) as the shopper's own figure: after the same pause as the
// amount field, the amount to pay is searched from quotes (queries/target.ts) and set as if typed.
// The search's quotes are asked through the quote query, so the one of the amount it settles on is
// already in the cache when the offers ask for it: one entry costs at most three quote requests.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Quote } from '../../api/types';
import { bestQuote, parseAmount, quoteRequest, sourceDecimals } from '../../checkout';
import type { TargetResult } from '../../queries';
import { QUOTE_DEBOUNCE_MS, findSourceAmount, quoteQueryOptions, useRampClient } from '../../queries';
import { useTranslator } from '../i18n';
import { useCheckoutState, useHost } from './context';
import { quoteRefreshMs, useCheckoutData } from './data';

/** `onAmount` receives the amount to pay found for the figure ("123.45"). */
export function useTargetAmount(onAmount: (amount: string) => void) {
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
  /** What the shopper typed in "You get", while it is their figure. */
  const [text, setText] = useState<string>();
  const [done, setDone] = useState<[number, TargetResult['bound']]>();
  const parsed = text === undefined ? undefined : parseAmount(text, t.locale);
  const target = parsed?.ok ? +parsed.value : 0;

  useEffect(() => {
    if (!(target > 0)) return;
    let live = true;
    const timer = setTimeout(() => {
      const { state, data } = latest.current;
      const { facts } = data;
      const s = state.selection;
      const pick = (qs: readonly Quote[]) => bestQuote(qs, state.prefs.quoteSort, state.prefs.ranking);
      const shown = pick(data.quotes.quotes);
      // The limits are in fiat: a sell's bounds in crypto go by its rate.
      const perFiat = s.direction === 'buy' ? 1 : facts.fiatPerCrypto;
      const limit = (v?: number) => (v && perFiat ? v / perFiat : undefined);
      const decimals = sourceDecimals(state, facts);
      void findSourceAmount({
        target,
        decimals,
        perUnit: shown && shown.sourceAmount / shown.destinationAmount,
        probe: +(s.amount ?? 0) || limit(facts.limits?.min),
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
        setDone([target, r.bound]);
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
    /** The amount to pay for it is being searched. */
    searching: target > 0 && done?.[0] !== target,
    /** The figure lies beyond the route's limit: the amount is held at it. */
    bound: done?.[0] === target ? done[1] : undefined,
    set: setText,
    /** The amount paid is the shopper's figure again. */
    clear: () => setText(undefined),
  };
}
