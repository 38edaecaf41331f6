// The step machine: a pure next(state, event). Ignored events return the same state object, so
// callers can tell a no-op by identity.
import type { Quote } from '../api/types';
import { isHttpUrl } from '../domain/url';
import type { AmountLimits } from './amount';
import { parseAmount } from './amount';
import type { Piece } from './dependencies';
import { PIECE_ORDER, invalidate, readPiece } from './dependencies';
import type { CheckoutEvent } from './events';
import { firstUnmet, guardStatus, readyToLaunch } from './guards';
import { idempotencyKeyFor } from './idempotency';
import { CANONICAL_METHOD, COUNTRY_CODE, CURRENCY_CODE, NETWORK_CODE, startStep } from './initial';
import { quoteRequest, sessionRequest } from './requests';
import type { CheckoutState, Context, CryptoRef, LockableField, Selection, Step, Tracking } from './state';
import { STEPS, flowCodes, sourceDecimals, stepIndex, subdivisionFits } from './state';
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
  if (s.launch.phase !== 'idle' && REQUEST_PIECES.some((p) => readPiece(p, prev) !== readPiece(p, s)))
    s = { ...s, launch: idleLaunch(s) };
  const before = STEPS[stepIndex(s.step) - 1];
  const failing = before && firstUnmet(s, before, undefined, true);
  return failing ? moveTo(s, failing) : s;
}

const sameChoices = (a: CheckoutState, b: CheckoutState): boolean =>
  PIECE_ORDER.every((p) => readPiece(p, a) === readPiece(p, b)) &&
  a.selection.network === b.selection.network &&
  a.context.requiresSubdivision === b.context.requiresSubdivision;

/** Writes choices and facts, clears what depended on changed pieces, then settles. */
function choose(
  state: CheckoutState,
  pieces: readonly Piece[],
  selection: Partial<Selection>,
  context: Partial<Context> = {},
): CheckoutState {
  const written: CheckoutState = {
    ...state,
    selection: { ...state.selection, ...selection },
    context: { ...state.context, ...context },
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
      return choose(state, ['direction'], { direction: event.direction });
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
      return choose(state, ['amount'], { amount });
    }
    case 'SET_WALLET': {
      const walletAddress = event.address.trim() || undefined;
      if (!event.byHost && blocked(state, 'walletAddress', walletAddress === s.walletAddress)) return state;
      return choose(state, ['walletAddress'], { walletAddress });
    }
    case 'SET_WALLET_TAG': {
      const walletTag = event.tag.trim() || undefined;
      return choose(state, ['walletTag'], { walletTag });
    }
    case 'SET_LIMITS': {
      // Limits belong to a chosen method; a late answer for a cleared method is dropped.
      if (!s.paymentMethod || !validLimits(event.limits) || sameLimits(state.context.limits, event.limits))
        return state;
      return settle(state, { ...state, context: { ...state.context, limits: event.limits } });
    }
    case 'SET_RATE': {
      const rate = event.fiatPerCrypto;
      if (!flowCodes(s) || !Number.isFinite(rate) || rate <= 0 || rate === state.context.fiatPerCrypto)
        return state;
      return settle(state, { ...state, context: { ...state.context, fiatPerCrypto: rate } });
    }
    case 'SELECT_QUOTE': {
      if (quoteRequest(state) === null || !quoteMatches(state, event.quote)) return state;
      return choose(state, ['quote'], { quote: { ...event.quote, receivedAt: event.at } });
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

function onNavigate(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const here = stepIndex(state.step);
  switch (event.type) {
    case 'CONTINUE':
      return onContinue(state, event.at);
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
        const unmet = firstUnmet(state, 'wallet', event.at);
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
    context: {
      ...state.context,
      requiresSubdivision:
        state.prefill.country === state.selection.country && state.context.requiresSubdivision,
    },
    launch: { keySeed, phase: 'idle' },
    tracking: undefined,
  };
  const next = invalidate(state, prefilled, REQUEST_PIECES);
  return { ...next, step: startStep(next) };
}

export function next(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  if (event.type === 'RESET') return onReset(state, event.idempotencyKey);
  // After launch the choices are history: only status updates apply.
  if (state.step === 'status') return onTracking(state, event);
  switch (event.type) {
    case 'CONTINUE':
    case 'BACK':
    case 'GO_TO':
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
