// The host server's configuration: createRampServer's options (options.ts), or the environment
// turned into them (env.ts), checked by one schema made from the options' list (entries.ts) so that a wrong value stops the server
// at start with a message that says what to fix. A message names the setting as the caller did
// (`upstreamTimeoutMs`, or `RAMP_UPSTREAM_TIMEOUT_MS`) with the value given, never a secret's.
import * as v from 'valibot';
import type { RampServerOptions } from './options';
import { SECRET_OPTIONS } from './entries';
import { configSchema, isHidden } from './schema';

export interface RateRule {
  /** Bucket size: requests allowed in a burst. */
  burst: number;
  /** Sustained requests per minute (refill rate). */
  perMinute: number;
}

/**
 * The server's configuration: createRampServer's options checked, each under its own name with its
 * default (schema.ts), and beside them what the parts want grouped, renamed or null when unset.
 */
export interface ServerConfig
  extends
    Required<Omit<RampServerOptions, keyof ServerConfigParts | NoDefault | Grouped>>,
    Pick<RampServerOptions, NoDefault>,
    ServerConfigParts {}

// Written as the options' type rather than inferred from the schema: the package's declarations
// import no package (valibot). options.test.ts holds it to the schema's output.
/** Options without a default: unset, they stay undefined. */
type NoDefault =
  'apiBaseUrl' | 'webhookUrl' | 'webhookSecret' | 'webhookSecretPrevious' | 'upstreamWebhookSecret';
/** Options read only through a group (rateLimits), and the function that is no configuration. */
type Grouped = `rateLimit${string}` | 'clientIp';

/** What the configuration adds to the options, or makes of them (schema.ts toServerConfig). */
export interface ServerConfigParts {
  /** RAMP_API_KEY, or in sandbox mode a random per-process key shared with the sandbox. */
  apiKey: string;
  /** `sandbox` when RAMP_API_BASE_URL is unset: the embedded simulator answers upstream calls. */
  mode: 'sandbox' | 'remote';
  upstream: {
    /** The upstream base URL without a trailing slash (sandbox mode: an in-process placeholder). */
    baseUrl: string;
    /** RAMP_API_KEY, or in sandbox mode a random per-process key shared with the sandbox. */
    apiKey: string;
    serviceVersion: string;
    versionHeader: string;
    timeoutMs: number;
    /**
     * Session creation's own timeout (RAMP_SESSION_TIMEOUT_MS): longer than the browser's deadline,
     * so a slow creation finishes and a retry with the same Idempotency-Key gets its session.
     */
    sessionTimeoutMs: number;
    /** Upstream answers are read up to this many bytes; a larger one is a 502 (never cached). */
    maxResponseBytes: number;
    /** At most this many upstream calls at once, for all clients together. */
    concurrency: number;
  };
  /**
   * The server's public origin (RAMP_PUBLIC_URL; default: the listen address). The default redirect
   * origin, and links the server gives out: never read from a request's Host or X-Forwarded-Host.
   */
  publicUrl: string;
  /** RAMP_TRUST_PROXY as a count of reverse proxies in front (0: none; `true` reads as 1). */
  trustProxy: number;
  /**
   * The path the server is mounted at on that origin (the path of RAMP_PUBLIC_URL, e.g. `/ramp`;
   * '' at the root): its pages, the embed, /api/ramp and the sandbox are all under it.
   */
  basePath: string;
  /** Origins a session's redirectUrl may point to; null = allowedOrigins plus publicUrl. */
  redirectOrigins: string[] | null;
  /** Null: the merchant console endpoints answer 404. */
  adminToken: string | null;
  /** HMAC key of tracking tokens and idempotent session ids. */
  sessionSecret: string;
  /**
   * Per client: quotes, sessions, discovery cache misses (what reaches the upstream) and
   * transaction reads.
   */
  rateLimits: { quote: RateRule; session: RateRule; discovery: RateRule; transaction: RateRule };
  /**
   * Several instances: RAMP_REDIS_URL (rate limits, cache, idempotency, leases) and RAMP_DATABASE_URL
   * (ledger, webhook queue), both or neither; null: everything in process and embedded.
   */
  redisUrl: string | null;
  databaseUrl: string | null;
  /** The ledger, intents and webhook queue (docs/CONTRACTS.md §5). */
  merchant: MerchantConfig;
}

export interface MerchantConfig {
  /** RAMP_DATA_DIR: the embedded store's folder, as given (relative paths resolve against the cwd). */
  dataDir: string;
  /**
   * RAMP_WEBHOOK_URL + RAMP_WEBHOOK_SECRET (+ RAMP_WEBHOOK_SECRET_PREVIOUS during a rotation), or null
   * (no webhooks are queued).
   */
  webhook: { url: string; secret: string; previousSecret: string | null } | null;
  /** RAMP_WEBHOOK_RETRY_BASE_MS: the first retry's delay (tests shorten it). */
  webhookRetryBaseMs: number;
  /** RAMP_WEBHOOK_TIMEOUT_MS: one delivery attempt's deadline. */
  webhookTimeoutMs: number;
  /**
   * RAMP_UPSTREAM_WEBHOOK_SECRET: the secret of the service's webhook profile, or null (the receiver
   * POST /api/ramp/webhooks/upstream answers 404).
   */
  upstreamWebhookSecret: string | null;
  /** RAMP_SYNC_INTERVAL_MS: the first wait between status checks of an open order. */
  syncIntervalMs: number;
  /** RAMP_CHECKOUT_EXPIRES_MS: an order with no transaction this long after its session expires. */
  checkoutExpiresMs: number;
  /** RAMP_LEASE_TTL_MS: how long the status sync's and webhook sender's leases live unrenewed. */
  leaseTtlMs: number;
  /** RAMP_RETENTION_DAYS: terminal orders and delivered webhooks older than this are pruned. */
  retentionDays: number;
  /** RAMP_RANKING_LEARNING: quotes carry their partner's completion rate from the ledger. */
  rankingLearning: boolean;
}

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid server configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** How the caller named what it gave: createRampServer's options, or environment variables (env.ts). */
export interface Caller {
  /** The caller's name of an option. */
  name(option: string): string;
  /** What the caller gave for it, as given. */
  given(option: string): unknown;
}

const asOptions = (options: RampServerOptions): Caller => ({
  name: (option) => option,
  given: (option) => (options as Record<string, unknown> | null)?.[option],
});

/** The configuration of createRampServer's options; throws a ConfigError listing every problem. */
export function resolveConfig(options: RampServerOptions, caller: Caller = asOptions(options)): ServerConfig {
  const result = v.safeParse(configSchema, options);
  if (!result.success) throw new ConfigError(result.issues.map((issue) => describe(issue, caller)));
  return result.output;
}

/**
 * The values that no log line or message may show: the options marked secret in entries.ts (keys,
 * tokens, store URLs), read from the options or from the configuration made of them.
 */
export const secretsOf = (values: RampServerOptions | ServerConfig): string[] =>
  SECRET_OPTIONS.flatMap((name) => {
    const value = (values as Record<string, unknown>)[name];
    return typeof value === 'string' ? [value] : [];
  });

/** `name: what to fix (got value)`, other options named as the caller names them. */
function describe(issue: v.BaseIssue<unknown>, caller: Caller): string {
  const message = issue.message.replace(/\{(\w+)\}/g, (_, option: string) => caller.name(option));
  const path = issue.path ?? [];
  const option = path[0]?.key;
  if (typeof option !== 'string') return message;
  const named = `${caller.name(option)}: ${message}`;
  // A problem between two options (schema.ts's raw check) has no one value to show.
  if (issue.type === 'raw_check') return named;
  if (isHidden(option)) return `${named} (hidden)`;
  // A list's entry is shown alone.
  const value = path.length > 1 ? path[path.length - 1]!.value : caller.given(option);
  return `${named} (got ${show(value)})`;
}

function show(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value !== 'string' && typeof value !== 'object') return String(value);
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  // A URL's user and password stay out, whatever the option.
  const shown = text.replace(/\/\/[^/@\s]*@/g, '//…@');
  const clipped = shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
  return typeof value === 'string' ? JSON.stringify(clipped) : clipped;
}

/**
 * How the status sync paces its reads (docs/CONTRACTS.md §5). Each unchanged check waits `backoff`
 * times longer than the last, from RAMP_SYNC_INTERVAL_MS up to `maxIntervals` times it. With the
 * service's webhooks received (RAMP_UPSTREAM_WEBHOOK_SECRET), polling is only their backstop: an
 * order older than `backstopAfterMs` is read at most every `backstopEveryMs`.
 */
export const SYNC_PACE = {
  backoff: 1.5,
  maxIntervals: 20,
  backstopAfterMs: 3_600_000,
  backstopEveryMs: 600_000,
} as const;

/** The status sync's pace for this configuration. */
export interface SyncPolicy {
  /** The first wait between checks of an order. */
  baseMs: number;
  /** Each unchanged check waits this many times longer than the last… */
  backoff: number;
  /** …up to this. */
  maxMs: number;
  /** With the service's webhooks received: orders older than `afterMs` are read at most every `everyMs`. */
  backstop: { afterMs: number; everyMs: number } | null;
  /** An order with no transaction this long after its session was created expires. */
  expiresMs: number;
}

export function syncPolicy(m: MerchantConfig): SyncPolicy {
  return {
    baseMs: m.syncIntervalMs,
    backoff: SYNC_PACE.backoff,
    maxMs: m.syncIntervalMs * SYNC_PACE.maxIntervals,
    backstop: m.upstreamWebhookSecret
      ? { afterMs: SYNC_PACE.backstopAfterMs, everyMs: SYNC_PACE.backstopEveryMs }
      : null,
    expiresMs: m.checkoutExpiresMs,
  };
}
