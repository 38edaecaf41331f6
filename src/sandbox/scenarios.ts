// Behaviours of the real service the sandbox can switch on, for tests and demos: what some partners
// do that the happy path does not show (issue 14). Deterministic: a scenario applies to every
// matching request until it is changed.
import type { WalkName } from './transactions';

export interface Scenarios {
  /** Per partner, quote fields its quote items leave out (e.g. `{ TRANSAK: ['destinationAmount'] }`). */
  incompleteQuotes?: Readonly<Record<string, readonly string[]>>;
  /**
   * Partners whose transactions cannot be read by session: the by-session read answers 404
   * TRANSACTION_FETCH_BY_SESSION_PROVIDER_UNSUPPORTED; the transactions search still finds them.
   */
  bySessionUnsupported?: readonly string[];
  /**
   * Partners that ask the shopper for a verification once paid: the transaction passes through
   * TWO_FA_REQUIRED (with a verification URL in multiFactorAuthorizationStatus) and TWO_FA_PROVIDED.
   * Fixed per session when it is created.
   */
  twoFactor?: readonly string[];
  /**
   * Per partner, the named walk through the service's statuses its paid transactions take
   * (transactions.ts WALKS: `swap`, `partnerError`, `partialRefund`, `refund`). Fixed per session
   * when it is created.
   */
  walks?: Readonly<Record<string, WalkName>>;
  /**
   * How the sandbox's webhooks arrive, beyond what it always does as the service does (the first
   * event of a transaction without session ids, ERROR sent as TRANSACTION_CRYPTO_FAILED, retries of
   * an answer other than 200): `duplicates` sends each event twice; `outOfOrder` holds each
   * non-final event back until the next one of its transaction has gone.
   */
  webhooks?: { duplicates?: boolean; outOfOrder?: boolean };
}

export interface ScenarioControl {
  /** Replaces the scenarios. */
  set(s: Scenarios): void;
  clear(): void;
  readonly current: Scenarios;
}

export function createScenarios(initial: Scenarios = {}): ScenarioControl {
  let current: Scenarios = initial;
  return {
    set(s) {
      current = s;
    },
    clear() {
      current = {};
    },
    get current() {
      return current;
    },
  };
}

const has = (list: readonly string[] | undefined, partner: string) =>
  !!list?.some((p) => p.toUpperCase() === partner.toUpperCase());

export const isBySessionUnsupported = (s: Scenarios, partner: string) => has(s.bySessionUnsupported, partner);
export const asksTwoFactor = (s: Scenarios, partner: string) => has(s.twoFactor, partner);

/** The walk the scenario names for the partner, if any. */
export const walkOf = (s: Scenarios, partner: string): WalkName | undefined =>
  Object.entries(s.walks ?? {}).find(([p]) => p.toUpperCase() === partner.toUpperCase())?.[1];

/** The quote item without the fields the scenario leaves out for its partner. */
export function withoutFields<T extends { serviceProvider: string }>(s: Scenarios, quote: T): T {
  const entry = Object.entries(s.incompleteQuotes ?? {}).find(
    ([p]) => p.toUpperCase() === quote.serviceProvider.toUpperCase(),
  );
  if (!entry) return quote;
  const copy: Record<string, unknown> = { ...quote };
  for (const f of entry[1]) delete copy[f];
  return copy as T;
}
