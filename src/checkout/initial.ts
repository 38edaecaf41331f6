// The state a checkout starts in: options prefill choices, locks fix them, and a step whose every
// field is fixed is skipped.
import { subdivisionFits } from '../domain/codes';
import type { Direction } from '../api/types';
import type { Ranking } from './ranking';
import { MAX_DECIMALS, parseAmount } from './amount';
import { guardStatus } from './guards';
import type { CheckoutState, LockableField, Selection, Step } from './state';
import { DEFAULT_QUOTE_TTL_MS, LOCKABLE_FIELDS, NO_FACTS, STEPS } from './state';
import { CODE } from '../domain/codes';

/** Prefilled values, named as the widget options (CONTRACTS §2). */
export interface Prefill {
  country?: string;
  subdivision?: string;
  fiatCurrency?: string;
  cryptoCurrency?: string;
  /** A chainCode. */
  network?: string;
  /** A canonical payment method. */
  paymentMethod?: string;
  /** In the source currency of the initial direction. */
  amount?: string;
  /** The amount to start from when none is given, replaceable by the shopper (source currency). */
  defaultAmount?: string;
  walletAddress?: string;
}

export interface CheckoutInit {
  /** @default the first of `directions` */
  direction?: Direction;
  /** @default ['buy', 'sell'] */
  directions?: readonly Direction[];
  prefill?: Prefill;
  /** Fields the shopper may not change; a lock without a value is dropped. */
  locked?: readonly LockableField[];
  /** Seed of this run's idempotency keys (a fresh random UUID per widget instance). */
  idempotencyKey: string;
  /** @default 60000 */
  quoteTtlMs?: number;
  /** What the best offer is chosen by. @default 'expected' */
  ranking?: Ranking;
  /** Whether the prefilled country needs a subdivision, when known up front (lets a locked country step be skipped). */
  requiresSubdivision?: boolean;
}

// The identifier rules of src/domain/codes.ts, by what the checkout calls them.
export const CANONICAL_METHOD = CODE.paymentMethod;
export const CURRENCY_CODE = CODE.currency;
export const NETWORK_CODE = CODE.network;
export const COUNTRY_CODE = CODE.country;

const code = (v: string | undefined, pattern: RegExp): string | undefined => {
  const c = v?.trim().toUpperCase();
  return c && pattern.test(c) ? c : undefined;
};

function prefilledSelection(direction: Direction, p: Prefill): Selection {
  const country = code(p.country, COUNTRY_CODE);
  const subdivision = code(p.subdivision, CODE.subdivision);
  const network = code(p.network, NETWORK_CODE);
  const cryptoCode = code(p.cryptoCurrency, CURRENCY_CODE);
  const amount = p.amount === undefined ? undefined : parseAmount(p.amount, undefined, MAX_DECIMALS);
  const method = p.paymentMethod?.trim();
  const wallet = p.walletAddress?.trim();
  return {
    direction,
    country,
    subdivision: subdivisionFits(country, subdivision) ? subdivision : undefined,
    fiatCurrency: code(p.fiatCurrency, CURRENCY_CODE),
    crypto: cryptoCode ? { currencyCode: cryptoCode, ...(network ? { chainCode: network } : {}) } : undefined,
    network,
    paymentMethod: method && CANONICAL_METHOD.test(method) ? method : undefined,
    amount: amount?.ok ? amount.value : undefined,
    walletAddress: wallet || undefined,
  };
}

const HAS_VALUE: Record<LockableField, (s: Selection) => boolean> = {
  direction: () => true,
  country: (s) => !!s.country,
  subdivision: (s) => !!s.subdivision,
  fiatCurrency: (s) => !!s.fiatCurrency,
  cryptoCurrency: (s) => !!s.crypto,
  network: (s) => !!s.network,
  paymentMethod: (s) => !!s.paymentMethod,
  amount: (s) => !!s.amount,
  walletAddress: (s) => !!s.walletAddress,
};

/** The fields of each step; a step is skipped when all of them are locked (locks imply values). */
const STEP_FIELDS: Partial<Record<Step, readonly LockableField[]>> = {
  direction: ['direction'],
  country: ['country', 'subdivision'],
  currencies: ['fiatCurrency', 'cryptoCurrency', 'network'],
  paymentMethod: ['paymentMethod'],
  amount: ['amount'],
  wallet: ['walletAddress'],
};

function skippedSteps(
  locked: readonly LockableField[],
  directions: readonly Direction[],
  requiresSubdivision: boolean | undefined,
): Step[] {
  const fixed = (f: LockableField) => locked.includes(f);
  return STEPS.filter((step) => {
    if (step === 'direction') return directions.length === 1;
    // A locked country needs no subdivision step when it is known to need none.
    if (step === 'country')
      return fixed('country') && (fixed('subdivision') || requiresSubdivision === false);
    const fields = STEP_FIELDS[step];
    return !!fields && fields.every(fixed);
  });
}

/** Where a run starts: the first step that is shown, or a skipped one the shopper must see fail. */
export function startStep(state: CheckoutState): Step {
  return (
    STEPS.find((s) => !state.skipped.includes(s) || guardStatus(state, s, NO_FACTS) === 'failed') ?? 'launch'
  );
}

export function initialState(init: CheckoutInit): CheckoutState {
  const allowed = (init.directions ?? []).filter(
    (d, i, all) => (d === 'buy' || d === 'sell') && all.indexOf(d) === i,
  );
  const offered: Direction[] = allowed.length ? allowed : ['buy', 'sell'];
  const direction =
    init.direction && offered.includes(init.direction) ? init.direction : (offered[0] ?? 'buy');
  const selection = prefilledSelection(direction, init.prefill ?? {});
  const locked = LOCKABLE_FIELDS.filter((f) => init.locked?.includes(f) && HAS_VALUE[f](selection));
  const directions = locked.includes('direction') ? [direction] : offered;
  const ttl = init.quoteTtlMs;
  const given = init.prefill?.defaultAmount;
  const parsedDefault = given === undefined ? undefined : parseAmount(given, undefined, MAX_DECIMALS);
  const defaultAmount = parsedDefault?.ok ? parsedDefault.value : undefined;
  const startAmount = selection.amount ?? defaultAmount;
  const state: CheckoutState = {
    step: 'direction',
    selection: startAmount === selection.amount ? selection : { ...selection, amount: startAmount },
    prefs: {
      ...(startAmount !== selection.amount ? { amountBy: 'option' as const } : {}),
      ...(init.ranking ? { ranking: init.ranking } : {}),
      quoteTtlMs: ttl !== undefined && Number.isFinite(ttl) && ttl > 0 ? ttl : DEFAULT_QUOTE_TTL_MS,
    },
    ...(init.requiresSubdivision !== undefined ? { prefillNeedsSubdivision: init.requiresSubdivision } : {}),
    directions,
    locked,
    skipped: skippedSteps(locked, directions, init.requiresSubdivision),
    prefill: selection,
    ...(defaultAmount ? { defaultAmount } : {}),
    launch: { keySeed: init.idempotencyKey, phase: 'idle' },
  };
  return { ...state, step: startStep(state) };
}
