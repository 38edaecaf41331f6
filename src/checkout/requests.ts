// The upstream requests a checkout leads to, built only from a state whose guards hold.
import { subdivisionFits } from '../domain/codes';
import { LOCK_FIELDS } from '../api/types';
import type { LockField, QuoteRequest, SessionRequest } from '../api/types';
import { firstUnmet, selectedQuote, walletTagFor } from './guards';
import type { CheckoutState, Facts, LockableField } from './state';
import { LAST_INPUT_STEP, flowCodes } from './state';

export interface QuoteRequestOptions {
  /** Restrict quotes to these partners (the widget's `partners` option). */
  partners?: readonly string[];
}

/**
 * The quote request for the current choices, or null until every input is valid (country and
 * subdivision, currencies, canonical method, amount). Limits still loading do not hold it back (the
 * routes and the quote travel in parallel); once known, an amount outside them withdraws it.
 */
export function quoteRequest(
  state: CheckoutState,
  facts: Facts,
  options: QuoteRequestOptions = {},
): QuoteRequest | null {
  const s = state.selection;
  const codes = flowCodes(s);
  const unmet = firstUnmet(state, 'amount', facts, undefined, true);
  if (unmet !== undefined || !codes || !s.country || !s.amount || !s.paymentMethod) return null;
  return {
    countryCode: s.country,
    ...(subdivisionFits(s.country, s.subdivision) ? { subdivision: s.subdivision } : {}),
    sourceCurrencyCode: codes.source,
    sourceAmount: Number(s.amount),
    destinationCurrencyCode: codes.destination,
    paymentMethodType: s.paymentMethod,
    ...(options.partners?.length ? { serviceProviders: [...options.partners] } : {}),
  };
}

/**
 * The spec's lockFields for what the merchant fixed (the widget's `lock` option, CONTRACTS §2), so the
 * shopper cannot change on the partner's page what they could not change here. Direction, country
 * and subdivision have no lock in the spec (a session is for one of each anyway).
 */
export function lockFieldsFor(state: CheckoutState): LockField[] {
  const buy = state.selection.direction === 'buy';
  const map: Record<LockableField, readonly LockField[]> = {
    direction: [],
    country: [],
    subdivision: [],
    fiatCurrency: [buy ? 'sourceCurrencyCode' : 'destinationCurrencyCode'],
    // The partner's crypto choice includes the chain: fixing the network fixes the currency it offers.
    cryptoCurrency: ['cryptoCurrency', buy ? 'destinationCurrencyCode' : 'sourceCurrencyCode'],
    network: ['cryptoCurrency'],
    paymentMethod: ['paymentMethodType'],
    // The amount is in the source currency on both directions.
    amount: ['sourceAmount'],
    walletAddress: ['walletAddress'],
  };
  const out = new Set(state.locked.flatMap((f) => map[f]));
  return LOCK_FIELDS.filter((f) => out.has(f));
}

/**
 * The session request (without the server-owned fields) once every step up to the wallet holds,
 * else null. Quote freshness is time-dependent and checked by the machine on SESSION_REQUESTED.
 */
export function sessionRequest(state: CheckoutState, facts: Facts): SessionRequest | null {
  const s = state.selection;
  const codes = flowCodes(s);
  const quote = selectedQuote(state, facts);
  if (firstUnmet(state, LAST_INPUT_STEP, facts) !== undefined || !codes || !s.country || !s.amount || !quote)
    return null;
  const locks = lockFieldsFor(state);
  return {
    sessionType: s.direction === 'buy' ? 'BUY' : 'SELL',
    sessionData: {
      serviceProvider: quote.serviceProvider,
      countryCode: s.country,
      ...(subdivisionFits(s.country, s.subdivision) ? { subdivision: s.subdivision } : {}),
      sourceCurrencyCode: codes.source,
      sourceAmount: s.amount,
      destinationCurrencyCode: codes.destination,
      ...(s.paymentMethod ? { paymentMethodType: s.paymentMethod } : {}),
      ...(s.walletAddress ? { walletAddress: s.walletAddress } : {}),
      ...(s.walletTag && walletTagFor(state) ? { walletTag: s.walletTag } : {}),
      ...(locks.length ? { lockFields: locks } : {}),
    },
  };
}
