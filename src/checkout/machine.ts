// The step machine: a pure next(state, event, facts). The state holds choices only; what the data
// says (limits, decimals, quotes…) comes as `facts`, read by the caller from the queries. Ignored
// events return the same state object, so callers can tell a no-op by identity.
import { subdivisionFits } from '../domain/codes';
import { isHttpUrl } from '../domain/url';
import { MAX_DECIMALS, parseAmount } from './amount';
import type { Piece } from './dependencies';
import { PIECE_ORDER, invalidate, readPiece } from './dependencies';
import type { CheckoutEvent } from './events';
import {
  firstUnmet,
  guardStatus,
  passedOver,
  previousScreenStep,
  readyToLaunch,
  selectedQuote,
} from './guards';
import { idempotencyKeyFor } from './idempotency';
import { CANONICAL_METHOD, COUNTRY_CODE, CURRENCY_CODE, NETWORK_CODE, startStep } from './initial';
import { sessionRequest } from './requests';
import type {
  CheckoutState,
  CryptoRef,
  Facts,
  LockableField,
  Prefs,
  Selection,
  Step,
  Tracking,
} from './state';
import { LAST_INPUT_STEP, NO_FACTS, STEPS, screenOf, stepIndex } from './state';

export type { CheckoutEvent } from './events';
export { initialState } from './initial';
export type { CheckoutInit, Prefill } from './initial';

const idleLaunch = (state: CheckoutState): CheckoutState['launch'] => ({
  keySeed: state.launch.keySeed,
  phase: 'idle',
});

/** Moves to `step`; leaving the launch step abandons any session in progress. */
function moveTo(state: CheckoutState, step: Step): CheckoutState {
  if (step === state.step) return state;
  const launch = state.step === 'launch' && state.launch.phase !== 'idle' ? idleLaunch(state) : state.launch;
  return { ...state, step, launch };
}

/** The choices a session request is built from. */
const REQUEST_PIECES: readonly Piece[] = [
  'direction',
  'country',
  'subdivision',
  'fiatCurrency',
  'crypto',
  'paymentMethod',
  'amount',
  'offer',
  'walletAddress',
  'walletTag',
];

/**
 * After a change of choices or facts: a session in progress no longer matches, and the shopper may not
 * stand past a step whose guard now fails (facts still pending do not count).
 */
function settle(prev: CheckoutState, next: CheckoutState, facts: Facts): CheckoutState {
  let s = next;
  // A failed attempt stays said (a refreshed price must not wipe "did not answer in time"); a new
  // attempt derives its key from the new request anyway.
  const inProgress = s.launch.phase !== 'idle' && s.launch.phase !== 'failed';
  if (inProgress && REQUEST_PIECES.some((p) => readPiece(p, prev) !== readPiece(p, s)))
    s = { ...s, launch: idleLaunch(s) };
  const before = STEPS[stepIndex(s.step) - 1];
  const failing = before && firstUnmet(s, before, facts, undefined, true);
  return failing ? moveTo(s, failing) : s;
}

const sameChoices = (a: CheckoutState, b: CheckoutState): boolean =>
  PIECE_ORDER.every((p) => readPiece(p, a) === readPiece(p, b)) &&
  a.selection.network === b.selection.network;

/** Writes choices (and preferences), clears what depended on changed pieces, then settles. */
function choose(
  state: CheckoutState,
  facts: Facts,
  pieces: readonly Piece[],
  selection: Partial<Selection>,
  prefs: Partial<Prefs> = {},
): CheckoutState {
  const written: CheckoutState = {
    ...state,
    selection: { ...state.selection, ...selection },
    prefs: { ...state.prefs, ...prefs },
  };
  const next = invalidate(state, written, pieces);
  return sameChoices(state, next) ? state : settle(state, next, facts);
}

/** A locked field accepts only its current value. */
const blocked = (state: CheckoutState, field: LockableField, same: boolean): boolean =>
  state.locked.includes(field) && !same;

const normalise = (v: string, pattern: RegExp): string | undefined => {
  const c = v.trim().toUpperCase();
  return pattern.test(c) ? c : undefined;
};

function cryptoRef(c: CryptoRef): CryptoRef | undefined {
  const currencyCode = normalise(c.currencyCode ?? '', CURRENCY_CODE);
  const chainCode = c.chainCode === undefined ? undefined : normalise(c.chainCode, NETWORK_CODE);
  if (!currencyCode || (c.chainCode !== undefined && !chainCode)) return undefined;
  const contract = c.contract?.trim();
  return { currencyCode, ...(chainCode ? { chainCode } : {}), ...(contract ? { contract } : {}) };
}

/**
 * The merchant's wallet after mount (the wallet-connect pattern): the choice, and the prefilled answer
 * too, so the screens pass the wallet step as they do a wallet given at mount (and RESET keeps it).
 * `lock` fixes it (the wallet step is then skipped) or frees it; a lock needs a value.
 */
function hostWallet(
  state: CheckoutState,
  facts: Facts,
  walletAddress: string | undefined,
  lock?: boolean,
): CheckoutState {
  const locked = (lock ?? state.locked.includes('walletAddress')) && walletAddress !== undefined;
  const chosen = choose(state, facts, ['walletAddress'], { walletAddress });
  if (chosen.prefill.walletAddress === walletAddress && chosen.locked.includes('walletAddress') === locked)
    return chosen;
  const others = <T>(list: readonly T[], item: T) => list.filter((x) => x !== item);
  const fixed: CheckoutState = {
    ...chosen,
    prefill: { ...chosen.prefill, walletAddress },
    locked: locked ? [...chosen.locked, 'walletAddress'] : others(chosen.locked, 'walletAddress'),
    skipped: locked ? [...others(chosen.skipped, 'wallet'), 'wallet'] : others(chosen.skipped, 'wallet'),
  };
  // Leaving a screen the shopper stands on is theirs to do; a launch in progress no longer matches.
  return settle(state, fixed, facts);
}

/** Choices: accepted at any step before the provider is launched. */
function onInput(state: CheckoutState, event: CheckoutEvent, facts: Facts): CheckoutState {
  const s = state.selection;
  switch (event.type) {
    case 'SET_DIRECTION': {
      if (
        !state.directions.includes(event.direction) ||
        (!event.byHost && blocked(state, 'direction', event.direction === s.direction))
      )
        return state;
      // A new direction's amount is in another currency: its default comes anew.
      return choose(state, facts, ['direction'], { direction: event.direction }, { amountBy: undefined });
    }
    case 'SET_COUNTRY': {
      const country = normalise(event.country, COUNTRY_CODE);
      if (!country || blocked(state, 'country', country === s.country)) return state;
      return choose(state, facts, ['country'], { country });
    }
    case 'SET_SUBDIVISION': {
      const raw = event.subdivision.trim().toUpperCase();
      const subdivision = raw === '' ? undefined : raw;
      if (subdivision !== undefined && !subdivisionFits(s.country, subdivision)) return state;
      if (blocked(state, 'subdivision', subdivision === s.subdivision)) return state;
      return choose(state, facts, ['subdivision'], { subdivision });
    }
    case 'SET_FIAT': {
      const fiatCurrency = normalise(event.fiatCurrency, CURRENCY_CODE);
      if (!fiatCurrency || blocked(state, 'fiatCurrency', fiatCurrency === s.fiatCurrency)) return state;
      return choose(state, facts, ['fiatCurrency'], { fiatCurrency });
    }
    case 'SET_CRYPTO': {
      const crypto = cryptoRef(event.crypto);
      if (!crypto) return state;
      if (blocked(state, 'cryptoCurrency', crypto.currencyCode === s.crypto?.currencyCode)) return state;
      if (blocked(state, 'network', crypto.chainCode === s.network)) return state;
      return choose(state, facts, ['crypto'], { crypto, network: crypto.chainCode });
    }
    case 'SET_PAYMENT_METHOD': {
      // Canonical identifiers only: a display name ("Credit Card") would get NO_VALID_QUOTES upstream.
      const method = event.method.trim();
      if (!CANONICAL_METHOD.test(method) || blocked(state, 'paymentMethod', method === s.paymentMethod))
        return state;
      return choose(state, facts, ['paymentMethod'], { paymentMethod: method });
    }
    case 'SET_AMOUNT': {
      // Any number a currency could hold is kept; the amount guard judges it by the currency's decimals.
      const parsed = parseAmount(event.text, event.locale, MAX_DECIMALS);
      const amount = parsed.ok ? parsed.value : undefined;
      if (!event.byHost && blocked(state, 'amount', amount === s.amount)) return state;
      // A default never overrides what the shopper typed (a late one, say).
      if (event.byDefault && state.prefs.amountBy === 'shopper') return state;
      const amountBy = event.byDefault ?? (event.byHost ? undefined : 'shopper');
      const chosen = choose(state, facts, ['amount'], { amount }, { amountBy });
      // The same value typed over a default is the shopper's from now on.
      return chosen === state && state.prefs.amountBy !== amountBy
        ? { ...state, prefs: { ...state.prefs, amountBy } }
        : chosen;
    }
    case 'SET_WALLET': {
      const walletAddress = event.address.trim() || undefined;
      if (event.byHost) return hostWallet(state, facts, walletAddress, event.lock);
      if (blocked(state, 'walletAddress', walletAddress === s.walletAddress)) return state;
      return choose(state, facts, ['walletAddress'], { walletAddress });
    }
    case 'SET_WALLET_TAG': {
      const walletTag = event.tag.trim() || undefined;
      return choose(state, facts, ['walletTag'], { walletTag });
    }
    case 'SELECT_QUOTE': {
      // Only an offer among the current quotes; picking it again keeps it picked.
      const offered = facts.quotes?.some((q) => q.serviceProvider === event.partner);
      if (!offered || event.partner === s.offer) return state;
      const picked = choose(state, facts, ['offer'], { offer: event.partner });
      return selectedQuote(picked, facts) ? picked : state;
    }
    case 'SET_QUOTE_SORT': {
      if (state.prefs.quoteSort === event.sort || (!state.prefs.quoteSort && event.sort === 'best'))
        return state;
      return { ...state, prefs: { ...state.prefs, quoteSort: event.sort } };
    }
    default:
      return state;
  }
}

/** Forward: to the next shown step, or to a skipped one whose fixed values fail (shown read-only). */
function onContinue(state: CheckoutState, at: number, facts: Facts): CheckoutState {
  if (state.step === 'launch') return state;
  const unmet = firstUnmet(state, state.step, facts, at);
  if (unmet === state.step) return state;
  if (unmet) return moveTo(state, unmet);
  const target = STEPS.slice(stepIndex(state.step) + 1).find(
    (step) => !state.skipped.includes(step) || guardStatus(state, step, facts, at) === 'failed',
  );
  return target ? moveTo(state, target) : state;
}

/** Continue on a screen: through its steps, to the next screen that asks something (or fails). */
function onContinueScreen(state: CheckoutState, at: number, facts: Facts): CheckoutState {
  const from = screenOf(state.step);
  let s = state;
  for (;;) {
    const moved = onContinue(s, at, facts);
    if (moved === s) return s;
    s = moved;
    const here = screenOf(s.step);
    if (stepIndex(s.step) <= stepIndex(state.step)) return s;
    if (here !== from && !(s.step !== 'launch' && s.step !== 'status' && passedOver(s, s.step, facts, at)))
      return s;
  }
}

/** Back on a screen: to the last step of the previous screen that asks something. */
function onBackScreen(state: CheckoutState, facts: Facts): CheckoutState {
  const target = previousScreenStep(state, facts);
  return target ? moveTo(state, target) : state;
}

function onNavigate(state: CheckoutState, event: CheckoutEvent, facts: Facts): CheckoutState {
  const here = stepIndex(state.step);
  switch (event.type) {
    case 'CONTINUE':
      return onContinue(state, event.at, facts);
    case 'CONTINUE_SCREEN':
      return onContinueScreen(state, event.at, facts);
    case 'BACK_SCREEN':
      return onBackScreen(state, facts);
    case 'BACK': {
      const previous = STEPS.slice(0, here)
        .reverse()
        .find((step) => !state.skipped.includes(step));
      return previous ? moveTo(state, previous) : state;
    }
    case 'GO_TO': {
      const ok =
        STEPS.includes(event.step) && stepIndex(event.step) < here && !state.skipped.includes(event.step);
      return ok ? moveTo(state, event.step) : state;
    }
    default:
      return state;
  }
}

function onLaunch(state: CheckoutState, event: CheckoutEvent, facts: Facts): CheckoutState {
  const { launch } = state;
  if (state.step !== 'launch') return state;
  switch (event.type) {
    case 'SESSION_REQUESTED': {
      if (launch.phase !== 'idle' && launch.phase !== 'failed') return state;
      const request = sessionRequest(state, facts);
      if (!request || !readyToLaunch(state, facts, event.at)) {
        const unmet = firstUnmet(state, LAST_INPUT_STEP, facts, event.at);
        return unmet ? moveTo(state, unmet) : state;
      }
      return {
        ...state,
        launch: {
          keySeed: launch.keySeed,
          idempotencyKey: idempotencyKeyFor(launch.keySeed, request),
          phase: 'creating',
        },
      };
    }
    case 'SESSION_CREATED': {
      if (launch.phase !== 'creating') return state;
      const { id, widgetUrl, trackingToken } = event.session;
      // The widget URL is opened in the shopper's browser: only an http(s) URL may be.
      if (!id || !isHttpUrl(widgetUrl))
        return {
          ...state,
          launch: {
            ...launch,
            phase: 'failed',
            error: { code: 'INVALID_SESSION', message: 'Unusable session' },
          },
        };
      return { ...state, launch: { ...launch, phase: 'created', session: { id, widgetUrl, trackingToken } } };
    }
    case 'SESSION_FAILED':
      return launch.phase === 'creating'
        ? { ...state, launch: { ...launch, phase: 'failed', error: event.error } }
        : state;
    case 'LAUNCHED': {
      if (launch.phase !== 'created' || !launch.session) return state;
      const { id, trackingToken } = launch.session;
      const tracking: Tracking = { sessionId: id, trackingToken };
      return { ...state, step: 'status', launch: { ...launch, phase: 'launched' }, tracking };
    }
    default:
      return state;
  }
}

/** Back to the prefilled start with a fresh key seed. */
function onReset(state: CheckoutState, keySeed: string): CheckoutState {
  const prefilled: CheckoutState = {
    ...state,
    selection: state.prefill,
    prefs: { ...state.prefs, amountBy: undefined },
    launch: { keySeed, phase: 'idle' },
    tracking: undefined,
  };
  const next = invalidate(state, prefilled, REQUEST_PIECES);
  return { ...next, step: startStep(next) };
}

/**
 * The choices stored before a reload. Only at the start of a run, only when every locked value still
 * holds; the step is kept unless a guard before it fails (facts still to come do not count).
 */
function onChoicesRestored(
  state: CheckoutState,
  event: Extract<CheckoutEvent, { type: 'CHOICES_RESTORED' }>,
  facts: Facts,
): CheckoutState {
  if (state.tracking || state.launch.phase !== 'idle' || state.step !== startStep(state)) return state;
  const { selection, step } = event;
  if (!STEPS.includes(step) || step === 'status' || !state.directions.includes(selection.direction))
    return state;
  const keeps = state.locked.every((f) => {
    const key = f === 'cryptoCurrency' ? 'crypto' : f;
    const a = state.selection[key as keyof Selection];
    const b = selection[key as keyof Selection];
    return key === 'crypto'
      ? (a as CryptoRef | undefined)?.currencyCode === (b as CryptoRef | undefined)?.currencyCode
      : a === b;
  });
  if (!keeps) return state;
  // The offers are asked anew: the best by the shopper's ranking is chosen again.
  const restored: CheckoutState = {
    ...state,
    selection: { ...selection, offer: undefined },
    prefs: { ...state.prefs, ...(event.quoteSort ? { quoteSort: event.quoteSort } : {}) },
    step,
  };
  const before = STEPS[stepIndex(step) - 1];
  const unmet = before && firstUnmet(restored, before, facts, undefined, true);
  return unmet ? { ...restored, step: unmet } : restored;
}

/** Back before the hand-off with the choices kept (see the RETRY event). */
function onRetry(
  state: CheckoutState,
  keySeed: string,
  to: 'quotes' | 'launch',
  facts: Facts,
): CheckoutState {
  if (state.step !== 'status' || !keySeed) return state;
  // Another offer: the shopper picks again on the order screen; the choices stay.
  const back: CheckoutState = {
    ...state,
    launch: { keySeed, phase: 'idle' },
    tracking: undefined,
    step: to,
  };
  // A choice that no longer holds (an expired quote) is shown where it is asked.
  const unmet = firstUnmet(back, STEPS[stepIndex(to) - 1] ?? to, facts, undefined, true);
  return unmet ? { ...back, step: unmet } : back;
}

/** The successor of `state` after `event`, with what the data says now (`facts`; none known by default). */
export function next(state: CheckoutState, event: CheckoutEvent, facts: Facts = NO_FACTS): CheckoutState {
  if (event.type === 'RESET') return onReset(state, event.idempotencyKey);
  if (event.type === 'RETRY') return onRetry(state, event.idempotencyKey, event.to, facts);
  if (event.type === 'CHOICES_RESTORED') return onChoicesRestored(state, event, facts);
  // After launch the choices are history: the status is read from the queries.
  if (state.step === 'status') return state;
  switch (event.type) {
    case 'CONTINUE':
    case 'BACK':
    case 'GO_TO':
    case 'CONTINUE_SCREEN':
    case 'BACK_SCREEN':
      return onNavigate(state, event, facts);
    case 'SESSION_REQUESTED':
    case 'SESSION_CREATED':
    case 'SESSION_FAILED':
    case 'LAUNCHED':
      return onLaunch(state, event, facts);
    case 'TRACKING_RESTORED':
    case 'ORDER_OPENED': {
      if (state.tracking || !event.tracking?.sessionId) return state;
      const given = event.type === 'TRACKING_RESTORED' ? event.session : undefined;
      const session = given && isHttpUrl(given.widgetUrl) ? given : undefined;
      return {
        ...state,
        step: 'status',
        selection: event.selection ?? state.selection,
        launch: { ...idleLaunch(state), phase: 'launched', ...(session ? { session } : {}) },
        tracking: event.tracking,
      };
    }
    default:
      return onInput(state, event, facts);
  }
}
