// The environment as createRampServer's options (docs/CONTRACTS.md §1, the README's configuration
// table): one line per variable, the option it sets and how its text is read. Reading only converts;
// the schema (schema.ts) checks, and a problem is told by the variable's name with the text given.
import { ConfigError, resolveConfig } from './config';
import { unknownVariables } from './unknown-variables';
import type { RampServerOptions } from './options';

export type Env = Record<string, string | undefined>;

/** How a variable's text becomes the option's value; text that does not read is passed on as it is, for the schema to refuse. */
type Read = (text: string) => unknown;

const read = {
  string: (s: string) => s,
  number: (s: string) => (/^\d+(?:\.\d+)?$/.test(s) ? Number(s) : s),
  /** Whole milliseconds. */
  duration: (s: string) => (/^\d+$/.test(s) ? Number(s) : s),
  boolean: (s: string) => (s === '1' || s === 'true' ? true : s === '0' || s === 'false' ? false : s),
  /** Comma-separated. */
  list: (s: string) =>
    s
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
} satisfies Record<string, Read>;

/** The options an environment variable can set (all but the `clientIp` function). */
export type EnvOption = Exclude<keyof RampServerOptions, 'clientIp'>;

/** Each variable the server reads: the option it sets, and how its text is read. */
export const ENV_OPTIONS = {
  PORT: ['port', read.number],
  HOST: ['host', read.string],
  RAMP_API_BASE_URL: ['apiBaseUrl', read.string],
  RAMP_API_KEY: ['apiKey', read.string],
  RAMP_SERVICE_VERSION: ['serviceVersion', read.string],
  RAMP_VERSION_HEADER: ['versionHeader', read.string],
  RAMP_ALLOWED_ORIGINS: ['allowedOrigins', read.list],
  RAMP_REDIRECT_ORIGINS: ['redirectOrigins', read.list],
  RAMP_ADMIN_TOKEN: ['adminToken', read.string],
  RAMP_SESSION_SECRET: ['sessionSecret', read.string],
  RAMP_PUBLIC_URL: ['publicUrl', read.string],
  RAMP_TRUST_PROXY: ['trustProxy', read.boolean],
  RAMP_UPSTREAM_TIMEOUT_MS: ['upstreamTimeoutMs', read.duration],
  RAMP_REQUEST_DEADLINE_MS: ['requestDeadlineMs', read.duration],
  RAMP_QUOTE_BINDING_TTL_MS: ['quoteBindingTtlMs', read.duration],
  RAMP_SESSION_TIMEOUT_MS: ['sessionTimeoutMs', read.duration],
  RAMP_UPSTREAM_MAX_BYTES: ['upstreamMaxBytes', read.number],
  RAMP_UPSTREAM_CONCURRENCY: ['upstreamConcurrency', read.number],
  RAMP_REDIS_URL: ['redisUrl', read.string],
  RAMP_DATABASE_URL: ['databaseUrl', read.string],
  RAMP_DATA_DIR: ['dataDir', read.string],
  RAMP_WEBHOOK_URL: ['webhookUrl', read.string],
  RAMP_WEBHOOK_SECRET: ['webhookSecret', read.string],
  RAMP_WEBHOOK_RETRY_BASE_MS: ['webhookRetryBaseMs', read.duration],
  RAMP_WEBHOOK_TIMEOUT_MS: ['webhookTimeoutMs', read.duration],
  RAMP_UPSTREAM_WEBHOOK_SECRET: ['upstreamWebhookSecret', read.string],
  RAMP_SYNC_INTERVAL_MS: ['syncIntervalMs', read.duration],
  RAMP_CHECKOUT_EXPIRES_MS: ['checkoutExpiresMs', read.duration],
  RAMP_LEASE_TTL_MS: ['leaseTtlMs', read.duration],
  RAMP_RETENTION_DAYS: ['retentionDays', read.number],
  RAMP_DRAIN_MS: ['drainMs', read.duration],
  RAMP_MIGRATE: ['migrate', read.boolean],
  RAMP_ROLE: ['role', read.string],
  RAMP_RATE_LIMIT_QUOTE: ['rateLimitQuote', read.string],
  RAMP_RATE_LIMIT_SESSION: ['rateLimitSession', read.string],
  RAMP_RATE_LIMIT_DISCOVERY: ['rateLimitDiscovery', read.string],
  RAMP_RATE_LIMIT_TRANSACTION: ['rateLimitTransaction', read.string],
  RAMP_SANDBOX_TIME_SCALE: ['sandboxTimeScale', read.number],
  RAMP_SANDBOX_CONTROL: ['sandboxControl', read.boolean],
} as const satisfies Record<string, readonly [EnvOption, Read]>;

const VARIABLE: Partial<Record<string, string>> = Object.fromEntries(
  Object.entries(ENV_OPTIONS).map(([name, [option]]) => [option, name]),
);

/**
 * createRampServer's options from environment variables (docs/CONTRACTS.md §4); a variable set but
 * blank is unset. Throws a ConfigError naming every variable that is wrong, and any RAMP_* variable
 * it does not read (with the nearest known name).
 */
export function loadConfig(env: Env): RampServerOptions {
  const unknown = unknownVariables(env, Object.keys(ENV_OPTIONS));
  const options: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  // Read by name: an environment object of any kind works (and tests can see what is read).
  for (const [name, [option, reader]] of Object.entries(ENV_OPTIONS)) {
    const text = env[name]?.trim();
    if (text === undefined || text === '') continue;
    texts[option] = text;
    options[option] = reader(text);
  }
  try {
    resolveConfig(options as RampServerOptions, {
      name: (option) => VARIABLE[option] ?? option,
      given: (option) => texts[option],
    });
  } catch (e) {
    if (e instanceof ConfigError && unknown.length > 0) throw new ConfigError([...unknown, ...e.issues]);
    throw e;
  }
  if (unknown.length > 0) throw new ConfigError(unknown);
  return options as RampServerOptions;
}
