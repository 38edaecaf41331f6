// What must hold to leave each step. The machine checks them cumulatively: a step can be left only
// when it and every step before it hold, so no path reaches launch with a bad amount, quote or wallet.
import type { Quote } from '../api/types';
import { subdivisionFits } from '../domain/codes';
import { validateAmount } from './amount';
import type { AmountRules } from './amount';
import { validateAddress } from '../domain/address';
import { validateWalletTag, walletTagRule } from '../domain/wallet-tag';
import { bestQuote } from './ranking';
import type { CheckoutState, Facts, Selection, Step } from './state';
import { LAST_INPUT_STEP, STEPS, chainOf, screenOf, flowCodes, sourceDecimals, stepIndex } from './state';

/** ok; pending: waiting for a fact the data will tell (limits, quotes); failed: the shopper must act. */
export type GuardStatus = 'ok' | 'pending' | 'failed';

export const amountRules = (state: CheckoutState, facts: Facts): AmountRules => ({
  direction: state.selection.direction,
  limits: facts.limits,
  fiatPerCrypto: facts.fiatPerCrypto,
  decimals: sourceDecimals(state, facts),
});

function amountStatus(state: CheckoutState, facts: Facts): GuardStatus {
  const { amount } = state.selection;
  if (amount === undefined || !validateAmount(amount, amountRules(state, facts)).ok) return 'failed';
  // An amount can only be judged against known limits (null = none published).
  return facts.limits === undefined ? 'pending' : 'ok';
}

/** The country needs a subdivision: as the data says, else as the options said of the prefilled one. */
export const needsSubdivision = (state: CheckoutState, facts: Facts): boolean =>
  facts.requiresSubdivision ??
  (state.selection.country === state.prefill.country && state.prefillNeedsSubdivision === true);

const quoteFits = (s: Selection, q: Quote): boolean => {
  const codes = flowCodes(s);
  return (
    !!codes &&
    typeof q.serviceProvider === 'string' &&
    q.serviceProvider !== '' &&
    q.sourceCurrencyCode?.toUpperCase() === codes.source &&
    q.destinationCurrencyCode?.toUpperCase() === codes.destination
  );
};

/**
 * The chosen offer among the facts' quotes: the picked partner's, else the best by the shopper's
 * ranking; none while the quote request is incomplete or invalid (an amount the limits reject).
 */
export function selectedQuote(state: CheckoutState, facts: Facts): Quote | undefined {
  if (!facts.quotes?.length || firstUnmet(state, 'amount', facts, undefined, true) !== undefined) return;
  const usable = facts.quotes.filter((q) => quoteFits(state.selection, q));
  const picked = state.selection.offer;
  return picked
    ? usable.find((q) => q.serviceProvider === picked)
    : bestQuote(usable, state.prefs.quoteSort, state.prefs.ranking);
}

/** An offer is chosen for the current choices and, when `at` is given, its quotes are still fresh then. */
function quoteStatus(state: CheckoutState, facts: Facts, at: number | undefined): GuardStatus {
  if (facts.quotes === undefined) return 'pending';
  if (!selectedQuote(state, facts)) return 'failed';
  if (at !== undefined && at - (facts.quotesAt ?? at) > state.prefs.quoteTtlMs) return 'failed';
  return 'ok';
}

/** A buy of a crypto whose chain needs a destination tag / memo has a valid one; others need none. */
function walletTagStatus(state: CheckoutState): boolean {
  const rule = walletTagFor(state);
  return !rule || validateWalletTag(state.selection.walletTag ?? '', rule).ok;
}

/** The tag rule the wallet step asks for: only on a buy (the crypto is delivered to the shopper). */
export const walletTagFor = (state: CheckoutState) =>
  state.selection.direction === 'buy'
    ? walletTagRule(state.selection.crypto?.currencyCode, state.selection.crypto?.chainCode)
    : undefined;

/** The guard of one step; `at` adds the time-dependent check (quote freshness). */
export function guardStatus(state: CheckoutState, step: Step, facts: Facts, at?: number): GuardStatus {
  const s = state.selection;
  switch (step) {
    case 'direction':
      return state.directions.includes(s.direction) ? 'ok' : 'failed';
    case 'country':
      return s.country && (!needsSubdivision(state, facts) || subdivisionFits(s.country, s.subdivision))
        ? 'ok'
        : 'failed';
    case 'currencies':
      return s.fiatCurrency && s.crypto ? 'ok' : 'failed';
    case 'paymentMethod':
      return s.paymentMethod ? 'ok' : 'failed';
    case 'amount':
      return amountStatus(state, facts);
    case 'quotes':
      return quoteStatus(state, facts, at);
    case 'wallet':
      return validateAddress(s.walletAddress ?? '', chainOf(s)).ok && walletTagStatus(state)
        ? 'ok'
        : 'failed';
    case 'launch':
    case 'status':
      return 'ok';
  }
}

/**
 * The first step up to and including `through` whose guard does not hold (`pending` counts as not
 * holding unless `allowPending`), or undefined when all hold.
 */
export function firstUnmet(
  state: CheckoutState,
  through: Step,
  facts: Facts,
  at?: number,
  allowPending = false,
): Step | undefined {
  const last = stepIndex(through);
  return STEPS.find((step, i) => {
    if (i > last) return false;
    const status = guardStatus(state, step, facts, at);
    return status === 'failed' || (status === 'pending' && !allowPending);
  });
}

/** Everything a session needs holds at `at`: the launch guard. */
export const readyToLaunch = (state: CheckoutState, facts: Facts, at: number): boolean =>
  firstUnmet(state, LAST_INPUT_STEP, facts, at) === undefined;

/** What a step asks, read from the selection: a screen of prefilled answers is passed without a question. */
const ANSWER: Partial<Record<Step, (s: Selection) => unknown>> = {
  wallet: (s) => s.walletAddress,
};

/**
 * A step the screens pass over: skipped (fixed by the merchant) and holding, or answered by the
 * merchant's prefill (no `lock` needed) and holding.
 */
export function passedOver(state: CheckoutState, step: Step, facts: Facts, at?: number): boolean {
  if (guardStatus(state, step, facts, at) !== 'ok') return false;
  if (state.skipped.includes(step)) return true;
  const read = ANSWER[step];
  const value = read?.(state.selection);
  return value !== undefined && read?.(state.prefill) === value;
}

/** The step the screen's Back leads to: the last of the previous screen that asks something. */
export function previousScreenStep(state: CheckoutState, facts: Facts): Step | undefined {
  if (state.step === 'status') return undefined;
  const from = screenOf(state.step);
  return STEPS.slice(0, stepIndex(state.step))
    .reverse()
    .find(
      (step) => screenOf(step) !== from && !state.skipped.includes(step) && !passedOver(state, step, facts),
    );
}
