// Small pure reads of the state that the UI needs, so screens hold no rules of their own.
// Guards that need the data take it as `facts`, read by the caller from the queries.
import type { Direction, Quote } from '../api/types';
import { firstUnmet, passedOver, previousScreenStep, readyToLaunch } from './guards';
import { sessionRequest } from './requests';
import type { CheckoutState, CryptoRef, Facts, Screen, Step } from './state';
import { SCREENS, STEPS, chainOf, flowCodes, screenOf, stepIndex } from './state';

export { amountRules, needsSubdivision, selectedQuote } from './guards';
export { quoteRequest, sessionRequest } from './requests';
export type { QuoteRequestOptions } from './requests';
export { LAST_INPUT_STEP, SCREENS, chainOf, isLocked, screenOf, sourceDecimals } from './state';
export type { Screen } from './state';
export {
  COMPLETION_MIN_ENDED,
  QUOTE_SORTS,
  RANKINGS,
  bestQuote,
  knownCompletion,
  quoteCost,
  quoteMarkup,
  rankQuotes,
  referenceRate,
  valueOf,
} from './ranking';
export type { QuoteSort, Ranking } from './ranking';
export { marketRate, offerCost, offerRate } from './rates';
export type { OfferCost } from './rates';

/** The screen the current step is shown on. */
export const currentScreen = (state: CheckoutState): Screen => screenOf(state.step);

/** The screen's Back leads somewhere. */
export const canGoBackScreen = (state: CheckoutState, facts: Facts): boolean =>
  previousScreenStep(state, facts) !== undefined;

/** The screens this run shows, in order: one whose every step is fixed or prefilled is not shown. */
export function visibleScreens(state: CheckoutState, facts: Facts, now?: number): Screen[] {
  const here = currentScreen(state);
  return SCREENS.filter(
    (screen) =>
      screen === 'order' ||
      screen === here ||
      STEPS.some(
        (step) =>
          screenOf(step) === screen &&
          (step === 'launch' || step === 'status' || !passedOver(state, step, facts, now)),
      ),
  );
}

/** "Step 2 of 3" by screens; null on the status screen. */
export function screenProgress(
  state: CheckoutState,
  facts: Facts,
  now?: number,
): { index: number; total: number } | null {
  if (state.step === 'status') return null;
  const screens = visibleScreens(state, facts, now).filter((s): boolean => s !== 'status');
  const here: Screen = currentScreen(state);
  return { index: screens.indexOf(here) + 1, total: screens.length };
}

/**
 * The step whose question the order screen must show as missing after Continue: the machine stops at
 * the first step whose guard fails.
 */
export const unmetOnScreen = (state: CheckoutState, facts: Facts, now: number): Step | undefined => {
  const unmet = firstUnmet(state, state.step, facts, now);
  return unmet && screenOf(unmet) === currentScreen(state) ? unmet : undefined;
};

/** CONTINUE would move forward now (launch uses canLaunch instead). */
export function canContinue(state: CheckoutState, facts: Facts, now: number): boolean {
  if (stepIndex(state.step) >= stepIndex('launch')) return false;
  return firstUnmet(state, state.step, facts, now) === undefined;
}

/** The step that keeps the shopper from going on at `now`, if any (may be an earlier one). */
export const blockingStep = (state: CheckoutState, facts: Facts, now: number): Step | undefined =>
  state.step === 'launch' || state.step === 'status' ? undefined : firstUnmet(state, state.step, facts, now);

/** SESSION_REQUESTED would start creating a session now. */
export function canLaunch(state: CheckoutState, facts: Facts, now: number): boolean {
  const { phase } = state.launch;
  return (
    state.step === 'launch' &&
    (phase === 'idle' || phase === 'failed') &&
    sessionRequest(state, facts) !== null &&
    readyToLaunch(state, facts, now)
  );
}

export function canGoBack(state: CheckoutState): boolean {
  if (state.step === 'status') return false;
  return STEPS.slice(0, stepIndex(state.step)).some((s) => !state.skipped.includes(s));
}

/** The steps the shopper sees, in order (a skipped step shows while it is the current one). */
export const visibleSteps = (state: CheckoutState): Step[] =>
  STEPS.filter((s) => s !== 'status' && (!state.skipped.includes(s) || s === state.step));

/** "Step 3 of 6"; null on the status screen. */
export function progress(state: CheckoutState): { index: number; total: number } | null {
  if (state.step === 'status') return null;
  const steps = visibleSteps(state);
  return { index: steps.indexOf(state.step) + 1, total: steps.length };
}

/** Milliseconds until the quotes of the facts expire at `now` (negative once expired), or null. */
export function quoteExpiresIn(state: CheckoutState, facts: Facts, now: number): number | null {
  return facts.quotesAt !== undefined ? facts.quotesAt + state.prefs.quoteTtlMs - now : null;
}

export interface CheckoutSummary {
  direction: Direction;
  countryCode?: string;
  subdivision?: string;
  fiatCurrency?: string;
  crypto?: CryptoRef;
  /** Canonical method; the UI shows its display name. */
  paymentMethod?: string;
  sourceCurrencyCode?: string;
  /** What the shopper entered, in the source currency. */
  sourceAmount?: string;
  destinationCurrencyCode?: string;
  /** From the chosen offer's quote. */
  destinationAmount?: number;
  serviceProvider?: string;
  totalFee?: number;
  walletAddress?: string;
  /** The chain the wallet address is on. */
  network?: string;
}

/** What the review/launch and status screens show; `quote`: the chosen offer, read from the quotes. */
export function summary(state: CheckoutState, quote?: Quote): CheckoutSummary {
  const s = state.selection;
  const codes = flowCodes(s);
  return {
    direction: s.direction,
    countryCode: s.country,
    subdivision: s.subdivision,
    fiatCurrency: s.fiatCurrency,
    crypto: s.crypto,
    paymentMethod: s.paymentMethod,
    sourceCurrencyCode: codes?.source,
    sourceAmount: s.amount,
    destinationCurrencyCode: codes?.destination,
    destinationAmount: quote?.destinationAmount,
    serviceProvider: quote?.serviceProvider,
    totalFee: quote?.totalFee,
    walletAddress: s.walletAddress,
    network: chainOf(s),
  };
}
