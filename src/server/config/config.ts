// The host server's configuration, read once from the environment (docs/CONTRACTS.md §1) and validated
// so that a wrong value stops the server at start with a message that says what to fix. Messages
// name the variable and never repeat a secret's value.
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';

export type Env = Record<string, string | undefined>;

export interface RateRule {
  /** Bucket size: requests allowed in a burst. */
  burst: number;
  /** Sustained requests per minute (refill rate). */
  perMinute: number;
}

export interface ServerConfig {
  port: number;
  host: string;
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
  /** One browser request's total time for upstream work, retries included (RAMP_REQUEST_DEADLINE_MS). */
  requestDeadlineMs: number;
  /** How long a quote's terms bind a session: later, a session for them needs a new quote (RAMP_QUOTE_BINDING_TTL_MS). */
  quoteBindingTtlMs: number;
  /** Merchant origins allowed to call /api/ramp from a browser and to frame the hosted page. */
  allowedOrigins: string[];
  /**
   * The server's public origin (RAMP_PUBLIC_URL; default: the listen address). The default redirect
   * origin, and links the server gives out: never read from a request's Host or X-Forwarded-Host.
   */
  publicUrl: string;
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
  /** Trust X-Forwarded-For / X-Forwarded-Proto from one reverse proxy in front of the server. */
  trustProxy: boolean;
  /** Sandbox mode only: expose /__sandbox/* (fault injection, clock) for end-to-end tests. */
  sandboxControl: boolean;
  /** Sandbox mode only: speed of simulated provider processing (1 = realistic). */
  sandboxTimeScale: number;
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
  /** RAMP_WEBHOOK_URL + RAMP_WEBHOOK_SECRET, or null (no webhooks are queued). */
  webhook: { url: string; secret: string } | null;
  /** RAMP_WEBHOOK_RETRY_BASE_MS: the first retry's delay (tests shorten it). */
  webhookRetryBaseMs: number;
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
}

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid server configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Placeholder origin of the in-process sandbox: never resolved over the network. */
export const SANDBOX_BASE_URL = 'http://sandbox.internal';

export const DEFAULTS = {
  port: 8787,
  host: '127.0.0.1',
  serviceVersion: '2026-02-03',
  versionHeader: 'Service-Version',
  timeoutMs: 10_000,
  maxResponseBytes: 2 * 1024 * 1024,
  requestDeadlineMs: 10_000,
  quoteBindingTtlMs: 5 * 60_000,
  sessionTimeoutMs: 60_000,
  quoteRate: { burst: 30, perMinute: 120 },
  sessionRate: { burst: 10, perMinute: 30 },
  discoveryRate: { burst: 30, perMinute: 60 },
  transactionRate: { burst: 30, perMinute: 120 },
  concurrency: 64,
} as const;

const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE_RE = /^[\x21-\x7E]+$/;
// Headers the upstream client sets itself or that would break the request if overridden.
const RESERVED_HEADERS = new Set([
  'authorization',
  'host',
  'content-type',
  'content-length',
  'accept',
  'cookie',
  'connection',
  'transfer-encoding',
]);

// ---- the schema: one entry per variable (a value set but empty counts as unset) ----

/** A variable: trimmed, '' is unset; `then` checks and converts a set value. */
const variable = <S extends v.GenericSchema<string, unknown>>(then: S) =>
  v.pipe(
    v.optional(v.string()),
    v.transform((s) => (s?.trim() === '' ? undefined : s?.trim())),
    v.optional(then),
  );
const integer = (name: string, min: number, max: number) =>
  variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max,
        `${name} must be an integer from ${min} to ${max}`,
      ),
      v.transform(Number),
    ),
  );
const flag = (name: string) =>
  variable(
    v.pipe(
      v.string(),
      v.check((s) => ['1', 'true', '0', 'false'].includes(s), `${name} must be 1 or 0`),
      v.transform((s) => s === '1' || s === 'true'),
    ),
  );
/** `<perMinute>` or `<perMinute>/<burst>`, e.g. "120" or "120/30". */
const rate = (name: string, fallback: RateRule) =>
  variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => /^\d{1,6}(?:\/\d{1,6})?$/.test(s) && s.split('/').every((n) => Number(n) >= 1),
        `${name} must be "<requests per minute>" or "<requests per minute>/<burst>", e.g. 120/30`,
      ),
      v.transform((s): RateRule => {
        const [perMinute, burst] = s.split('/').map(Number) as [number, number | undefined];
        return { perMinute, burst: burst ?? Math.max(1, Math.min(perMinute, fallback.burst)) };
      }),
    ),
  );
/** An absolute http(s) URL without credentials, query or fragment; no trailing slash. */
const baseUrl = (name: string) =>
  variable(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const url = URL.canParse(dataset.value) ? new URL(dataset.value) : null;
        const error = !url
          ? 'must be an absolute http(s) URL, e.g. https://api.example.com'
          : url.protocol !== 'https:' && url.protocol !== 'http:'
            ? 'must use http or https'
            : url.username || url.password
              ? 'must not contain credentials: put the key in RAMP_API_KEY'
              : url.search || url.hash
                ? 'must not have a query string or fragment'
                : null;
        if (url && !error) return url.href.replace(/\/+$/, '');
        addIssue({ message: `${name} ${error}` });
        return NEVER;
      }),
    ),
  );
/** A comma-separated origin list; each entry exactly scheme://host[:port]. */
const origins = (name: string) =>
  variable(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const out: string[] = [];
        const issues = parseOrigins(name, dataset.value, out);
        for (const message of issues) addIssue({ message });
        return issues.length ? NEVER : out;
      }),
    ),
  );
/** A shared-store URL of one of `protocols`; the message never repeats it (it may hold a password). */
const storeUrl = (protocols: RegExp, message: string) =>
  variable(
    v.pipe(
      v.string(),
      v.check((s) => protocols.test(protocolOf(s)), message),
    ),
  );

const Variables = v.object({
  PORT: variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => /^\d{1,5}$/.test(s) && Number(s) <= 65535,
        (i) => `PORT must be an integer from 0 to 65535 (got "${String(i.input).slice(0, 20)}")`,
      ),
      v.transform(Number),
    ),
  ),
  HOST: variable(
    v.pipe(
      v.string(),
      v.regex(
        /^[A-Za-z0-9.:[\]-]+$/,
        'HOST must be a host name or IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0',
      ),
    ),
  ),
  RAMP_API_BASE_URL: baseUrl('RAMP_API_BASE_URL'),
  RAMP_API_KEY: variable(
    v.pipe(
      v.string(),
      v.regex(
        HEADER_VALUE_RE,
        'RAMP_API_KEY contains spaces or control characters: paste the key alone, without quotes',
      ),
    ),
  ),
  RAMP_SERVICE_VERSION: variable(
    v.pipe(
      v.string(),
      v.check(
        isIsoDate,
        `RAMP_SERVICE_VERSION must be a date of the form YYYY-MM-DD, e.g. ${DEFAULTS.serviceVersion}`,
      ),
    ),
  ),
  RAMP_VERSION_HEADER: variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => TOKEN_RE.test(s) && s.length <= 64,
        'RAMP_VERSION_HEADER must be an HTTP header name (letters, digits and -), e.g. Service-Version',
      ),
      v.check(
        (s) => !RESERVED_HEADERS.has(s.toLowerCase()),
        (i) => `RAMP_VERSION_HEADER must not be ${String(i.input)}: that header is set by the server itself`,
      ),
    ),
  ),
  RAMP_PUBLIC_URL: variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => !s.includes(','),
        'RAMP_PUBLIC_URL must be one URL, e.g. https://pay.shop.example or https://shop.example/ramp',
      ),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parsed = parsePublicUrl(dataset.value);
        if (typeof parsed === 'string') {
          addIssue({ message: parsed });
          return NEVER;
        }
        return parsed;
      }),
    ),
  ),
  RAMP_ALLOWED_ORIGINS: origins('RAMP_ALLOWED_ORIGINS'),
  RAMP_REDIRECT_ORIGINS: origins('RAMP_REDIRECT_ORIGINS'),
  RAMP_ADMIN_TOKEN: variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => s.length >= 16 && HEADER_VALUE_RE.test(s),
        'RAMP_ADMIN_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 24`), or unset to disable the console',
      ),
    ),
  ),
  RAMP_SESSION_SECRET: variable(
    v.pipe(
      v.string(),
      v.minLength(
        32,
        'RAMP_SESSION_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset for a random per-process secret',
      ),
    ),
  ),
  RAMP_UPSTREAM_TIMEOUT_MS: integer('RAMP_UPSTREAM_TIMEOUT_MS', 100, 120_000),
  RAMP_REQUEST_DEADLINE_MS: integer('RAMP_REQUEST_DEADLINE_MS', 100, 120_000),
  RAMP_QUOTE_BINDING_TTL_MS: integer('RAMP_QUOTE_BINDING_TTL_MS', 10_000, 3_600_000),
  RAMP_SESSION_TIMEOUT_MS: integer('RAMP_SESSION_TIMEOUT_MS', 100, 300_000),
  RAMP_UPSTREAM_MAX_BYTES: integer('RAMP_UPSTREAM_MAX_BYTES', 1024, 64 * 1024 * 1024),
  RAMP_UPSTREAM_CONCURRENCY: integer('RAMP_UPSTREAM_CONCURRENCY', 1, 10_000),
  RAMP_RATE_LIMIT_QUOTE: rate('RAMP_RATE_LIMIT_QUOTE', DEFAULTS.quoteRate),
  RAMP_RATE_LIMIT_SESSION: rate('RAMP_RATE_LIMIT_SESSION', DEFAULTS.sessionRate),
  RAMP_RATE_LIMIT_DISCOVERY: rate('RAMP_RATE_LIMIT_DISCOVERY', DEFAULTS.discoveryRate),
  RAMP_RATE_LIMIT_TRANSACTION: rate('RAMP_RATE_LIMIT_TRANSACTION', DEFAULTS.transactionRate),
  RAMP_TRUST_PROXY: flag('RAMP_TRUST_PROXY'),
  RAMP_SANDBOX_CONTROL: flag('RAMP_SANDBOX_CONTROL'),
  RAMP_SANDBOX_TIME_SCALE: variable(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.check(
        (n) => Number.isFinite(n) && n > 0 && n <= 100,
        'RAMP_SANDBOX_TIME_SCALE must be a number above 0 and at most 100 (1 = realistic, 0.1 = faster)',
      ),
    ),
  ),
  // Messages never repeat these URLs: they may carry passwords.
  RAMP_REDIS_URL: storeUrl(
    /^rediss?:$/,
    'RAMP_REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379',
  ),
  RAMP_DATABASE_URL: storeUrl(
    /^postgres(ql)?:$/,
    'RAMP_DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://ramp@127.0.0.1:5432/ramp',
  ),
  RAMP_DATA_DIR: variable(v.string()),
  RAMP_WEBHOOK_URL: baseUrl('RAMP_WEBHOOK_URL'),
  RAMP_WEBHOOK_SECRET: variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => s.length >= 32 && HEADER_VALUE_RE.test(s),
        'RAMP_WEBHOOK_SECRET must be at least 32 printable characters without spaces (e.g. `openssl rand -hex 32`)',
      ),
    ),
  ),
  RAMP_UPSTREAM_WEBHOOK_SECRET: variable(
    v.pipe(
      v.string(),
      v.check(
        (s) => s.length >= 16 && HEADER_VALUE_RE.test(s),
        "RAMP_UPSTREAM_WEBHOOK_SECRET must be the webhook profile's secret as the service gave it (at least 16 printable characters, no spaces); `ramp-checkout upstream-webhooks register` prints it",
      ),
    ),
  ),
  RAMP_WEBHOOK_RETRY_BASE_MS: integer('RAMP_WEBHOOK_RETRY_BASE_MS', 10, 600_000),
  RAMP_SYNC_INTERVAL_MS: integer('RAMP_SYNC_INTERVAL_MS', 50, 3_600_000),
  RAMP_CHECKOUT_EXPIRES_MS: integer('RAMP_CHECKOUT_EXPIRES_MS', 1_000, 30 * 86_400_000),
  RAMP_LEASE_TTL_MS: integer('RAMP_LEASE_TTL_MS', 300, 600_000),
  RAMP_RETENTION_DAYS: integer('RAMP_RETENTION_DAYS', 1, 36_500),
});

/** Every variable the configuration reads (docs/CONTRACTS.md §1). */
const ENV_NAMES = Object.keys(Variables.entries) as (keyof typeof Variables.entries)[];

/** Variables that only make sense together, checked on what was set (valid or not). */
const together = v.rawCheck<v.InferOutput<typeof Variables>>(({ dataset, addIssue }) => {
  const values = dataset.value as Partial<v.InferOutput<typeof Variables>>;
  const set = (name: (typeof ENV_NAMES)[number]) => values[name] !== undefined;
  const problem = (message: string) => addIssue({ message });
  if (set('RAMP_API_BASE_URL') && !set('RAMP_API_KEY')) {
    problem(
      'RAMP_API_KEY is required when RAMP_API_BASE_URL is set: set it to the API key of that upstream account',
    );
  }
  if (!set('RAMP_API_BASE_URL') && set('RAMP_API_KEY')) {
    problem(
      'RAMP_API_KEY is set but RAMP_API_BASE_URL is not: set RAMP_API_BASE_URL to the upstream address, ' +
        'or unset RAMP_API_KEY to run against the embedded sandbox',
    );
  }
  if (values.RAMP_SANDBOX_CONTROL === true && set('RAMP_API_BASE_URL')) {
    problem('RAMP_SANDBOX_CONTROL only applies to the embedded sandbox: unset it or unset RAMP_API_BASE_URL');
  }
  const redis = set('RAMP_REDIS_URL');
  const database = set('RAMP_DATABASE_URL');
  if (redis && !database) {
    problem(
      'RAMP_REDIS_URL is set but RAMP_DATABASE_URL is not: several instances need both (Redis for rate limits, ' +
        'cache, idempotency and leases; PostgreSQL for the ledger and webhook queue). Set RAMP_DATABASE_URL, ' +
        'or unset RAMP_REDIS_URL to run one instance with embedded storage',
    );
  }
  if (database && !redis) {
    problem(
      'RAMP_DATABASE_URL is set but RAMP_REDIS_URL is not: several instances need both (PostgreSQL for the ' +
        'ledger and webhook queue; Redis for rate limits, cache, idempotency and the leases that keep two ' +
        'instances from doing the same work). Set RAMP_REDIS_URL, or unset RAMP_DATABASE_URL',
    );
  }
  if ((redis || database) && !set('RAMP_SESSION_SECRET')) {
    problem(
      'RAMP_SESSION_SECRET is required with RAMP_REDIS_URL / RAMP_DATABASE_URL: every instance must sign ' +
        'tracking tokens with the same secret (e.g. `openssl rand -hex 32`, the same value for all)',
    );
  }
  if (set('RAMP_WEBHOOK_URL') !== set('RAMP_WEBHOOK_SECRET')) {
    problem('RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET go together: set both, or neither');
  }
});

const EnvSchema = v.pipe(Variables, together);

export function loadConfig(env: Env): ServerConfig {
  // Read by name (so an environment object of any kind works, and tests can see what is read).
  const raw = Object.fromEntries(ENV_NAMES.map((name) => [name, env[name]]));
  const result = v.safeParse(EnvSchema, raw);
  if (!result.success) throw new ConfigError(result.issues.map((i) => i.message));
  const e = result.output;

  const port = e.PORT ?? DEFAULTS.port;
  const host = e.HOST ?? DEFAULTS.host;
  const remote = e.RAMP_API_BASE_URL !== undefined;
  return {
    port,
    host,
    mode: remote ? 'remote' : 'sandbox',
    upstream: {
      baseUrl: e.RAMP_API_BASE_URL ?? SANDBOX_BASE_URL,
      apiKey: e.RAMP_API_KEY ?? `sbx_${randomBytes(24).toString('base64url')}`,
      serviceVersion: e.RAMP_SERVICE_VERSION ?? DEFAULTS.serviceVersion,
      versionHeader: e.RAMP_VERSION_HEADER ?? DEFAULTS.versionHeader,
      timeoutMs: e.RAMP_UPSTREAM_TIMEOUT_MS ?? DEFAULTS.timeoutMs,
      sessionTimeoutMs: e.RAMP_SESSION_TIMEOUT_MS ?? DEFAULTS.sessionTimeoutMs,
      maxResponseBytes: e.RAMP_UPSTREAM_MAX_BYTES ?? DEFAULTS.maxResponseBytes,
      concurrency: e.RAMP_UPSTREAM_CONCURRENCY ?? DEFAULTS.concurrency,
    },
    requestDeadlineMs: e.RAMP_REQUEST_DEADLINE_MS ?? DEFAULTS.requestDeadlineMs,
    quoteBindingTtlMs: e.RAMP_QUOTE_BINDING_TTL_MS ?? DEFAULTS.quoteBindingTtlMs,
    publicUrl: e.RAMP_PUBLIC_URL?.origin ?? listenOrigin(host, port),
    basePath: e.RAMP_PUBLIC_URL?.basePath ?? '',
    allowedOrigins: e.RAMP_ALLOWED_ORIGINS ?? [],
    redirectOrigins: e.RAMP_REDIRECT_ORIGINS ?? null,
    adminToken: e.RAMP_ADMIN_TOKEN ?? null,
    sessionSecret: e.RAMP_SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    trustProxy: e.RAMP_TRUST_PROXY ?? false,
    sandboxControl: e.RAMP_SANDBOX_CONTROL ?? false,
    sandboxTimeScale: e.RAMP_SANDBOX_TIME_SCALE ?? 1,
    rateLimits: {
      quote: e.RAMP_RATE_LIMIT_QUOTE ?? { ...DEFAULTS.quoteRate },
      session: e.RAMP_RATE_LIMIT_SESSION ?? { ...DEFAULTS.sessionRate },
      discovery: e.RAMP_RATE_LIMIT_DISCOVERY ?? { ...DEFAULTS.discoveryRate },
      transaction: e.RAMP_RATE_LIMIT_TRANSACTION ?? { ...DEFAULTS.transactionRate },
    },
    redisUrl: e.RAMP_REDIS_URL ?? null,
    databaseUrl: e.RAMP_DATABASE_URL ?? null,
    merchant: {
      dataDir: e.RAMP_DATA_DIR ?? MERCHANT_DEFAULTS.dataDir,
      webhook:
        e.RAMP_WEBHOOK_URL !== undefined && e.RAMP_WEBHOOK_SECRET !== undefined
          ? { url: e.RAMP_WEBHOOK_URL, secret: e.RAMP_WEBHOOK_SECRET }
          : null,
      webhookRetryBaseMs: e.RAMP_WEBHOOK_RETRY_BASE_MS ?? MERCHANT_DEFAULTS.webhookRetryBaseMs,
      upstreamWebhookSecret: e.RAMP_UPSTREAM_WEBHOOK_SECRET ?? null,
      syncIntervalMs: e.RAMP_SYNC_INTERVAL_MS ?? MERCHANT_DEFAULTS.syncIntervalMs,
      checkoutExpiresMs: e.RAMP_CHECKOUT_EXPIRES_MS ?? MERCHANT_DEFAULTS.checkoutExpiresMs,
      leaseTtlMs: e.RAMP_LEASE_TTL_MS ?? MERCHANT_DEFAULTS.leaseTtlMs,
      retentionDays: e.RAMP_RETENTION_DAYS ?? MERCHANT_DEFAULTS.retentionDays,
    },
  };
}

export const MERCHANT_DEFAULTS = {
  dataDir: './.ramp-data',
  webhookRetryBaseMs: 8_000,
  syncIntervalMs: 3_000,
  checkoutExpiresMs: 86_400_000,
  leaseTtlMs: 15_000,
  retentionDays: 400,
};

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

function protocolOf(raw: string): string {
  try {
    return new URL(raw).protocol;
  } catch {
    return '';
  }
}

/** A host to put in URLs: wildcard listen addresses are reached through loopback. */
export function hostForUrls(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The origin of the listen address (the development default of RAMP_PUBLIC_URL). */
export const listenOrigin = (host: string, port: number): string => `http://${hostForUrls(host)}:${port}`;

/** Parses a comma-separated origin list into `out`; each entry must be exactly scheme://host[:port]. */
/**
 * RAMP_PUBLIC_URL: an origin, optionally with the path the server is mounted at (`/ramp`; a trailing
 * slash is dropped). No query, fragment, dot segments or encodings: the path prefixes every URL.
 */
function parsePublicUrl(raw: string): { origin: string; basePath: string } | string {
  const entry = raw.trim();
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  const basePath = url?.pathname.replace(/\/+$/, '') ?? '';
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    // What the URL parser would change (case, dot segments, encodings, a query) is refused.
    (entry !== `${url.origin}${basePath}` && entry !== `${url.origin}${basePath}/`) ||
    !/^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/.test(basePath)
  ) {
    return `RAMP_PUBLIC_URL "${entry.slice(0, 80)}" must be scheme://host[:port], optionally with the path the server is mounted at (https://shop.example/ramp), no query`;
  }
  return { origin: url.origin, basePath };
}

function parseOrigins(name: string, raw: string, out: string[]): string[] {
  const issues: string[] = [];
  for (const part of raw.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    if (entry === '*') {
      issues.push(`${name} must list origins explicitly; "*" is not accepted`);
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== entry) {
      issues.push(
        `${name} entry "${entry.slice(0, 80)}" is not an origin: use scheme://host[:port] with no path or trailing slash, e.g. https://shop.example`,
      );
      continue;
    }
    if (!out.includes(url.origin)) out.push(url.origin);
  }
  return issues;
}

function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}
