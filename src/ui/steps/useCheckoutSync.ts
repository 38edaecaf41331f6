// Data → machine: what the lists say becomes choices and facts in the checkout. The defaults the
// description prescribes are filled in (the country's default, else the first entry), choices a
// list no longer offers are replaced (unless the merchant locked them), and the limits, decimals,
// exchange rate and the quotes are reported (the machine picks the offer). Runs for every step, so later lists are
// prefetched while the shopper is still on an earlier screen.
import { useEffect, useRef } from 'react';
import type { AmountLimits, CheckoutEvent, CheckoutState } from '../../checkout';
import { isLocked } from '../../checkout';
import type { CheckoutHost } from './context';
import type { CheckoutData } from './data';
import { subdivisionsOf } from './subdivisions';

export function useCheckoutSync(
  state: CheckoutState,
  data: CheckoutData,
  send: (event: CheckoutEvent) => void,
  host: CheckoutHost,
): void {
  const s = state.selection;
  const { discovery: d, quotes } = data;
  const tracking = state.step === 'status';
  const locked = (f: Parameters<typeof isLocked>[1]) => isLocked(state, f);

  // Country: the chosen one when this direction supports it, else the resolved (browser or default) one.
  const countryLocked = locked('country');
  const requiresSubdivision = state.context.requiresSubdivision;
  useEffect(() => {
    if (tracking || !d.countries.isReady) return;
    const chosen = d.countries.items.find((c) => c.countryCode === s.country);
    const target =
      chosen ??
      (s.country && countryLocked
        ? undefined
        : (d.countries.items.find((c) => c.countryCode === d.bootstrap.country) ?? d.countries.items[0]));
    if (!target) return;
    const needs = subdivisionsOf(target).length > 0;
    if (target !== chosen || needs !== requiresSubdivision)
      send({ type: 'SET_COUNTRY', country: target.countryCode, requiresSubdivision: needs });
  }, [tracking, d.countries, d.bootstrap.country, s.country, countryLocked, requiresSubdivision, send]);

  // Fiat: the country's default, else the first; its decimals as a fact.
  const fiatLocked = locked('fiatCurrency');
  const fiatDecimals = state.context.fiatDecimals;
  useEffect(() => {
    if (tracking || !d.fiat.isReady) return;
    const chosen = d.fiat.items.find((c) => c.currencyCode === s.fiatCurrency);
    const target = chosen ?? (s.fiatCurrency && fiatLocked ? undefined : d.fiat.preferred);
    if (target && (target !== chosen || target.decimalPlaces !== fiatDecimals))
      send({ type: 'SET_FIAT', fiatCurrency: target.currencyCode, decimals: target.decimalPlaces });
  }, [tracking, d.fiat, s.fiatCurrency, fiatLocked, fiatDecimals, send]);

  // Crypto: the chosen one completed with its chain, contract and decimals; else the first (on the
  // merchant's network when one was given).
  const cryptoLocked = locked('cryptoCurrency');
  const cryptoDecimals = state.context.cryptoDecimals;
  const { crypto: entry, cryptoOptions } = data;
  useEffect(() => {
    if (tracking || !d.crypto.isReady) return;
    const target =
      entry ??
      (s.crypto && cryptoLocked
        ? undefined
        : (cryptoOptions.find((c) => !s.network || c.chainCode === s.network) ?? cryptoOptions[0]));
    if (!target) return;
    const same =
      target === entry &&
      target.chainCode === s.crypto?.chainCode &&
      (target.contract ?? '').toLowerCase() === (s.crypto?.contract ?? '').toLowerCase() &&
      target.decimalPlaces === cryptoDecimals;
    if (!same)
      send({
        type: 'SET_CRYPTO',
        crypto: { currencyCode: target.currencyCode, chainCode: target.chainCode, contract: target.contract },
        decimals: target.decimalPlaces,
      });
  }, [
    tracking,
    d.crypto.isReady,
    entry,
    cryptoOptions,
    s.crypto,
    s.network,
    cryptoLocked,
    cryptoDecimals,
    send,
  ]);

  // Payment method: only one a route serves; the country's default, else the first.
  const methodLocked = locked('paymentMethod');
  const offered = d.methods.isReady && d.methods.items.some((m) => m.method === s.paymentMethod);
  const preferredMethod = d.methods.preferred?.method;
  useEffect(() => {
    if (tracking || !d.methods.isReady || offered || (s.paymentMethod && methodLocked)) return;
    if (preferredMethod) send({ type: 'SET_PAYMENT_METHOD', method: preferredMethod });
  }, [tracking, d.methods.isReady, offered, s.paymentMethod, methodLocked, preferredMethod, send]);

  // Limits of the chosen method across partners.
  const limitsKey = offered && d.limits !== undefined ? JSON.stringify(d.limits) : undefined;
  useEffect(() => {
    if (tracking || limitsKey === undefined) return;
    send({ type: 'SET_LIMITS', limits: JSON.parse(limitsKey) as AmountLimits | null });
  }, [tracking, limitsKey, send]);

  // Fresh quotes: the rate that checks a sell amount, the host told, and the machine given the list
  // (it renews the picked offer or selects the best). Quotes may arrive before the routes' limits:
  // the list is given again when the limits become known.
  const { receivedAt } = quotes;
  const limitsKnown = state.context.limits !== undefined;
  const latest = useRef({ quotes: quotes.quotes, host, direction: s.direction });
  useEffect(() => {
    latest.current = { quotes: quotes.quotes, host, direction: s.direction };
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
    if (direction === 'sell') {
      const rates = list.filter((q) => q.sourceAmount > 0).map((q) => q.destinationAmount / q.sourceAmount);
      if (rates.length) send({ type: 'SET_RATE', fiatPerCrypto: Math.max(...rates) });
    }
    send({ type: 'QUOTES_RECEIVED', quotes: list, at: receivedAt });
  }, [receivedAt, limitsKnown, send]);

  // Failures the shopper is shown are reported, each once.
  const report = (e: { code: string; message: string } | null) =>
    e && latest.current.host.onSignal({ type: 'error', code: e.code, message: e.message });
  useEffect(() => void report(d.bootstrap.error), [d.bootstrap.error]);
  useEffect(() => void report(quotes.error), [quotes.error]);
  useEffect(() => void report(quotes.noValidQuotes ? NO_VALID_QUOTES : null), [quotes.noValidQuotes]);
}

const NO_VALID_QUOTES = { code: 'NO_VALID_QUOTES', message: 'No valid quotes available for this request' };
