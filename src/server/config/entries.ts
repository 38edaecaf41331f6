// createRampServer's options as one list: each entry its environment variable and how its text
// reads, its check (checks.ts), its default as a caller would write it, and whether its value is a
// secret (kept out of logs and messages). The schema (schema.ts), the environment map (env.ts), the
// defaults (defaults.ts) and the list of secrets are made from it; options.ts's documented type is
// checked against it (options.test.ts).
//
// A new option: its entry here, its field in options.ts (with its @default) and its README row.
// It reaches `config` under its own name; schema.ts's toServerConfig reshapes only what a part wants
// grouped or renamed.
import * as v from 'valibot';
import {
  PRINTABLE,
  flag,
  headerName,
  httpUrl,
  integer,
  isIsoDate,
  origins,
  proxyHops,
  publicUrl,
  rate,
  storeUrl,
  text,
} from './checks';
import { read } from './read';
import type { Read } from './read';

/** One option's definition. */
export interface OptionSpec<S extends v.GenericSchema = v.GenericSchema> {
  /** The environment variable that sets it (none: a function, set in code only). */
  env?: string;
  /** How the variable's text reads. @default read.string */
  read: Read;
  check: S;
  /** Used when the caller leaves it unset (or blank), checked like a given value. */
  default?: v.InferInput<S>;
  /** Its value never appears in a log line or message. */
  secret?: true;
}

interface Extras {
  read?: Read;
  secret?: true;
}
/** An option; its default's type is kept (none: `undefined`), so the checked options' type knows which are always set. */
function option<S extends v.GenericSchema, const D extends v.InferInput<S>>(
  env: string | undefined,
  check: S,
  o: Extras & { default: D },
): { env: string | undefined; read: Read; check: S; default: D; secret?: true };
function option<S extends v.GenericSchema>(
  env: string | undefined,
  check: S,
  o?: Extras,
): { env: string | undefined; read: Read; check: S; default: undefined; secret?: true };
function option(
  env: string | undefined,
  check: v.GenericSchema,
  o: Extras & { default?: unknown } = {},
): { env: string | undefined; read: Read; check: v.GenericSchema; default: unknown; secret?: true } {
  return { env, read: o.read ?? read.string, check, default: o.default, secret: o.secret };
}

const SERVICE_VERSION = '2026-02-03';
/** A webhook signing secret: the current one and, during a rotation, the previous one. */
const webhookKey = text(
  (s) => s.length >= 32 && PRINTABLE.test(s),
  'must be at least 32 printable characters without spaces (e.g. `openssl rand -hex 32`)',
);
/** `<per minute>[/<burst>]`; a rate given without its burst keeps the default's burst (at most the rate). */
const rateLimit = <const D extends string>(env: string, fallback: D) =>
  option(env, rate(fallback), { default: fallback });

export const OPTIONS = {
  port: option('PORT', integer(0, 65535), { read: read.number, default: 8787 }),
  host: option(
    'HOST',
    text(
      (s) => /^[A-Za-z0-9.:[\]-]+$/.test(s),
      'must be a host name or IP address to listen on, e.g. 127.0.0.1 or 0.0.0.0',
    ),
    { default: '127.0.0.1' },
  ),
  apiBaseUrl: option('RAMP_API_BASE_URL', httpUrl('must not contain credentials: put the key in {apiKey}')),
  apiKey: option(
    'RAMP_API_KEY',
    text(
      (s) => PRINTABLE.test(s),
      'contains spaces or control characters: paste the key alone, without quotes',
    ),
    { secret: true },
  ),
  serviceVersion: option(
    'RAMP_SERVICE_VERSION',
    text(isIsoDate, `must be a date of the form YYYY-MM-DD, e.g. ${SERVICE_VERSION}`),
    { default: SERVICE_VERSION },
  ),
  versionHeader: option('RAMP_VERSION_HEADER', headerName, { default: 'Service-Version' }),
  allowedOrigins: option('RAMP_ALLOWED_ORIGINS', origins, { read: read.list, default: [] }),
  redirectOrigins: option('RAMP_REDIRECT_ORIGINS', origins, { read: read.list }),
  adminToken: option(
    'RAMP_ADMIN_TOKEN',
    text(
      (s) => s.length >= 16 && PRINTABLE.test(s),
      'must be at least 16 printable characters without spaces (e.g. `openssl rand -hex 24`), or unset to disable the console',
    ),
    { secret: true },
  ),
  sessionSecret: option(
    'RAMP_SESSION_SECRET',
    text(
      (s) => s.length >= 32,
      'must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset for one kept in the data directory',
    ),
    { secret: true },
  ),
  publicUrl: option('RAMP_PUBLIC_URL', publicUrl),
  trustProxy: option('RAMP_TRUST_PROXY', proxyHops, { read: read.count, default: false }),
  upstreamTimeoutMs: option('RAMP_UPSTREAM_TIMEOUT_MS', integer(100, 120_000), {
    read: read.duration,
    default: 10_000,
  }),
  requestDeadlineMs: option('RAMP_REQUEST_DEADLINE_MS', integer(100, 120_000), {
    read: read.duration,
    default: 10_000,
  }),
  quoteBindingTtlMs: option('RAMP_QUOTE_BINDING_TTL_MS', integer(10_000, 3_600_000), {
    read: read.duration,
    default: 5 * 60_000,
  }),
  sessionTimeoutMs: option('RAMP_SESSION_TIMEOUT_MS', integer(100, 300_000), {
    read: read.duration,
    default: 60_000,
  }),
  upstreamMaxBytes: option('RAMP_UPSTREAM_MAX_BYTES', integer(1024, 64 * 1024 * 1024), {
    read: read.number,
    default: 2 * 1024 * 1024,
  }),
  upstreamConcurrency: option('RAMP_UPSTREAM_CONCURRENCY', integer(1, 10_000), {
    read: read.number,
    default: 64,
  }),
  // Store URLs are secrets too: they may hold a password.
  redisUrl: option(
    'RAMP_REDIS_URL',
    storeUrl(/^rediss?:$/, 'must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379'),
    { secret: true },
  ),
  databaseUrl: option(
    'RAMP_DATABASE_URL',
    storeUrl(
      /^postgres(ql)?:$/,
      'must be a postgres:// or postgresql:// URL, e.g. postgres://ramp@127.0.0.1:5432/ramp',
    ),
    { secret: true },
  ),
  dataDir: option('RAMP_DATA_DIR', v.string('must be a folder path'), { default: './.ramp-data' }),
  webhookUrl: option(
    'RAMP_WEBHOOK_URL',
    httpUrl('must not contain credentials: the webhooks are signed with {webhookSecret}'),
  ),
  webhookSecret: option('RAMP_WEBHOOK_SECRET', webhookKey, { secret: true }),
  webhookSecretPrevious: option('RAMP_WEBHOOK_SECRET_PREVIOUS', webhookKey, { secret: true }),
  webhookRetryBaseMs: option('RAMP_WEBHOOK_RETRY_BASE_MS', integer(10, 600_000), {
    read: read.duration,
    default: 8_000,
  }),
  webhookTimeoutMs: option('RAMP_WEBHOOK_TIMEOUT_MS', integer(100, 120_000), {
    read: read.duration,
    default: 10_000,
  }),
  upstreamWebhookSecret: option(
    'RAMP_UPSTREAM_WEBHOOK_SECRET',
    text(
      (s) => s.length >= 16 && PRINTABLE.test(s),
      "must be the webhook profile's secret as the service gave it (at least 16 printable characters, no spaces); `ramp-checkout upstream-webhooks register` prints it",
    ),
    { secret: true },
  ),
  syncIntervalMs: option('RAMP_SYNC_INTERVAL_MS', integer(50, 3_600_000), {
    read: read.duration,
    default: 3_000,
  }),
  checkoutExpiresMs: option('RAMP_CHECKOUT_EXPIRES_MS', integer(1_000, 30 * 86_400_000), {
    read: read.duration,
    default: 86_400_000,
  }),
  leaseTtlMs: option('RAMP_LEASE_TTL_MS', integer(300, 600_000), { read: read.duration, default: 15_000 }),
  drainMs: option('RAMP_DRAIN_MS', integer(0, 600_000), { read: read.duration, default: 5_000 }),
  migrate: option('RAMP_MIGRATE', flag, { read: read.boolean, default: true }),
  role: option('RAMP_ROLE', v.picklist(['web', 'worker', 'all'], 'must be web, worker or all'), {
    default: 'all',
  }),
  retentionDays: option('RAMP_RETENTION_DAYS', integer(1, 36_500), { read: read.number, default: 400 }),
  rankingLearning: option('RAMP_RANKING_LEARNING', flag, { read: read.boolean, default: true }),
  rateLimitQuote: rateLimit('RAMP_RATE_LIMIT_QUOTE', '120/30'),
  rateLimitSession: rateLimit('RAMP_RATE_LIMIT_SESSION', '30/10'),
  rateLimitDiscovery: rateLimit('RAMP_RATE_LIMIT_DISCOVERY', '60/30'),
  rateLimitTransaction: rateLimit('RAMP_RATE_LIMIT_TRANSACTION', '120/30'),
  sandboxTimeScale: option(
    'RAMP_SANDBOX_TIME_SCALE',
    v.pipe(
      v.number('must be a number above 0 and at most 100 (1 = realistic, 0.1 = faster)'),
      v.check(
        (n) => n > 0 && n <= 100,
        'must be a number above 0 and at most 100 (1 = realistic, 0.1 = faster)',
      ),
    ),
    { read: read.number, default: 1 },
  ),
  sandboxControl: option('RAMP_SANDBOX_CONTROL', flag, { read: read.boolean, default: false }),
  selfCheck: option('RAMP_SELF_CHECK', flag, { read: read.boolean, default: false }),
  // A function: set in code only (the Web entry's caller knows the client's address).
  clientIp: option(
    undefined,
    v.custom<(request: Request) => string | null | undefined>(
      (f) => typeof f === 'function',
      'must be a function (request) => the client IP address',
    ),
  ),
} satisfies Record<string, OptionSpec>;

export type OptionName = keyof typeof OPTIONS;

/** The options that hold secrets: their values stay out of every log line and message. */
export const SECRET_OPTIONS: readonly OptionName[] = (Object.keys(OPTIONS) as OptionName[]).filter(
  (name) => OPTIONS[name].secret,
);
