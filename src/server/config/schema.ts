// The server's configuration as one schema, made from the options' list (entries.ts):
// createRampServer's options in, the ServerConfig out. What only makes sense together is checked on
// what the caller set. A message says what to fix and writes another option as `{option}`: config.ts
// names it as the caller did (the option, or its environment variable).
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import type { ServerConfig } from './config';
import { SANDBOX_BASE_URL, listenOrigin } from './defaults';
import { OPTIONS } from './entries';
import type { OptionName } from './entries';

/** What the caller gave: null, a blank string and an empty list are unset; strings are trimmed. */
function given(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (!Array.isArray(value)) return value;
  const items = value.map((i: unknown) => (typeof i === 'string' ? i.trim() : i)).filter((i) => i !== '');
  return items.length === 0 ? undefined : items;
}

type Spec<K extends OptionName> = (typeof OPTIONS)[K];
type WithDefault = { [K in OptionName]: Spec<K>['default'] extends undefined ? never : K }[OptionName];
type Out<K extends OptionName> = v.InferOutput<Spec<K>['check']>;

/** The options once checked: with their defaults, or unset. */
export type Given = { [K in WithDefault]: Out<K> } & { [K in Exclude<OptionName, WithDefault>]?: Out<K> };

// Each option: absent (the outer optional) or blank (the inner one, after `given`): its default.
const entries = Object.fromEntries(
  (Object.keys(OPTIONS) as OptionName[]).map((name) => {
    const { check, default: fallback } = OPTIONS[name] as { check: v.GenericSchema; default?: unknown };
    const entry = v.optional(v.pipe(v.unknown(), v.transform(given), v.optional(check, fallback)), fallback);
    return [name, entry];
  }),
) as unknown as Record<OptionName, v.GenericSchema>;

/** Whether the caller's value of `option` stays out of messages. */
export const isHidden = (option: string): boolean =>
  Object.hasOwn(OPTIONS, option) && OPTIONS[option as OptionName].secret === true;

/**
 * Options that only make sense together, checked on what was set (valid or not; an option checked
 * here has no default). Its problems are the only ones raised by a raw check (config.ts shows no
 * value for them: they concern two options).
 */
const together = v.rawCheck<Record<OptionName, unknown>>(({ dataset, addIssue }) => {
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
  if (set('webhookSecretPrevious') && !set('webhookSecret')) {
    problem('webhookSecretPrevious', 'only with {webhookSecret}: the new secret signs, the previous one too');
  }
});

/**
 * The configuration of valid options: each option is kept under its own name with its default (the
 * sandbox's key and the per-process session secret made here); what a part wants grouped, renamed
 * or null when unset is added beside them.
 */
function toServerConfig(given: Given): ServerConfig {
  const { clientIp: _clientIp, ...o } = given; // createRampServer reads it from the options: not configuration
  // The sandbox checks a key like the service: a random one per process, shared with it.
  const apiKey = o.apiKey ?? `sbx_${randomBytes(24).toString('base64url')}`;
  const sessionSecret = o.sessionSecret ?? randomBytes(32).toString('base64url');
  return {
    ...o,
    apiKey,
    sessionSecret,
    mode: o.apiBaseUrl === undefined ? 'sandbox' : 'remote',
    upstream: {
      baseUrl: o.apiBaseUrl ?? SANDBOX_BASE_URL,
      apiKey,
      serviceVersion: o.serviceVersion,
      versionHeader: o.versionHeader,
      timeoutMs: o.upstreamTimeoutMs,
      sessionTimeoutMs: o.sessionTimeoutMs,
      maxResponseBytes: o.upstreamMaxBytes,
      concurrency: o.upstreamConcurrency,
    },
    publicUrl: o.publicUrl?.origin ?? listenOrigin(o.host, o.port),
    basePath: o.publicUrl?.basePath ?? '',
    redirectOrigins: o.redirectOrigins ?? null,
    adminToken: o.adminToken ?? null,
    rateLimits: {
      quote: o.rateLimitQuote,
      session: o.rateLimitSession,
      discovery: o.rateLimitDiscovery,
      transaction: o.rateLimitTransaction,
    },
    redisUrl: o.redisUrl ?? null,
    databaseUrl: o.databaseUrl ?? null,
    merchant: {
      dataDir: o.dataDir,
      webhook:
        o.webhookUrl !== undefined && o.webhookSecret !== undefined
          ? { url: o.webhookUrl, secret: o.webhookSecret, previousSecret: o.webhookSecretPrevious ?? null }
          : null,
      webhookRetryBaseMs: o.webhookRetryBaseMs,
      webhookTimeoutMs: o.webhookTimeoutMs,
      upstreamWebhookSecret: o.upstreamWebhookSecret ?? null,
      syncIntervalMs: o.syncIntervalMs,
      checkoutExpiresMs: o.checkoutExpiresMs,
      leaseTtlMs: o.leaseTtlMs,
      retentionDays: o.retentionDays,
      rankingLearning: o.rankingLearning,
    },
  };
}

/** createRampServer's options → the server's configuration. */
export const configSchema = v.pipe(
  v.object(entries, 'the options must be an object'),
  together,
  v.transform((o) => toServerConfig(o as Given)),
);
