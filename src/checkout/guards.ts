// What must hold to leave each step. The machine checks them cumulatively: a step can be left only
// when it and every step before it hold, so no path reaches launch with a bad amount, quote or wallet.
import { subdivisionFits } from '../domain/codes';
import { validateAmount } from './amount';
import type { AmountRules } from './amount';
import { validateAddress } from '../domain/address';
import { validateWalletTag, walletTagRule } from '../domain/wallet-tag';
import type { CheckoutState, Selection, Step } from './state';
import { LAST_INPUT_STEP, STEPS, chainOf, screenOf, flowCodes, sourceDecimals, stepIndex } from './state';

/** ok; pending: waiting for a fact the UI will deliver (limits); failed: the shopper must act. */
export type GuardStatus = 'ok' | 'pending' | 'failed';

export const amountRules = (state: CheckoutState): AmountRules => ({
  direction: state.selection.direction,
  limits: state.facts.limits,
  fiatPerCrypto: state.facts.fiatPerCrypto,
  decimals: sourceDecimals(state),
});

function amountStatus(state: CheckoutState): GuardStatus {
  const { amount } = state.selection;
  if (amount === undefined || !validateAmount(amount, amountRules(state)).ok) return 'failed';
  // An amount can only be judged against known limits (null = none published).
  return state.facts.limits === undefined ? 'pending' : 'ok';
}

/** The selected quote answers the current choices and, when `at` is given, is still fresh then. */
function quoteStatus(state: CheckoutState, at: number | undefined): GuardStatus {
  const { quote } = state.selection;
  const codes = flowCodes(state.selection);
  if (!quote || !codes) return 'failed';
  if (quote.sourceCurrencyCode.toUpperCase() !== codes.source) return 'failed';
  if (quote.destinationCurrencyCode.toUpperCase() !== codes.destination) return 'failed';
  if (at !== undefined && at - quote.receivedAt > state.facts.quoteTtlMs) return 'failed';
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
export function guardStatus(state: CheckoutState, step: Step, at?: number): GuardStatus {
  const s = state.selection;
  switch (step) {
    case 'direction':
      return state.directions.includes(s.direction) ? 'ok' : 'failed';
    case 'country':
      return s.country && (!state.facts.requiresSubdivision || subdivisionFits(s.country, s.subdivision))
        ? 'ok'
        : 'failed';
    case 'currencies':
      return s.fiatCurrency && s.crypto ? 'ok' : 'failed';
    case 'paymentMethod':
      return s.paymentMethod ? 'ok' : 'failed';
    case 'amount':
      return amountStatus(state);
    case 'quotes':
      return quoteStatus(state, at);
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
  at?: number,
  allowPending = false,
): Step | undefined {
  const last = stepIndex(through);
  return STEPS.find((step, i) => {
    if (i > last) return false;
    const status = guardStatus(state, step, at);
    return status === 'failed' || (status === 'pending' && !allowPending);
  });
}

/** Everything a session needs holds at `at`: the launch guard. */
export const readyToLaunch = (state: CheckoutState, at: number): boolean =>
  firstUnmet(state, LAST_INPUT_STEP, at) === undefined;

/** What a step asks, read from the selection: a screen of prefilled answers is passed without a question. */
const ANSWER: Partial<Record<Step, (s: Selection) => unknown>> = {
  wallet: (s) => s.walletAddress,
};

/**
 * A step the screens pass over: skipped (fixed by the merchant) and holding, or answered by the
 * merchant's prefill (no `lock` needed) and holding.
 */
export function passedOver(state: CheckoutState, step: Step, at?: number): boolean {
  if (guardStatus(state, step, at) !== 'ok') return false;
  if (state.skipped.includes(step)) return true;
  const read = ANSWER[step];
  const value = read?.(state.selection);
  return value !== undefined && read?.(state.prefill) === value;
}

/** The step the screen's Back leads to: the last of the previous screen that asks something. */
export function previousScreenStep(state: CheckoutState): Step | undefined {
  if (state.step === 'status') return undefined;
  const from = screenOf(state.step);
  return STEPS.slice(0, stepIndex(state.step))
    .reverse()
    .find((step) => screenOf(step) !== from && !state.skipped.includes(step) && !passedOver(state, step));
}
