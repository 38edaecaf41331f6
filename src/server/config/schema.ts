// The server's configuration as one schema: createRampServer's options (options.ts) in, the
// ServerConfig out. One entry per option; what only makes sense together is checked on what the
// caller set; defaults.ts holds the defaults. A message says what to fix and writes another option
// as `{option}`: config.ts names it as the caller did (the option, or its environment variable).
//
// A new option: its line in options.ts (with its @default), its entry here (its default in
// defaults.ts), its variable in env.ts and in the README's table. It reaches `config` under its own
// name; reshape it in toServerConfig (and config.ts's Reshaped) only if a part wants it otherwise.
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { RampServerOptions } from './options';
import type { RateRule, ServerConfig } from './config';
import { DEFAULTS, SANDBOX_BASE_URL, listenOrigin } from './defaults';

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

/** What the caller gave: null, a blank string and an empty list are unset; strings are trimmed. */
function given(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (!Array.isArray(value)) return value;
  const items = value.map((i: unknown) => (typeof i === 'string' ? i.trim() : i)).filter((i) => i !== '');
  return items.length === 0 ? undefined : items;
}

/** An option: a value `schema` checks (and converts), or unset: then `fallback` (defaults.ts), if any. */
const option = <S extends v.GenericSchema, const D extends v.Default<S, undefined> = undefined>(
  schema: S,
  fallback?: D,
) =>
  // Absent (the outer optional) or blank (the inner one, after `given`): the same fallback.
  v.optional(v.pipe(v.unknown(), v.transform(given), v.optional(schema, fallback as D)), fallback as D);

// Options whose values never appear in a message (secrets, and URLs that may carry a password).
const hidden = new WeakSet<object>();
const secret = <S extends object>(schema: S): S => (hidden.add(schema), schema);

/** A string `ok` accepts; `message` says what is wanted. */
const text = (ok: (s: string) => boolean, message: string) => v.pipe(v.string(message), v.check(ok, message));

const integer = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`;
  return v.pipe(
    v.number(message),
    v.check((n) => Number.isInteger(n) && n >= min && n <= max, message),
  );
};

const flag = v.boolean('must be true or false');

/** `<per minute>` or `<per minute>/<burst>`, e.g. "120" or "120/30"; a rate alone keeps the default's burst. */
const rate = (fallback: RateRule) =>
  v.pipe(
    text(
      (s) => /^\d{1,6}(?:\/\d{1,6})?$/.test(s) && s.split('/').every((n) => Number(n) >= 1),
      'must be "<requests per minute>" or "<requests per minute>/<burst>", e.g. "120/30"',
    ),
    v.transform((s): RateRule => {
      const [perMinute, burst] = s.split('/').map(Number) as [number, number | undefined];
      return { perMinute, burst: burst ?? Math.max(1, Math.min(perMinute, fallback.burst)) };
    }),
  );

/** An absolute http(s) URL without credentials, query or fragment; no trailing slash. */
const httpUrl = (credentials: string) =>
  v.pipe(
    v.string('must be an absolute http(s) URL, e.g. https://api.example.com'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const url = URL.canParse(dataset.value) ? new URL(dataset.value) : null;
      const error = !url
        ? 'must be an absolute http(s) URL, e.g. https://api.example.com'
        : url.protocol !== 'https:' && url.protocol !== 'http:'
          ? 'must use http or https'
          : url.username || url.password
            ? credentials
            : url.search || url.hash
              ? 'must not have a query string or fragment'
              : null;
      if (url && !error) return url.href.replace(/\/+$/, '');
      addIssue({ message: error! });
      return NEVER;
    }),
  );

const ORIGIN =
  'each entry must be an origin, scheme://host[:port] with no path or trailing slash, e.g. https://shop.example';
const isOrigin = (s: string) => {
  const url = URL.canParse(s) ? new URL(s) : null;
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === s;
};
/** A list of origins, each exactly scheme://host[:port]; repeats are dropped. */
const origins = v.pipe(
  v.array(
    v.pipe(
      v.string(ORIGIN),
      v.check(isOrigin, (issue) =>
        issue.input === '*' ? 'must list origins explicitly; "*" is not accepted' : ORIGIN,
      ),
    ),
    'must be a list of origins, e.g. ["https://shop.example"]',
  ),
  v.transform((list) => [...new Set(list)]),
);

const PUBLIC_URL =
  'must be scheme://host[:port], optionally with the path the server is mounted at (https://shop.example/ramp), no query';
/**
 * An origin, optionally with the path the server is mounted at (`/ramp`; a trailing slash is
 * dropped). No query, fragment, dot segments or encodings: the path prefixes every URL.
 */
const publicUrl = v.pipe(
  v.string(PUBLIC_URL),
  v.check(
    (s) => !s.includes(','),
    'must be one URL, e.g. https://pay.shop.example or https://shop.example/ramp',
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const entry = dataset.value;
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const basePath = url?.pathname.replace(/\/+$/, '') ?? '';
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      // What the URL parser would change (case, dot segments, encodings, a query) is refused.
      (entry !== `${url.origin}${basePath}` && entry !== `${url.origin}${basePath}/`) ||
      !/^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/.test(basePath)
    ) {
      addIssue({ message: PUBLIC_URL });
      return NEVER;
    }
    return { origin: url.origin, basePath };
  }),
);

/** A shared-store URL whose scheme `protocols` accepts (never repeated: it may hold a password). */
const storeUrl = (protocols: RegExp, message: string) =>
  text((s) => protocols.test(URL.canParse(s) ? new URL(s).protocol : ''), message);

function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

// ---- one entry per option (options.ts documents each; defaults.ts gives the defaults) ----

const entries = {
  port: option(integer(0, 65535), DEFAULTS.port),
  host: option(
    text(
      (s) => /^[A-Za-z0-9.:[\]-]+$/.test(s),
      'must be a host name or IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0',
    ),
    DEFAULTS.host,
  ),
  apiBaseUrl: option(httpUrl('must not contain credentials: put the key in {apiKey}')),
  apiKey: secret(
    option(
      text(
        (s) => HEADER_VALUE_RE.test(s),
        'contains spaces or control characters: paste the key alone, without quotes',
      ),
    ),
  ),
  serviceVersion: option(
    text(isIsoDate, `must be a date of the form YYYY-MM-DD, e.g. ${DEFAULTS.serviceVersion}`),
    DEFAULTS.serviceVersion,
  ),
  versionHeader: option(
    v.pipe(
      text(
        (s) => TOKEN_RE.test(s) && s.length <= 64,
        'must be an HTTP header name (letters, digits and -), e.g. Service-Version',
      ),
      v.check(
        (s) => !RESERVED_HEADERS.has(s.toLowerCase()),
        (i) => `must not be ${String(i.input)}: that header is set by the server itself`,
      ),
    ),
    DEFAULTS.versionHeader,
  ),
  allowedOrigins: option(origins, DEFAULTS.allowedOrigins),
  redirectOrigins: option(origins),
  adminToken: secret(
    option(
      text(
        (s) => s.length >= 16 && HEADER_VALUE_RE.test(s),
        'must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 24`), or unset to disable the console',
      ),
    ),
  ),
  sessionSecret: secret(
    option(
      text(
        (s) => s.length >= 32,
        'must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset for a random per-process secret',
      ),
    ),
  ),
  publicUrl: option(publicUrl),
  trustProxy: option(flag, DEFAULTS.trustProxy),
  upstreamTimeoutMs: option(integer(100, 120_000), DEFAULTS.upstreamTimeoutMs),
  requestDeadlineMs: option(integer(100, 120_000), DEFAULTS.requestDeadlineMs),
  quoteBindingTtlMs: option(integer(10_000, 3_600_000), DEFAULTS.quoteBindingTtlMs),
  sessionTimeoutMs: option(integer(100, 300_000), DEFAULTS.sessionTimeoutMs),
  upstreamMaxBytes: option(integer(1024, 64 * 1024 * 1024), DEFAULTS.upstreamMaxBytes),
  upstreamConcurrency: option(integer(1, 10_000), DEFAULTS.upstreamConcurrency),
  redisUrl: secret(
    option(storeUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379')),
  ),
  databaseUrl: secret(
    option(
      storeUrl(
        /^postgres(ql)?:$/,
        'must be a postgres:// or postgresql:// URL, e.g. postgres://ramp@127.0.0.1:5432/ramp',
      ),
    ),
  ),
  dataDir: option(v.string('must be a folder path'), DEFAULTS.dataDir),
  webhookUrl: option(httpUrl('must not contain credentials: the webhooks are signed with {webhookSecret}')),
  webhookSecret: secret(
    option(
      text(
        (s) => s.length >= 32 && HEADER_VALUE_RE.test(s),
        'must be at least 32 printable characters without spaces (e.g. `openssl rand -hex 32`)',
      ),
    ),
  ),
  webhookRetryBaseMs: option(integer(10, 600_000), DEFAULTS.webhookRetryBaseMs),
  webhookTimeoutMs: option(integer(100, 120_000), DEFAULTS.webhookTimeoutMs),
  upstreamWebhookSecret: secret(
    option(
      text(
        (s) => s.length >= 16 && HEADER_VALUE_RE.test(s),
        "must be the webhook profile's secret as the service gave it (at least 16 printable characters, no spaces); `ramp-checkout upstream-webhooks register` prints it",
      ),
    ),
  ),
  syncIntervalMs: option(integer(50, 3_600_000), DEFAULTS.syncIntervalMs),
  checkoutExpiresMs: option(integer(1_000, 30 * 86_400_000), DEFAULTS.checkoutExpiresMs),
  leaseTtlMs: option(integer(300, 600_000), DEFAULTS.leaseTtlMs),
  drainMs: option(integer(0, 600_000), DEFAULTS.drainMs),
  migrate: option(flag, DEFAULTS.migrate),
  role: option(v.picklist(['web', 'worker', 'all'], 'must be web, worker or all'), DEFAULTS.role),
  retentionDays: option(integer(1, 36_500), DEFAULTS.retentionDays),
  rateLimitQuote: option(rate(DEFAULTS.rateLimitQuote)),
  rateLimitSession: option(rate(DEFAULTS.rateLimitSession)),
  rateLimitDiscovery: option(rate(DEFAULTS.rateLimitDiscovery)),
  rateLimitTransaction: option(rate(DEFAULTS.rateLimitTransaction)),
  sandboxTimeScale: option(
    v.pipe(
      v.number('must be a number above 0 and at most 100 (1 = realistic, 0.1 = faster)'),
      v.check(
        (n) => n > 0 && n <= 100,
        'must be a number above 0 and at most 100 (1 = realistic, 0.1 = faster)',
      ),
    ),
    DEFAULTS.sandboxTimeScale,
  ),
  sandboxControl: option(flag, DEFAULTS.sandboxControl),
  clientIp: option(v.function('must be a function (request) => the client IP address')),
} satisfies Record<keyof RampServerOptions, v.GenericSchema>;

type Given = v.InferOutput<v.ObjectSchema<typeof entries, undefined>>;

/** Whether the caller's value of `option` stays out of messages. */
export const isHidden = (option: string): boolean =>
  option in entries && hidden.has(entries[option as keyof typeof entries]);

/**
 * Options that only make sense together, checked on what was set (valid or not; an option checked
 * here has no default). Its problems are the only ones raised by a raw check (config.ts shows no
 * value for them: they concern two options).
 */
const together = v.rawCheck<Given>(({ dataset, addIssue }) => {
  const o = dataset.value as Partial<Given> | null;
  if (typeof o !== 'object' || o === null) return;
  const set = (key: keyof Given) => o[key] !== undefined;
  const problem = (key: keyof Given, message: string) =>
    addIssue({ message, path: [{ type: 'object', origin: 'value', input: o, key, value: o[key] }] });
  if (set('apiBaseUrl') && !set('apiKey')) {
    problem('apiKey', 'required when {apiBaseUrl} is set: set it to the API key of that upstream account');
  }
  if (!set('apiBaseUrl') && set('apiKey')) {
    problem(
      'apiKey',
      'set without {apiBaseUrl}: set {apiBaseUrl} to the upstream address, or unset {apiKey} to run against the embedded sandbox',
    );
  }
  if (o.sandboxControl === true && set('apiBaseUrl')) {
    problem('sandboxControl', 'only applies to the embedded sandbox: unset it or unset {apiBaseUrl}');
  }
  const redis = set('redisUrl');
  const database = set('databaseUrl');
  if (redis && !database) {
    problem(
      'redisUrl',
      'set, but {databaseUrl} is not: several instances need both (Redis for rate limits, cache, ' +
        'idempotency and leases; PostgreSQL for the ledger and webhook queue). Set {databaseUrl}, or ' +
        'unset {redisUrl} to run one instance with embedded storage',
    );
  }
  if (database && !redis) {
    problem(
      'databaseUrl',
      'set, but {redisUrl} is not: several instances need both (PostgreSQL for the ledger and webhook ' +
        'queue; Redis for rate limits, cache, idempotency and the leases that keep two instances from ' +
        'doing the same work). Set {redisUrl}, or unset {databaseUrl}',
    );
  }
  if ((redis || database) && !set('sessionSecret')) {
    problem(
      'sessionSecret',
      'required with {redisUrl} / {databaseUrl}: every instance must sign tracking tokens with the ' +
        'same secret (e.g. `openssl rand -hex 32`, the same value for all)',
    );
  }
  if (set('webhookUrl') && !set('webhookSecret')) {
    problem('webhookSecret', 'required with {webhookUrl}: set both, or neither');
  }
  if (set('webhookSecret') && !set('webhookUrl')) {
    problem('webhookUrl', 'required with {webhookSecret}: set both, or neither');
  }
});

/**
 * The configuration of valid options: the ones a part wants renamed, grouped or null when unset are
 * reshaped here; every other option is kept as it is, with its default (config.ts: Reshaped).
 */
function toServerConfig(o: Given): ServerConfig {
  const {
    apiBaseUrl,
    apiKey,
    serviceVersion,
    versionHeader,
    upstreamTimeoutMs,
    sessionTimeoutMs,
    upstreamMaxBytes,
    upstreamConcurrency,
    publicUrl,
    redirectOrigins,
    adminToken,
    sessionSecret,
    rateLimitQuote,
    rateLimitSession,
    rateLimitDiscovery,
    rateLimitTransaction,
    redisUrl,
    databaseUrl,
    dataDir,
    webhookUrl,
    webhookSecret,
    webhookRetryBaseMs,
    webhookTimeoutMs,
    upstreamWebhookSecret,
    syncIntervalMs,
    checkoutExpiresMs,
    leaseTtlMs,
    retentionDays,
    clientIp: _clientIp, // createRampServer reads it from the options: not configuration
    ...kept
  } = o;
  return {
    ...kept,
    mode: apiBaseUrl === undefined ? 'sandbox' : 'remote',
    upstream: {
      baseUrl: apiBaseUrl ?? SANDBOX_BASE_URL,
      // The sandbox checks a key like the service: a random one per process, shared with it.
      apiKey: apiKey ?? `sbx_${randomBytes(24).toString('base64url')}`,
      serviceVersion,
      versionHeader,
      timeoutMs: upstreamTimeoutMs,
      sessionTimeoutMs,
      maxResponseBytes: upstreamMaxBytes,
      concurrency: upstreamConcurrency,
    },
    publicUrl: publicUrl?.origin ?? listenOrigin(kept.host, kept.port),
    basePath: publicUrl?.basePath ?? '',
    redirectOrigins: redirectOrigins ?? null,
    adminToken: adminToken ?? null,
    sessionSecret: sessionSecret ?? randomBytes(32).toString('base64url'),
    rateLimits: {
      quote: rateLimitQuote ?? { ...DEFAULTS.rateLimitQuote },
      session: rateLimitSession ?? { ...DEFAULTS.rateLimitSession },
      discovery: rateLimitDiscovery ?? { ...DEFAULTS.rateLimitDiscovery },
      transaction: rateLimitTransaction ?? { ...DEFAULTS.rateLimitTransaction },
    },
    redisUrl: redisUrl ?? null,
    databaseUrl: databaseUrl ?? null,
    merchant: {
      dataDir,
      webhook:
        webhookUrl !== undefined && webhookSecret !== undefined
          ? { url: webhookUrl, secret: webhookSecret }
          : null,
      webhookRetryBaseMs,
      webhookTimeoutMs,
      upstreamWebhookSecret: upstreamWebhookSecret ?? null,
      syncIntervalMs,
      checkoutExpiresMs,
      leaseTtlMs,
      retentionDays,
    },
  };
}

/** createRampServer's options → the server's configuration. */
export const configSchema = v.pipe(
  v.object(entries, 'the options must be an object'),
  together,
  v.transform(toServerConfig),
);
