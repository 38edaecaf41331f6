// The host server's paths below API_PREFIX, written once, with no schema: the browser's client builds
// its requests from them and the server's route declarations are routed by them, so a path cannot be
// spelt two ways. Mirrored paths are exactly the upstream's; `:name` is a parameter. What a checkout
// asks is apart from the rest, so a shopper's bundle carries only its own.

/** What the checkout (its client, its bootstrap, its intent, its recent orders) asks. */
export const CHECKOUT_PATHS = {
  countries: '/network-partner/supported/countries',
  defaults: '/network-partner/defaults/:country/:category',
  currencies: '/network-partner/supported/currencies',
  paymentMethods: '/network-partner/supported/payment-methods',
  routes: '/network-partner/supported/routes/:category/:country/:source/:destination',
  quote: '/payments/crypto/quote',
  session: '/crypto/session/widget',
  transactionBySession: '/payments/transactions/sessions/:sessionId',
  transaction: '/payments/transactions/:transactionId',
  transactions: '/payments/transactions',
  financialAccounts: '/financial-accounts',
  financialAccountTransactions: '/financial-accounts/transactions',
  sessionLookup: '/sessions/lookup',
  bootstrap: '/bootstrap',
  currentIntent: '/intents/current',
  origin: '/origin',
} as const;

/** The merchant's, the console's and the server's own. */
export const HOST_PATHS = {
  adminSession: '/admin/session',
  intents: '/intents',
  orders: '/orders',
  order: '/orders/:sessionId',
  stats: '/stats',
  deliveries: '/webhooks/deliveries',
  resendDelivery: '/webhooks/deliveries/:id/resend',
  upstreamWebhook: '/webhooks/upstream',
  openapi: '/openapi.json',
} as const;

export const PATHS = { ...CHECKOUT_PATHS, ...HOST_PATHS } as const;

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
