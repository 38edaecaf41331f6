// Behaviours of the real service the sandbox can switch on, for tests and demos: what some partners
// do that the happy path does not show (issue 14). Deterministic: a scenario applies to every
// matching request until it is changed.

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
