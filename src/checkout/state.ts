// The checkout's state: one plain, serialisable value that `next()` maps to its successor.
import type { Direction, Quote } from '../api/types';
import type { AmountLimits } from './amount';
import type { QuoteSort, Ranking } from './ranking';

export type Step =
  | 'direction'
  | 'country'
  | 'currencies'
  | 'paymentMethod'
  | 'amount'
  | 'quotes'
  | 'wallet'
  | 'launch'
  | 'status';

/** The steps in flow order. */
export const STEPS: readonly Step[] = [
  'direction',
  'country',
  'currencies',
  'paymentMethod',
  'amount',
  'quotes',
  'wallet',
  'launch',
  'status',
];

export const stepIndex = (step: Step): number => STEPS.indexOf(step);

/** The last step the shopper fills in: the one right before launch (derived, not named). */
export const LAST_INPUT_STEP: Step = STEPS[STEPS.indexOf('launch') - 1] as Step;

/**
 * Screens are not steps: the UI groups the machine's steps into few screens. Every step the order
 * screen holds is asked on it at once; the machine still walks them one by one.
 */
export type Screen = 'order' | 'wallet' | 'review' | 'status';
export const SCREENS: readonly Screen[] = ['order', 'wallet', 'review', 'status'];
const SCREEN_OF: Record<Step, Screen> = {
  direction: 'order',
  country: 'order',
  currencies: 'order',
  paymentMethod: 'order',
  amount: 'order',
  quotes: 'order',
  wallet: 'wallet',
  launch: 'review',
  status: 'status',
};
export const screenOf = (step: Step): Screen => SCREEN_OF[step];

/** A crypto currency as the shopper picked it: the same code can live on several chains. */
export interface CryptoRef {
  currencyCode: string;
  chainCode?: string;
  contract?: string;
}

/** The shopper's choices. */
export interface Selection {
  direction: Direction;
  country?: string;
  /** ISO 3166-2 ("US-NY"), within `country`. */
  subdivision?: string;
  fiatCurrency?: string;
  crypto?: CryptoRef;
  /**
   * The chain of the crypto. Equal to `crypto.chainCode` once a crypto is chosen; before that it
   * holds a `network` option that narrows the crypto list.
   */
  network?: string;
  /** Canonical payment method (`PaymentMethod.method`), never a display name. */
  paymentMethod?: string;
  /** Canonical decimal string in the SOURCE currency: fiat on buy, crypto on sell. */
  amount?: string;
  /**
   * The partner whose offer the shopper picked. Absent: the best offer by their ranking is the
   * chosen one. The offer itself (price, fees) is read from the quotes, never kept here.
   */
  offer?: string;
  walletAddress?: string;
  /** Destination tag or memo, for a crypto whose chain needs one (XRP, XLM …; src/domain/wallet-tag.ts). */
  walletTag?: string;
}

/**
 * What the data says about the current choices: read from the queries by the caller and passed to
 * the guards with each event, never kept in the state. A fact not known yet is absent (a guard that
 * needs it is pending).
 */
export interface Facts {
  /** The chosen country needs a subdivision (US state) for routes and quotes. */
  requiresSubdivision?: boolean;
  /** For the chosen method across partners. undefined: not known yet; null: none published. */
  limits?: AmountLimits | null;
  /** Fiat per crypto unit; lets a sell amount (crypto) be checked against the fiat limits. */
  fiatPerCrypto?: number;
  fiatDecimals?: number;
  cryptoDecimals?: number;
  /** The quotes of the current quote request (undefined: not known yet) and when they arrived. */
  quotes?: readonly Quote[];
  quotesAt?: number;
}

/** Nothing known yet. */
export const NO_FACTS: Facts = {};

/** The shopper's preferences and the checkout's settings beside the selection. */
export interface Prefs {
  /** A selected quote older than this cannot be continued with or launched. */
  quoteTtlMs: number;
  /** How the shopper ranks offers; the automatic selection follows it. @default 'best' */
  quoteSort?: QuoteSort;
  /** What "best" weighs (the merchant's `ranking` option). @default 'expected' */
  ranking?: Ranking;
  /**
   * Who set the amount: the shopper (typed, even to empty), the merchant's `defaultAmount`, or the
   * automatic round sum (replaced when the limits change). Absent: given by the `amount` option, or none yet.
   */
  amountBy?: 'shopper' | 'option' | 'auto';
}

/** Option names (CONTRACTS §2) that map to selection fields and may be locked. */
export type LockableField =
  | 'direction'
  | 'country'
  | 'subdivision'
  | 'fiatCurrency'
  | 'cryptoCurrency'
  | 'network'
  | 'paymentMethod'
  | 'amount'
  | 'walletAddress';

export const LOCKABLE_FIELDS: readonly LockableField[] = [
  'direction',
  'country',
  'subdivision',
  'fiatCurrency',
  'cryptoCurrency',
  'network',
  'paymentMethod',
  'amount',
  'walletAddress',
];

export interface LaunchSession {
  id: string;
  widgetUrl: string;
  trackingToken: string;
}

export interface Launch {
  /** Per checkout run; idempotency keys are derived from it and the session request. */
  keySeed: string;
  /** The key to send as `Idempotency-Key`; set by SESSION_REQUESTED, the same for a retried request. */
  idempotencyKey?: string;
  phase: 'idle' | 'creating' | 'created' | 'launched' | 'failed';
  session?: LaunchSession;
  error?: { code: string; message: string };
}

/** The launched session to follow; its transaction is read by the queries, not kept here. */
export interface Tracking {
  sessionId: string;
  trackingToken: string;
}

export interface CheckoutState {
  step: Step;
  selection: Selection;
  prefs: Prefs;
  /** What the options say about the prefilled country needing a subdivision, until the data says. */
  prefillNeedsSubdivision?: boolean;
  /** Directions the shopper may choose between. */
  directions: readonly Direction[];
  /** Fields the merchant fixed (only those with a value). */
  locked: readonly LockableField[];
  /** Steps not shown because everything on them is fixed. */
  skipped: readonly Step[];
  /** The prefilled selection, restored by RESET. */
  prefill: Selection;
  /** The merchant's `defaultAmount`, in the source currency of the prefilled direction. */
  defaultAmount?: string;
  launch: Launch;
  tracking?: Tracking;
}

export const DEFAULT_QUOTE_TTL_MS = 60_000;
/** Used when the currency's decimals are not known yet. */
export const DEFAULT_DECIMALS = { fiat: 2, crypto: 8 } as const;

/** The chain a wallet address must belong to. */
export const chainOf = (s: Selection): string | undefined =>
  s.crypto ? (s.crypto.chainCode ?? s.crypto.currencyCode) : s.network;

export const sourceDecimals = (state: CheckoutState, facts: Facts): number =>
  state.selection.direction === 'buy'
    ? (facts.fiatDecimals ?? DEFAULT_DECIMALS.fiat)
    : (facts.cryptoDecimals ?? DEFAULT_DECIMALS.crypto);

export const isLocked = (state: CheckoutState, field: LockableField): boolean => state.locked.includes(field);

/** Source and destination currency codes, in the direction's order (buy: fiat → crypto). */
export function flowCodes(s: Selection): { source: string; destination: string } | null {
  if (!s.fiatCurrency || !s.crypto) return null;
  const crypto = s.crypto.currencyCode;
  return s.direction === 'buy'
    ? { source: s.fiatCurrency, destination: crypto }
    : { source: crypto, destination: s.fiatCurrency };
}
