// The options of createRampServer: the environment variables of docs/CONTRACTS.md §1 as a typed,
// documented object. This file imports nothing, so the package's type declarations stand alone; each
// option is defined (variable, check, default, secrecy) in entries.ts, and options.test.ts holds
// this type to those definitions.

/** Options of `createRampServer`; each mirrors an environment variable (docs/CONTRACTS.md §1). */
export interface RampServerOptions {
  /** PORT (the CLI and `npm start` listen on it). @default 8787 */
  port?: number;
  /** HOST. @default '127.0.0.1' */
  host?: string;
  /** RAMP_API_BASE_URL: the upstream. Unset: the embedded sandbox answers. */
  apiBaseUrl?: string;
  /** RAMP_API_KEY: required with apiBaseUrl. */
  apiKey?: string;
  /** RAMP_SERVICE_VERSION. @default '2026-02-03' */
  serviceVersion?: string;
  /** RAMP_VERSION_HEADER. @default 'Service-Version' */
  versionHeader?: string;
  /** RAMP_ALLOWED_ORIGINS: merchant origins allowed to call /api/ramp from a browser. @default [] */
  allowedOrigins?: string[];
  /** RAMP_REDIRECT_ORIGINS: origins a session's redirectUrl may use. @default allowedOrigins + own origin */
  redirectOrigins?: string[];
  /** RAMP_ADMIN_TOKEN: the console's and the intents endpoint's bearer token (≥ 16 chars). Unset: those answer 404. */
  adminToken?: string;
  /** RAMP_SESSION_SECRET (≥ 32 chars). @default made once, kept in dataDir (`session-secret`) */
  sessionSecret?: string;
  /** RAMP_PUBLIC_URL: the server's public origin (the sandbox's pages are linked from it). @default `http://<host>:<port>` */
  publicUrl?: string;
  /**
   * RAMP_TRUST_PROXY: how many reverse proxies stand in front of the server (each appends to
   * X-Forwarded-For); the client's address is that many entries from the right. `true` is 1. @default false
   */
  trustProxy?: boolean | number;
  /** RAMP_UPSTREAM_TIMEOUT_MS: one upstream attempt. @default 10000 */
  upstreamTimeoutMs?: number;
  /** RAMP_REQUEST_DEADLINE_MS: a browser request's total time for upstream work, retries included. @default 10000 */
  requestDeadlineMs?: number;
  /** RAMP_QUOTE_BINDING_TTL_MS: how long a quote's terms bind a session (later, a new quote is needed). @default 300000 */
  quoteBindingTtlMs?: number;
  /** RAMP_SESSION_TIMEOUT_MS: session creation's own upstream timeout (it outlives the browser's deadline). @default 60000 */
  sessionTimeoutMs?: number;
  /** RAMP_UPSTREAM_MAX_BYTES: the largest upstream answer read. @default 2097152 */
  upstreamMaxBytes?: number;
  /** RAMP_UPSTREAM_CONCURRENCY: upstream calls at once, all clients together. @default 64 */
  upstreamConcurrency?: number;
  /** RAMP_REDIS_URL: several instances share rate limits, cache, idempotency and leases (with databaseUrl). */
  redisUrl?: string;
  /** RAMP_DATABASE_URL: several instances share the ledger and webhook queue in PostgreSQL (with redisUrl). */
  databaseUrl?: string;
  /** RAMP_DATA_DIR: the embedded ledger's folder (relative to the working directory). @default './.ramp-data' */
  dataDir?: string;
  /** RAMP_WEBHOOK_URL: where signed webhooks go (with webhookSecret). */
  webhookUrl?: string;
  /** RAMP_WEBHOOK_SECRET: the webhooks' HMAC key, ≥ 32 characters or `whsec_<base64>` (with webhookUrl). */
  webhookSecret?: string;
  /** RAMP_WEBHOOK_SECRET_PREVIOUS: during a rotation, the old secret, which also signs every delivery. */
  webhookSecretPrevious?: string;
  /** RAMP_WEBHOOK_RETRY_BASE_MS: the first retry's delay; later ones double. @default 8000 */
  webhookRetryBaseMs?: number;
  /** RAMP_WEBHOOK_TIMEOUT_MS: how long one delivery attempt waits for the endpoint's answer. @default 10000 */
  webhookTimeoutMs?: number;
  /** RAMP_UPSTREAM_WEBHOOK_SECRET: the service's webhook profile secret; turns on POST /api/ramp/webhooks/upstream. */
  upstreamWebhookSecret?: string;
  /** RAMP_SYNC_INTERVAL_MS: first wait between status checks of an open order. @default 3000 */
  syncIntervalMs?: number;
  /** RAMP_CHECKOUT_EXPIRES_MS: an order with no transaction this long after its session becomes EXPIRED (webhook `checkout.expired`). @default 86400000 (24 h) */
  checkoutExpiresMs?: number;
  /** RAMP_LEASE_TTL_MS: how long a dead instance's status-sync and webhook leases last before another takes over. @default 15000 */
  leaseTtlMs?: number;
  /** RAMP_DRAIN_MS: after SIGTERM, how long /readyz answers 503 while requests are still served, before the port closes. @default 5000 */
  drainMs?: number;
  /** RAMP_MIGRATE: `serve` migrates the ledger at start; false: it refuses to start while migrations are due (run `ramp-checkout migrate`). @default true */
  migrate?: boolean;
  /** RAMP_ROLE (or `serve --role`): `web` serves without background jobs, `worker` runs them and serves only the health endpoints, `all` both. @default 'all' */
  role?: 'web' | 'worker' | 'all';
  /** RAMP_RETENTION_DAYS: terminal orders and delivered webhooks older than this many days are pruned in the background. @default 400 */
  retentionDays?: number;
  /** RAMP_RANKING_LEARNING: each quote carries its partner's completion rate here (orders of the last 30 days, smoothed), for the widget's ranking; false: no `completion` on quotes. @default true */
  rankingLearning?: boolean;
  /** RAMP_RATE_LIMIT_QUOTE: quotes per client, `<per minute>[/<burst>]`. @default '120/30' */
  rateLimitQuote?: string;
  /** RAMP_RATE_LIMIT_SESSION: session creations per client. @default '30/10' */
  rateLimitSession?: string;
  /** RAMP_RATE_LIMIT_DISCOVERY: discovery cache misses per client. @default '60/30' */
  rateLimitDiscovery?: string;
  /** RAMP_RATE_LIMIT_TRANSACTION: transaction reads per client. @default '120/30' */
  rateLimitTransaction?: string;
  /** RAMP_SANDBOX_TIME_SCALE: speed of the sandbox's simulated processing. @default 1 */
  sandboxTimeScale?: number;
  /** RAMP_SANDBOX_CONTROL: expose /__sandbox/* for end-to-end tests. @default false */
  sandboxControl?: boolean;
  /** RAMP_SELF_CHECK: a development aid: each JSON answer and webhook event is checked against its declared schema before it leaves (a mismatch is a 500 naming the field). @default false */
  selfCheck?: boolean;
  /**
   * The client's IP address, for `fetch` called from a Web-standard host (Next.js, workers), where
   * the server cannot see the socket: e.g. the platform's header. Not an environment variable; the
   * Node entries (`nodeHandler`, the CLI, `npm start`) read the socket instead.
   */
  clientIp?: (request: Request) => string | null | undefined;
}
