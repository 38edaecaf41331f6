// The options of createRampServer: the environment variables of docs/CONTRACTS.md §1 as a typed
// object (this file imports nothing, so the package's type declarations stand alone). Validation is
// the environment's: options are turned into variables and read by the one config parser.

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
  /** RAMP_SESSION_SECRET (≥ 32 chars). @default random per process */
  sessionSecret?: string;
  /** RAMP_PUBLIC_URL: the server's public origin (the sandbox's pages are linked from it). @default `http://<host>:<port>` */
  publicUrl?: string;
  /** RAMP_TRUST_PROXY: trust X-Forwarded-For from one reverse proxy. @default false */
  trustProxy?: boolean;
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
  /** RAMP_WEBHOOK_SECRET: the webhooks' HMAC key, ≥ 32 characters (with webhookUrl). */
  webhookSecret?: string;
  /** RAMP_WEBHOOK_RETRY_BASE_MS: the first retry's delay; later ones double. @default 8000 */
  webhookRetryBaseMs?: number;
  /** RAMP_UPSTREAM_WEBHOOK_SECRET: the service's webhook profile secret; turns on POST /api/ramp/webhooks/upstream. */
  upstreamWebhookSecret?: string;
  /** RAMP_SYNC_INTERVAL_MS: first wait between status checks of an open order. @default 3000 */
  syncIntervalMs?: number;
  /** RAMP_CHECKOUT_EXPIRES_MS: an order with no transaction this long after its session becomes EXPIRED (webhook `checkout.expired`). @default 86400000 (24 h) */
  checkoutExpiresMs?: number;
  /** RAMP_LEASE_TTL_MS: how long a dead instance's status-sync and webhook leases last before another takes over. @default 15000 */
  leaseTtlMs?: number;
  /** RAMP_RETENTION_DAYS: terminal orders and delivered webhooks older than this many days are pruned in the background. @default 400 */
  retentionDays?: number;
  /** RAMP_RATE_LIMIT_QUOTE, e.g. '120/30' (per minute / burst). */
  rateLimitQuote?: string;
  /** RAMP_RATE_LIMIT_SESSION, e.g. '30/10'. */
  rateLimitSession?: string;
  /** RAMP_RATE_LIMIT_DISCOVERY: discovery cache misses per client, e.g. '60/30'. */
  rateLimitDiscovery?: string;
  /** RAMP_RATE_LIMIT_TRANSACTION: transaction reads per client, e.g. '120/30'. */
  rateLimitTransaction?: string;
  /** RAMP_SANDBOX_TIME_SCALE: speed of the sandbox's simulated processing. @default 1 */
  sandboxTimeScale?: number;
  /** RAMP_SANDBOX_CONTROL: expose /__sandbox/* for end-to-end tests. @default false */
  sandboxControl?: boolean;
  /**
   * The client's IP address, for `fetch` called from a Web-standard host (Next.js, workers), where
   * the server cannot see the socket: e.g. the platform's header. Not an environment variable; the
   * Node entries (`nodeHandler`, the CLI, `npm start`) read the socket instead.
   */
  clientIp?: (request: Request) => string | null | undefined;
}

type Kind = 'string' | 'number' | 'boolean' | 'list';

/** The options that mirror an environment variable (all but the `clientIp` function). */
type EnvOption = Exclude<keyof RampServerOptions, 'clientIp'>;

export const OPTION_ENV: Record<EnvOption, [name: string, kind: Kind]> = {
  port: ['PORT', 'number'],
  host: ['HOST', 'string'],
  apiBaseUrl: ['RAMP_API_BASE_URL', 'string'],
  apiKey: ['RAMP_API_KEY', 'string'],
  serviceVersion: ['RAMP_SERVICE_VERSION', 'string'],
  versionHeader: ['RAMP_VERSION_HEADER', 'string'],
  allowedOrigins: ['RAMP_ALLOWED_ORIGINS', 'list'],
  redirectOrigins: ['RAMP_REDIRECT_ORIGINS', 'list'],
  adminToken: ['RAMP_ADMIN_TOKEN', 'string'],
  sessionSecret: ['RAMP_SESSION_SECRET', 'string'],
  publicUrl: ['RAMP_PUBLIC_URL', 'string'],
  trustProxy: ['RAMP_TRUST_PROXY', 'boolean'],
  upstreamTimeoutMs: ['RAMP_UPSTREAM_TIMEOUT_MS', 'number'],
  requestDeadlineMs: ['RAMP_REQUEST_DEADLINE_MS', 'number'],
  quoteBindingTtlMs: ['RAMP_QUOTE_BINDING_TTL_MS', 'number'],
  sessionTimeoutMs: ['RAMP_SESSION_TIMEOUT_MS', 'number'],
  upstreamMaxBytes: ['RAMP_UPSTREAM_MAX_BYTES', 'number'],
  upstreamConcurrency: ['RAMP_UPSTREAM_CONCURRENCY', 'number'],
  redisUrl: ['RAMP_REDIS_URL', 'string'],
  databaseUrl: ['RAMP_DATABASE_URL', 'string'],
  dataDir: ['RAMP_DATA_DIR', 'string'],
  webhookUrl: ['RAMP_WEBHOOK_URL', 'string'],
  webhookSecret: ['RAMP_WEBHOOK_SECRET', 'string'],
  webhookRetryBaseMs: ['RAMP_WEBHOOK_RETRY_BASE_MS', 'number'],
  upstreamWebhookSecret: ['RAMP_UPSTREAM_WEBHOOK_SECRET', 'string'],
  syncIntervalMs: ['RAMP_SYNC_INTERVAL_MS', 'number'],
  checkoutExpiresMs: ['RAMP_CHECKOUT_EXPIRES_MS', 'number'],
  leaseTtlMs: ['RAMP_LEASE_TTL_MS', 'number'],
  retentionDays: ['RAMP_RETENTION_DAYS', 'number'],
  rateLimitQuote: ['RAMP_RATE_LIMIT_QUOTE', 'string'],
  rateLimitSession: ['RAMP_RATE_LIMIT_SESSION', 'string'],
  rateLimitDiscovery: ['RAMP_RATE_LIMIT_DISCOVERY', 'string'],
  rateLimitTransaction: ['RAMP_RATE_LIMIT_TRANSACTION', 'string'],
  sandboxTimeScale: ['RAMP_SANDBOX_TIME_SCALE', 'number'],
  sandboxControl: ['RAMP_SANDBOX_CONTROL', 'boolean'],
};

export function optionsToEnv(o: RampServerOptions): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, [name, kind]] of Object.entries(OPTION_ENV)) {
    const v = o[key as EnvOption];
    if (v === undefined || v === null) continue;
    env[name] =
      kind === 'list' ? (v as string[]).join(',') : kind === 'boolean' ? (v ? '1' : '0') : String(v);
  }
  return env;
}

/** The options set in `env` (values as written; the config parser checks them). */
export function envToOptions(env: Record<string, string | undefined>): RampServerOptions {
  const out: Record<string, unknown> = {};
  for (const [key, [name, kind]] of Object.entries(OPTION_ENV)) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    out[key] =
      kind === 'number'
        ? Number(raw)
        : kind === 'boolean'
          ? raw === '1' || raw === 'true'
          : kind === 'list'
            ? raw
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : raw;
  }
  return out as RampServerOptions;
}
