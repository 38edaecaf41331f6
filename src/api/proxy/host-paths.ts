// The host server's own paths below API_PREFIX beside the checkout's (paths.ts): the merchant's, the
// console's and the server's. A module of their own, so the chunk a page shares with the console
// never carries them to shoppers.
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
