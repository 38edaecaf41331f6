// The step machine: a pure next(state, event). Ignored events return the same state object, so
// callers can tell a no-op by identity.
import { subdivisionFits } from '../domain/codes';
import type { Quote } from '../api/types';
import { isHttpUrl } from '../domain/url';
import type { AmountLimits } from './amount';
import { parseAmount } from './amount';
import type { Piece } from './dependencies';
import { PIECE_ORDER, invalidate, readPiece } from './dependencies';
import type { CheckoutEvent } from './events';
import { firstUnmet, guardStatus, passedOver, previousScreenStep, readyToLaunch } from './guards';
import { idempotencyKeyFor } from './idempotency';
import { CANONICAL_METHOD, COUNTRY_CODE, CURRENCY_CODE, NETWORK_CODE, startStep } from './initial';
import { quoteRequest, sessionRequest } from './requests';
import type { CheckoutState, Facts, CryptoRef, LockableField, Selection, Step, Tracking } from './state';
import { LAST_INPUT_STEP, STEPS, flowCodes, screenOf, sourceDecimals, stepIndex } from './state';
import { bestQuote } from './ranking';
import { resolveStatusView } from './status';

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
  'quote',
  'walletAddress',
  'walletTag',
];

/**
 * After a change of choices or facts: a session in progress no longer matches, and the shopper may not
 * stand past a step whose guard now fails (facts still pending do not count).
 */
function settle(prev: CheckoutState, next: CheckoutState): CheckoutState {
  let s = next;
  // A failed attempt stays said (a refreshed price must not wipe "did not answer in time"); a new
  // attempt derives its key from the new request anyway.
  const inProgress = s.launch.phase !== 'idle' && s.launch.phase !== 'failed';
  if (inProgress && REQUEST_PIECES.some((p) => readPiece(p, prev) !== readPiece(p, s)))
    s = { ...s, launch: idleLaunch(s) };
  const before = STEPS[stepIndex(s.step) - 1];
  const failing = before && firstUnmet(s, before, undefined, true);
  return failing ? moveTo(s, failing) : s;
}

const sameChoices = (a: CheckoutState, b: CheckoutState): boolean =>
  PIECE_ORDER.every((p) => readPiece(p, a) === readPiece(p, b)) &&
  a.selection.network === b.selection.network &&
  a.facts.requiresSubdivision === b.facts.requiresSubdivision;

/** Writes choices and facts, clears what depended on changed pieces, then settles. */
function choose(
  state: CheckoutState,
  pieces: readonly Piece[],
  selection: Partial<Selection>,
  facts: Partial<Facts> = {},
): CheckoutState {
  const written: CheckoutState = {
    ...state,
    selection: { ...state.selection, ...selection },
    facts: { ...state.facts, ...facts },
  };
  const next = invalidate(state, written, pieces);
  return sameChoices(state, next) ? state : settle(state, next);
}

/** A locked field accepts only its current value (which may still update facts). */
const blocked = (state: CheckoutState, field: LockableField, same: boolean): boolean =>
  state.locked.includes(field) && !same;

const normalise = (v: string, pattern: RegExp): string | undefined => {
  const c = v.trim().toUpperCase();
  return pattern.test(c) ? c : undefined;
};

const validDecimals = (d: number | undefined): d is number =>
  d !== undefined && Number.isInteger(d) && d >= 0 && d <= 18;

function validLimits(l: AmountLimits | null): boolean {
  if (l === null) return true;
  return (
    typeof l.currencyCode === 'string' &&
    Number.isFinite(l.min) &&
    Number.isFinite(l.max) &&
    l.min >= 0 &&
    l.max >= l.min
  );
}

const sameLimits = (a: AmountLimits | null | undefined, b: AmountLimits | null) =>
  a === b || (!!a && !!b && a.currencyCode === b.currencyCode && a.min === b.min && a.max === b.max);

function quoteMatches(state: CheckoutState, q: Quote): boolean {
  const codes = flowCodes(state.selection);
  return (
    !!codes &&
    typeof q.serviceProvider === 'string' &&
    q.serviceProvider !== '' &&
    q.sourceCurrencyCode?.toUpperCase() === codes.source &&
    q.destinationCurrencyCode?.toUpperCase() === codes.destination
  );
}

function cryptoRef(c: CryptoRef): CryptoRef | undefined {
  const currencyCode = normalise(c.currencyCode ?? '', CURRENCY_CODE);
  const chainCode = c.chainCode === undefined ? undefined : normalise(c.chainCode, NETWORK_CODE);
  if (!currencyCode || (c.chainCode !== undefined && !chainCode)) return undefined;
  const contract = c.contract?.trim();
  return { currencyCode, ...(chainCode ? { chainCode } : {}), ...(contract ? { contract } : {}) };
}

/**
 * Quotes that arrived for the current request. The offer the shopper picked is renewed (or dropped
 * when its partner no longer quotes); otherwise the best by the shopper's ranking is selected, so
 * the selection follows the ranking. `resort`: a new ranking with the same quotes.
 */
function receiveQuotes(
  state: CheckoutState,
  quotes: readonly Quote[],
  at: number,
  resort = false,
): CheckoutState {
  const usable = quotes.filter((q) => quoteMatches(state, q));
  const current = state.selection.quote;
  if (state.facts.quotePicked && current) {
    if (resort) return state;
    const fresh = usable.find((q) => q.serviceProvider === current.serviceProvider);
    const next = choose(state, ['quote'], { quote: fresh ? { ...fresh, receivedAt: at } : undefined });
    return fresh ? next : { ...next, facts: { ...next.facts, quotePicked: false } };
  }
  if (quoteRequest(state) === null) return state;
  const best = bestQuote(usable, state.facts.quoteSort);
  if (!best) return current ? choose(state, ['quote'], { quote: undefined }) : state;
  if (resort && current && current.serviceProvider === best.serviceProvider) return state;
  return choose(state, ['quote'], { quote: { ...best, receivedAt: at } }, { quotePicked: false });
}

/**
 * The merchant's wallet after mount (the wallet-connect pattern): the choice, and the prefilled answer
 * too, so the screens pass the wallet step as they do a wallet given at mount (and RESET keeps it).
 * `lock` fixes it (the wallet step is then skipped) or frees it; a lock needs a value.
 */
function hostWallet(state: CheckoutState, walletAddress: string | undefined, lock?: boolean): CheckoutState {
  const locked = (lock ?? state.locked.includes('walletAddress')) && walletAddress !== undefined;
  const chosen = choose(state, ['walletAddress'], { walletAddress });
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
  return settle(state, fixed);
}

/** Choices and facts: accepted at any step before the provider is launched. */
function onInput(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const s = state.selection;
  switch (event.type) {
    case 'SET_DIRECTION': {
      if (
        !state.directions.includes(event.direction) ||
        (!event.byHost && blocked(state, 'direction', event.direction === s.direction))
      )
        return state;
      // A new direction's amount is in another currency: its default comes anew.
      return choose(state, ['direction'], { direction: event.direction }, { amountBy: undefined });
    }
    case 'SET_COUNTRY': {
      const country = normalise(event.country, COUNTRY_CODE);
      if (!country || blocked(state, 'country', country === s.country)) return state;
      return choose(
        state,
        ['country'],
        { country },
        { requiresSubdivision: event.requiresSubdivision === true },
      );
    }
    case 'SET_SUBDIVISION': {
      const raw = event.subdivision.trim().toUpperCase();
      const subdivision = raw === '' ? undefined : raw;
      if (subdivision !== undefined && !subdivisionFits(s.country, subdivision)) return state;
      if (blocked(state, 'subdivision', subdivision === s.subdivision)) return state;
      return choose(state, ['subdivision'], { subdivision });
    }
    case 'SET_FIAT': {
      const fiatCurrency = normalise(event.fiatCurrency, CURRENCY_CODE);
      if (!fiatCurrency || blocked(state, 'fiatCurrency', fiatCurrency === s.fiatCurrency)) return state;
      const decimals = validDecimals(event.decimals);
      return choose(
        state,
        decimals ? ['fiatCurrency', 'fiatDecimals'] : ['fiatCurrency'],
        { fiatCurrency },
        decimals ? { fiatDecimals: event.decimals } : {},
      );
    }
    case 'SET_CRYPTO': {
      const crypto = cryptoRef(event.crypto);
      if (!crypto) return state;
      if (blocked(state, 'cryptoCurrency', crypto.currencyCode === s.crypto?.currencyCode)) return state;
      if (blocked(state, 'network', crypto.chainCode === s.network)) return state;
      const decimals = validDecimals(event.decimals);
      return choose(
        state,
        decimals ? ['crypto', 'cryptoDecimals'] : ['crypto'],
        { crypto, network: crypto.chainCode },
        decimals ? { cryptoDecimals: event.decimals } : {},
      );
    }
    case 'SET_PAYMENT_METHOD': {
      // Canonical identifiers only: a display name ("Credit Card") would get NO_VALID_QUOTES upstream.
      const method = event.method.trim();
      if (!CANONICAL_METHOD.test(method) || blocked(state, 'paymentMethod', method === s.paymentMethod))
        return state;
      return choose(state, ['paymentMethod'], { paymentMethod: method });
    }
    case 'SET_AMOUNT': {
      const parsed = parseAmount(event.text, event.locale, sourceDecimals(state));
      const amount = parsed.ok ? parsed.value : undefined;
      if (!event.byHost && blocked(state, 'amount', amount === s.amount)) return state;
      // A default never overrides what the shopper typed (a late one, say).
      if (event.byDefault && state.facts.amountBy === 'shopper') return state;
      const amountBy = event.byDefault ?? (event.byHost ? undefined : 'shopper');
      const chosen = choose(state, ['amount'], { amount }, { amountBy });
      // The same value typed over a default is the shopper's from now on.
      return chosen === state && state.facts.amountBy !== amountBy
        ? { ...state, facts: { ...state.facts, amountBy } }
        : chosen;
    }
    case 'SET_WALLET': {
      const walletAddress = event.address.trim() || undefined;
      if (event.byHost) return hostWallet(state, walletAddress, event.lock);
      if (blocked(state, 'walletAddress', walletAddress === s.walletAddress)) return state;
      return choose(state, ['walletAddress'], { walletAddress });
    }
    case 'SET_WALLET_TAG': {
      const walletTag = event.tag.trim() || undefined;
      return choose(state, ['walletTag'], { walletTag });
    }
    case 'SET_LIMITS': {
      // Limits belong to a chosen method; a late answer for a cleared method is dropped.
      if (!s.paymentMethod || !validLimits(event.limits) || sameLimits(state.facts.limits, event.limits))
        return state;
      const limited = { ...state, facts: { ...state.facts, limits: event.limits } };
      // An offer taken while the limits were loading goes with an amount they reject.
      if (s.quote && guardStatus(limited, 'amount') === 'failed')
        return choose(limited, ['quote'], { quote: undefined }, { quotePicked: false });
      return settle(state, limited);
    }
    case 'SET_RATE': {
      const rate = event.fiatPerCrypto;
      if (!flowCodes(s) || !Number.isFinite(rate) || rate <= 0 || rate === state.facts.fiatPerCrypto)
        return state;
      return settle(state, { ...state, facts: { ...state.facts, fiatPerCrypto: rate } });
    }
    case 'SELECT_QUOTE': {
      if (quoteRequest(state) === null || !quoteMatches(state, event.quote)) return state;
      const picked = choose(state, ['quote'], { quote: { ...event.quote, receivedAt: event.at } });
      return picked === state || picked.facts.quotePicked
        ? picked
        : { ...picked, facts: { ...picked.facts, quotePicked: true } };
    }
    case 'QUOTES_RECEIVED':
      return receiveQuotes(state, event.quotes, event.at);
    case 'SET_QUOTE_SORT': {
      if (state.facts.quoteSort === event.sort || (!state.facts.quoteSort && event.sort === 'best'))
        return state;
      const sorted = { ...state, facts: { ...state.facts, quoteSort: event.sort } };
      return receiveQuotes(sorted, event.quotes, event.at, true);
    }
    case 'QUOTES_CHANGED': {
      const current = s.quote;
      if (!current) return state;
      const fresh = event.quotes.find(
        (q) => q.serviceProvider === current.serviceProvider && quoteMatches(state, q),
      );
      return choose(state, ['quote'], { quote: fresh ? { ...fresh, receivedAt: event.at } : undefined });
    }
    default:
      return state;
  }
}

/** Forward: to the next shown step, or to a skipped one whose fixed values fail (shown read-only). */
function onContinue(state: CheckoutState, at: number): CheckoutState {
  if (state.step === 'launch') return state;
  const unmet = firstUnmet(state, state.step, at);
  if (unmet === state.step) return state;
  if (unmet) return moveTo(state, unmet);
  const target = STEPS.slice(stepIndex(state.step) + 1).find(
    (step) => !state.skipped.includes(step) || guardStatus(state, step, at) === 'failed',
  );
  return target ? moveTo(state, target) : state;
}

/** Continue on a screen: through its steps, to the next screen that asks something (or fails). */
function onContinueScreen(state: CheckoutState, at: number): CheckoutState {
  const from = screenOf(state.step);
  let s = state;
  for (;;) {
    const moved = onContinue(s, at);
    if (moved === s) return s;
    s = moved;
    const here = screenOf(s.step);
    if (stepIndex(s.step) <= stepIndex(state.step)) return s;
    if (here !== from && !(s.step !== 'launch' && s.step !== 'status' && passedOver(s, s.step, at))) return s;
  }
}

/** Back on a screen: to the last step of the previous screen that asks something. */
function onBackScreen(state: CheckoutState): CheckoutState {
  const target = previousScreenStep(state);
  return target ? moveTo(state, target) : state;
}

function onNavigate(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const here = stepIndex(state.step);
  switch (event.type) {
    case 'CONTINUE':
      return onContinue(state, event.at);
    case 'CONTINUE_SCREEN':
      return onContinueScreen(state, event.at);
    case 'BACK_SCREEN':
      return onBackScreen(state);
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

function onLaunch(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const { launch } = state;
  if (state.step !== 'launch') return state;
  switch (event.type) {
    case 'SESSION_REQUESTED': {
      if (launch.phase !== 'idle' && launch.phase !== 'failed') return state;
      const request = sessionRequest(state);
      if (!request || !readyToLaunch(state, event.at)) {
        const unmet = firstUnmet(state, LAST_INPUT_STEP, event.at);
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
      const tracking: Tracking = { sessionId: id, trackingToken, history: [], terminal: false };
      return { ...state, step: 'status', launch: { ...launch, phase: 'launched' }, tracking };
    }
    default:
      return state;
  }
}

function onTracking(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const { tracking } = state;
  if (
    event.type !== 'TRANSACTION_UPDATED' ||
    !tracking ||
    typeof event.status !== 'string' ||
    event.status === ''
  )
    return state;
  const transactionId = event.transactionId ?? tracking.transactionId;
  const txHash = event.txHash ?? tracking.txHash;
  if (
    event.status === tracking.status &&
    transactionId === tracking.transactionId &&
    txHash === tracking.txHash
  )
    return state;
  const last = tracking.history[tracking.history.length - 1];
  const history =
    last?.status === event.status
      ? tracking.history
      : [...tracking.history, { status: event.status, at: event.at }];
  return {
    ...state,
    tracking: {
      ...tracking,
      transactionId,
      status: event.status,
      ...(txHash === undefined ? {} : { txHash }),
      history,
      terminal: resolveStatusView(event.status).terminal,
    },
  };
}

/** Back to the prefilled start with a fresh key seed; facts about unchanged choices are kept. */
function onReset(state: CheckoutState, keySeed: string): CheckoutState {
  const prefilled: CheckoutState = {
    ...state,
    selection: state.prefill,
    facts: {
      ...state.facts,
      requiresSubdivision:
        state.prefill.country === state.selection.country && state.facts.requiresSubdivision,
      amountBy: undefined,
    },
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
  const restored: CheckoutState = {
    ...state,
    selection,
    facts: {
      ...state.facts,
      ...(event.quoteSort ? { quoteSort: event.quoteSort } : {}),
      quotePicked: false,
    },
    step,
  };
  const before = STEPS[stepIndex(step) - 1];
  const unmet = before && firstUnmet(restored, before, undefined, true);
  return unmet ? { ...restored, step: unmet } : restored;
}

/** Back before the hand-off with the choices kept (see the RETRY event). */
function onRetry(state: CheckoutState, keySeed: string, to: 'quotes' | 'launch'): CheckoutState {
  if (state.step !== 'status' || !keySeed) return state;
  // Another offer: the shopper picks again on the order screen; the choices stay.
  const back: CheckoutState = {
    ...state,
    launch: { keySeed, phase: 'idle' },
    tracking: undefined,
    step: to,
  };
  // A choice that no longer holds (an expired quote) is shown where it is asked.
  const unmet = firstUnmet(back, STEPS[stepIndex(to) - 1] ?? to, undefined, true);
  return unmet ? { ...back, step: unmet } : back;
}

export function next(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  if (event.type === 'RESET') return onReset(state, event.idempotencyKey);
  if (event.type === 'RETRY') return onRetry(state, event.idempotencyKey, event.to);
  if (event.type === 'CHOICES_RESTORED') return onChoicesRestored(state, event);
  // After launch the choices are history: only status updates apply.
  if (state.step === 'status') return onTracking(state, event);
  switch (event.type) {
    case 'CONTINUE':
    case 'BACK':
    case 'GO_TO':
    case 'CONTINUE_SCREEN':
    case 'BACK_SCREEN':
      return onNavigate(state, event);
    case 'SESSION_REQUESTED':
    case 'SESSION_CREATED':
    case 'SESSION_FAILED':
    case 'LAUNCHED':
      return onLaunch(state, event);
    case 'TRACKING_RESTORED': {
      if (state.tracking || !event.tracking?.sessionId) return state;
      const session = event.session && isHttpUrl(event.session.widgetUrl) ? event.session : undefined;
      return {
        ...state,
        step: 'status',
        selection: event.selection ?? state.selection,
        launch: { ...idleLaunch(state), phase: 'launched', ...(session ? { session } : {}) },
        tracking: event.tracking,
      };
    }
    case 'TRANSACTION_UPDATED':
      return state;
    default:
      return onInput(state, event);
  }
}
