// The host server's configuration, read once from the environment (docs/CONTRACTS.md §1) and validated
// so that a wrong value stops the server at start with a message that says what to fix. Messages
// name the variable and never repeat a secret's value.
import { randomBytes } from 'node:crypto';

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
  /** RAMP_SYNC_INTERVAL_MS: the first wait between status checks of an open order. */
  syncIntervalMs: number;
  /** RAMP_LEASE_TTL_MS: how long the status sync's and webhook sender's leases live unrenewed. */
  leaseTtlMs: number;
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

export function loadConfig(env: Env): ServerConfig {
  const issues: string[] = [];
  const get = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };

  const port = parsePort(get('PORT'), issues);
  const host = get('HOST') ?? DEFAULTS.host;
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    issues.push('HOST must be a host name or IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0');
  }

  const rawBase = get('RAMP_API_BASE_URL');
  const rawKey = env.RAMP_API_KEY?.trim() || undefined;
  let baseUrl = SANDBOX_BASE_URL;
  if (rawBase !== undefined) {
    const parsed = parseBaseUrl(rawBase);
    if ('error' in parsed) issues.push(`RAMP_API_BASE_URL ${parsed.error}`);
    else baseUrl = parsed.url;
    if (rawKey === undefined) {
      issues.push(
        'RAMP_API_KEY is required when RAMP_API_BASE_URL is set: set it to the API key of that upstream account',
      );
    }
  } else if (rawKey !== undefined) {
    issues.push(
      'RAMP_API_KEY is set but RAMP_API_BASE_URL is not: set RAMP_API_BASE_URL to the upstream address, ' +
        'or unset RAMP_API_KEY to run against the embedded sandbox',
    );
  }
  if (rawKey !== undefined && !HEADER_VALUE_RE.test(rawKey)) {
    issues.push('RAMP_API_KEY contains spaces or control characters: paste the key alone, without quotes');
  }

  const serviceVersion = get('RAMP_SERVICE_VERSION') ?? DEFAULTS.serviceVersion;
  if (!isIsoDate(serviceVersion)) {
    issues.push(
      `RAMP_SERVICE_VERSION must be a date of the form YYYY-MM-DD, e.g. ${DEFAULTS.serviceVersion}`,
    );
  }
  const versionHeader = get('RAMP_VERSION_HEADER') ?? DEFAULTS.versionHeader;
  if (!TOKEN_RE.test(versionHeader) || versionHeader.length > 64) {
    issues.push(
      'RAMP_VERSION_HEADER must be an HTTP header name (letters, digits and -), e.g. Service-Version',
    );
  } else if (RESERVED_HEADERS.has(versionHeader.toLowerCase())) {
    issues.push(`RAMP_VERSION_HEADER must not be ${versionHeader}: that header is set by the server itself`);
  }

  const rawPublic = get('RAMP_PUBLIC_URL');
  const publicUrl =
    rawPublic === undefined
      ? listenOrigin(host, port)
      : (parseOrigins('RAMP_PUBLIC_URL', rawPublic, issues)[0] ?? listenOrigin(host, port));
  if (rawPublic !== undefined && rawPublic.includes(',')) {
    issues.push('RAMP_PUBLIC_URL must be one origin, e.g. https://pay.shop.example');
  }

  const allowedOrigins = parseOrigins('RAMP_ALLOWED_ORIGINS', get('RAMP_ALLOWED_ORIGINS'), issues);
  const rawRedirect = get('RAMP_REDIRECT_ORIGINS');
  const redirectOrigins =
    rawRedirect === undefined ? null : parseOrigins('RAMP_REDIRECT_ORIGINS', rawRedirect, issues);

  const adminToken = get('RAMP_ADMIN_TOKEN') ?? null;
  if (adminToken !== null && (adminToken.length < 16 || !HEADER_VALUE_RE.test(adminToken))) {
    issues.push(
      'RAMP_ADMIN_TOKEN must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 24`), or unset to disable the console',
    );
  }

  const rawSecret = get('RAMP_SESSION_SECRET');
  if (rawSecret !== undefined && rawSecret.length < 32) {
    issues.push(
      'RAMP_SESSION_SECRET must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset for a random per-process secret',
    );
  }

  const timeoutMs = parseInteger(
    'RAMP_UPSTREAM_TIMEOUT_MS',
    get('RAMP_UPSTREAM_TIMEOUT_MS'),
    100,
    120_000,
    issues,
  );
  const requestDeadlineMs = parseInteger(
    'RAMP_REQUEST_DEADLINE_MS',
    get('RAMP_REQUEST_DEADLINE_MS'),
    100,
    120_000,
    issues,
  );
  const quoteBindingTtlMs = parseInteger(
    'RAMP_QUOTE_BINDING_TTL_MS',
    get('RAMP_QUOTE_BINDING_TTL_MS'),
    10_000,
    3_600_000,
    issues,
  );
  const sessionTimeoutMs = parseInteger(
    'RAMP_SESSION_TIMEOUT_MS',
    get('RAMP_SESSION_TIMEOUT_MS'),
    100,
    300_000,
    issues,
  );
  const maxResponseBytes = parseInteger(
    'RAMP_UPSTREAM_MAX_BYTES',
    get('RAMP_UPSTREAM_MAX_BYTES'),
    1024,
    64 * 1024 * 1024,
    issues,
  );
  const quoteRate = parseRate(
    'RAMP_RATE_LIMIT_QUOTE',
    get('RAMP_RATE_LIMIT_QUOTE'),
    DEFAULTS.quoteRate,
    issues,
  );
  const sessionRate = parseRate(
    'RAMP_RATE_LIMIT_SESSION',
    get('RAMP_RATE_LIMIT_SESSION'),
    DEFAULTS.sessionRate,
    issues,
  );
  const discoveryRate = parseRate(
    'RAMP_RATE_LIMIT_DISCOVERY',
    get('RAMP_RATE_LIMIT_DISCOVERY'),
    DEFAULTS.discoveryRate,
    issues,
  );
  const transactionRate = parseRate(
    'RAMP_RATE_LIMIT_TRANSACTION',
    get('RAMP_RATE_LIMIT_TRANSACTION'),
    DEFAULTS.transactionRate,
    issues,
  );
  const concurrency = parseInteger(
    'RAMP_UPSTREAM_CONCURRENCY',
    get('RAMP_UPSTREAM_CONCURRENCY'),
    1,
    10_000,
    issues,
  );
  const trustProxy = parseFlag('RAMP_TRUST_PROXY', get('RAMP_TRUST_PROXY'), issues);
  const sandboxControl = parseFlag('RAMP_SANDBOX_CONTROL', get('RAMP_SANDBOX_CONTROL'), issues);
  if (sandboxControl && rawBase !== undefined) {
    issues.push(
      'RAMP_SANDBOX_CONTROL only applies to the embedded sandbox: unset it or unset RAMP_API_BASE_URL',
    );
  }
  const rawScale = get('RAMP_SANDBOX_TIME_SCALE');
  let sandboxTimeScale = 1;
  if (rawScale !== undefined) {
    const n = Number(rawScale);
    if (!Number.isFinite(n) || n <= 0 || n > 100) {
      issues.push(
        'RAMP_SANDBOX_TIME_SCALE must be a number above 0 and at most 100 (1 = realistic, 0.1 = faster)',
      );
    } else sandboxTimeScale = n;
  }

  const redisUrl = get('RAMP_REDIS_URL') ?? null;
  const databaseUrl = get('RAMP_DATABASE_URL') ?? null;
  // Messages never repeat these URLs: they may carry passwords.
  if (redisUrl !== null && !/^rediss?:$/.test(protocolOf(redisUrl))) {
    issues.push('RAMP_REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379');
  }
  if (databaseUrl !== null && !/^postgres(ql)?:$/.test(protocolOf(databaseUrl))) {
    issues.push(
      'RAMP_DATABASE_URL must be a postgres:// or postgresql:// URL, e.g. postgres://ramp@127.0.0.1:5432/ramp',
    );
  }
  if (redisUrl !== null && databaseUrl === null) {
    issues.push(
      'RAMP_REDIS_URL is set but RAMP_DATABASE_URL is not: several instances need both (Redis for rate limits, ' +
        'cache, idempotency and leases; PostgreSQL for the ledger and webhook queue). Set RAMP_DATABASE_URL, ' +
        'or unset RAMP_REDIS_URL to run one instance with embedded storage',
    );
  }
  if (databaseUrl !== null && redisUrl === null) {
    issues.push(
      'RAMP_DATABASE_URL is set but RAMP_REDIS_URL is not: several instances need both (PostgreSQL for the ' +
        'ledger and webhook queue; Redis for rate limits, cache, idempotency and the leases that keep two ' +
        'instances from doing the same work). Set RAMP_REDIS_URL, or unset RAMP_DATABASE_URL',
    );
  }
  if ((redisUrl !== null || databaseUrl !== null) && rawSecret === undefined) {
    issues.push(
      'RAMP_SESSION_SECRET is required with RAMP_REDIS_URL / RAMP_DATABASE_URL: every instance must sign ' +
        'tracking tokens with the same secret (e.g. `openssl rand -hex 32`, the same value for all)',
    );
  }
  const merchant = parseMerchant(get, issues);

  if (issues.length > 0) throw new ConfigError(issues);

  return {
    port,
    host,
    mode: rawBase === undefined ? 'sandbox' : 'remote',
    upstream: {
      baseUrl,
      apiKey: rawKey ?? `sbx_${randomBytes(24).toString('base64url')}`,
      serviceVersion,
      versionHeader,
      timeoutMs: timeoutMs ?? DEFAULTS.timeoutMs,
      sessionTimeoutMs: sessionTimeoutMs ?? DEFAULTS.sessionTimeoutMs,
      maxResponseBytes: maxResponseBytes ?? DEFAULTS.maxResponseBytes,
      concurrency: concurrency ?? DEFAULTS.concurrency,
    },
    requestDeadlineMs: requestDeadlineMs ?? DEFAULTS.requestDeadlineMs,
    quoteBindingTtlMs: quoteBindingTtlMs ?? DEFAULTS.quoteBindingTtlMs,
    publicUrl,
    allowedOrigins,
    redirectOrigins,
    adminToken,
    sessionSecret: rawSecret ?? randomBytes(32).toString('base64url'),
    trustProxy,
    sandboxControl,
    sandboxTimeScale,
    rateLimits: {
      quote: quoteRate,
      session: sessionRate,
      discovery: discoveryRate,
      transaction: transactionRate,
    },
    redisUrl,
    databaseUrl,
    merchant,
  };
}

export const MERCHANT_DEFAULTS = {
  dataDir: './.ramp-data',
  webhookRetryBaseMs: 8_000,
  syncIntervalMs: 3_000,
  leaseTtlMs: 15_000,
};

function parseMerchant(get: (name: string) => string | undefined, issues: string[]): MerchantConfig {
  const url = get('RAMP_WEBHOOK_URL');
  const secret = get('RAMP_WEBHOOK_SECRET');
  let webhook: MerchantConfig['webhook'] = null;
  if ((url === undefined) !== (secret === undefined)) {
    issues.push('RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET go together: set both, or neither');
  } else if (url !== undefined && secret !== undefined) {
    const parsed = parseBaseUrl(url);
    if ('error' in parsed) issues.push(`RAMP_WEBHOOK_URL ${parsed.error}`);
    if (secret.length < 32 || !HEADER_VALUE_RE.test(secret)) {
      issues.push(
        'RAMP_WEBHOOK_SECRET must be at least 32 printable characters without spaces (e.g. `openssl rand -hex 32`)',
      );
    }
    webhook = { url, secret };
  }
  return {
    dataDir: get('RAMP_DATA_DIR') ?? MERCHANT_DEFAULTS.dataDir,
    webhook,
    webhookRetryBaseMs:
      parseInteger('RAMP_WEBHOOK_RETRY_BASE_MS', get('RAMP_WEBHOOK_RETRY_BASE_MS'), 10, 600_000, issues) ??
      MERCHANT_DEFAULTS.webhookRetryBaseMs,
    syncIntervalMs:
      parseInteger('RAMP_SYNC_INTERVAL_MS', get('RAMP_SYNC_INTERVAL_MS'), 50, 3_600_000, issues) ??
      MERCHANT_DEFAULTS.syncIntervalMs,
    leaseTtlMs:
      parseInteger('RAMP_LEASE_TTL_MS', get('RAMP_LEASE_TTL_MS'), 300, 600_000, issues) ??
      MERCHANT_DEFAULTS.leaseTtlMs,
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

function parsePort(raw: string | undefined, issues: string[]): number {
  if (raw === undefined) return DEFAULTS.port;
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 0 && n <= 65535)) {
    issues.push(`PORT must be an integer from 0 to 65535 (got "${raw.slice(0, 20)}")`);
    return DEFAULTS.port;
  }
  return n;
}

function parseBaseUrl(raw: string): { url: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'must be an absolute http(s) URL, e.g. https://api.example.com' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'must use http or https' };
  if (url.username || url.password) {
    return { error: 'must not contain credentials: put the key in RAMP_API_KEY' };
  }
  if (url.search || url.hash) return { error: 'must not have a query string or fragment' };
  return { url: url.href.replace(/\/+$/, '') };
}

/** Parses a comma-separated origin list; each entry must be exactly scheme://host[:port]. */
export function parseOrigins(name: string, raw: string | undefined, issues: string[]): string[] {
  if (raw === undefined) return [];
  const out: string[] = [];
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
  return out;
}

function parseInteger(
  name: string,
  raw: string | undefined,
  min: number,
  max: number,
  issues: string[],
): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) {
    issues.push(`${name} must be an integer from ${min} to ${max}`);
    return undefined;
  }
  return n;
}

/** `<perMinute>` or `<perMinute>/<burst>`, e.g. "120" or "120/30". */
function parseRate(name: string, raw: string | undefined, fallback: RateRule, issues: string[]): RateRule {
  if (raw === undefined) return { ...fallback };
  const m = /^(\d{1,6})(?:\/(\d{1,6}))?$/.exec(raw);
  const perMinute = m ? Number(m[1]) : 0;
  const burst = m?.[2] !== undefined ? Number(m[2]) : Math.max(1, Math.min(perMinute, fallback.burst));
  if (!m || perMinute < 1 || burst < 1) {
    issues.push(`${name} must be "<requests per minute>" or "<requests per minute>/<burst>", e.g. 120/30`);
    return { ...fallback };
  }
  return { perMinute, burst };
}

function parseFlag(name: string, raw: string | undefined, issues: string[]): boolean {
  if (raw === undefined) return false;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  issues.push(`${name} must be 1 or 0`);
  return false;
}

function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}
