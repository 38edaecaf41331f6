// The host server's paths below API_PREFIX, written once, with no schema: the browser's client builds
// its requests from them and the server's route declarations are routed by them, so a path cannot be
// spelt two ways. Mirrored paths are exactly the upstream's; `:name` is a parameter. What a checkout
// asks is here, each path a constant, so a shopper's bundle carries only its own; the host's own
// paths are in host-paths.ts.

// What the checkout (its client, its bootstrap, its intent, its recent orders) asks: each a constant
// of its own, so a shopper's bundle carries only the ones it uses, written in place.
export const COUNTRIES_PATH = '/network-partner/supported/countries';
export const DEFAULTS_PATH = '/network-partner/defaults/:country/:category';
export const CURRENCIES_PATH = '/network-partner/supported/currencies';
export const PAYMENT_METHODS_PATH = '/network-partner/supported/payment-methods';
export const ROUTES_PATH = '/network-partner/supported/routes/:category/:country/:source/:destination';
export const QUOTE_PATH = '/payments/crypto/quote';
export const SESSION_PATH = '/crypto/session/widget';
export const TRANSACTION_BY_SESSION_PATH = '/payments/transactions/sessions/:sessionId';
export const TRANSACTION_PATH = '/payments/transactions/:transactionId';
export const TRANSACTIONS_PATH = '/payments/transactions';
export const FINANCIAL_ACCOUNTS_PATH = '/financial-accounts';
export const FINANCIAL_ACCOUNT_TRANSACTIONS_PATH = '/financial-accounts/transactions';
export const SESSION_LOOKUP_PATH = '/sessions/lookup';
export const BOOTSTRAP_PATH = '/bootstrap';
export const CURRENT_INTENT_PATH = '/intents/current';
export const ORIGIN_PATH = '/origin';

/** The checkout's paths by name. */
export const CHECKOUT_PATHS = {
  countries: COUNTRIES_PATH,
  defaults: DEFAULTS_PATH,
  currencies: CURRENCIES_PATH,
  paymentMethods: PAYMENT_METHODS_PATH,
  routes: ROUTES_PATH,
  quote: QUOTE_PATH,
  session: SESSION_PATH,
  transactionBySession: TRANSACTION_BY_SESSION_PATH,
  transaction: TRANSACTION_PATH,
  transactions: TRANSACTIONS_PATH,
  financialAccounts: FINANCIAL_ACCOUNTS_PATH,
  financialAccountTransactions: FINANCIAL_ACCOUNT_TRANSACTIONS_PATH,
  sessionLookup: SESSION_LOOKUP_PATH,
  bootstrap: BOOTSTRAP_PATH,
  currentIntent: CURRENT_INTENT_PATH,
  origin: ORIGIN_PATH,
} as const;

/** The `:name`s of a path. */
export type PathNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its parameters filled in, each percent-encoded. */
export function fill<P extends string>(path: P, params: Record<PathNames<P>, string>): string {
  const values: Record<string, string> = params;
  return path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? ''));
}
