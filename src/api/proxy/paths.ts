// The host server's paths below API_PREFIX, written once, with no schema: the browser's client builds
// its requests from them and the server's route declarations (src/server/routes/) are routed by them,
// so a path cannot be spelt two ways. Mirrored paths are exactly the upstream's; `:name` is a parameter.
export const PATHS = {
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
  adminSession: '/admin/session',
  intents: '/intents',
  currentIntent: '/intents/current',
  orders: '/orders',
  order: '/orders/:sessionId',
  stats: '/stats',
  deliveries: '/webhooks/deliveries',
  resendDelivery: '/webhooks/deliveries/:id/resend',
  upstreamWebhook: '/webhooks/upstream',
  origin: '/origin',
  openapi: '/openapi.json',
} as const;

export type PathName = keyof typeof PATHS;

type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path's parameters by name. */
export type PathParams<N extends PathName> = Record<ParamsOf<(typeof PATHS)[N]>, string>;

/** A path with its parameters filled in, each percent-encoded. */
export function pathOf<N extends PathName>(
  name: N,
  ...params: ParamsOf<(typeof PATHS)[N]> extends never ? [] : [PathParams<N>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return PATHS[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key]!));
}
