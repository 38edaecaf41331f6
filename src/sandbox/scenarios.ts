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
   * Per partner, the share (0 to 1) of its paid transactions that fail (the `failed` walk), spread
   * evenly and fixed per session when it is created: `{ PAYBIS: 0.75 }` fails three sessions in four,
   * the first included. Orders that fail often, so the checkout's learned ranking shows (issue 27).
   */
  failing?: Readonly<Record<string, number>>;
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
  /** The walk of a new session of the partner: the `failing` share's turn, else the `walks` scenario's. */
  walkOfNewSession(partner: string): WalkName | undefined;
}

export function createScenarios(initial: Scenarios = {}): ScenarioControl {
  let current: Scenarios = initial;
  // Sessions per partner since the scenarios were set: whose turn it is to fail.
  let sessions = new Map<string, number>();
  return {
    set(s) {
      current = s;
      sessions = new Map();
    },
    clear() {
      current = {};
      sessions = new Map();
    },
    get current() {
      return current;
    },
    walkOfNewSession(partner) {
      const share = entryOf(current.failing, partner);
      if (share !== undefined) {
        const key = partner.toUpperCase();
        const n = sessions.get(key) ?? 0;
        sessions.set(key, n + 1);
        // Evenly spread: session n fails when the running count of failures due grows.
        if (Math.ceil((n + 1) * share) > Math.ceil(n * share)) return 'failed';
      }
      return walkOf(current, partner);
    },
  };
}

const entryOf = <T>(record: Readonly<Record<string, T>> | undefined, partner: string): T | undefined =>
  Object.entries(record ?? {}).find(([p]) => p.toUpperCase() === partner.toUpperCase())?.[1];

const has = (list: readonly string[] | undefined, partner: string) =>
  !!list?.some((p) => p.toUpperCase() === partner.toUpperCase());

export const isBySessionUnsupported = (s: Scenarios, partner: string) => has(s.bySessionUnsupported, partner);
export const asksTwoFactor = (s: Scenarios, partner: string) => has(s.twoFactor, partner);

/** The walk the scenario names for the partner, if any. */
export const walkOf = (s: Scenarios, partner: string): WalkName | undefined => entryOf(s.walks, partner);

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
