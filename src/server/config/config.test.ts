// The configuration from the environment (loadConfig, what `npm start` and the CLI read) and from
// createRampServer's options (what resolveConfig applies): one schema, messages in the caller's names.
import { describe, expect, it } from 'vitest';
import { ConfigError, resolveConfig, secretsOf, syncPolicy } from './config';
import { loadConfig } from './env';
import type { Env } from './env';
import type { RampServerOptions } from './options';
import { createRampServer } from '../server';

/** What the server runs with for `env`. */
const configOf = (env: Env) => resolveConfig(loadConfig(env));

const problemsOf = (load: () => unknown): string[] => {
  try {
    load();
  } catch (e) {
    if (e instanceof ConfigError) return e.issues;
    throw e;
  }
  throw new Error('expected a ConfigError');
};
const issuesOf = (env: Env) => problemsOf(() => loadConfig(env));
const optionIssuesOf = (options: RampServerOptions) => problemsOf(() => createRampServer(options));

const KEY = 'live_key_9f8e7d6c5b4a';

describe('the configuration from the environment', () => {
  it('defaults to the embedded sandbox on 127.0.0.1:8787 with a random key and secret', () => {
    const a = configOf({});
    const b = configOf({});
    expect(a).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      mode: 'sandbox',
      allowedOrigins: [],
      redirectOrigins: null,
      adminToken: null,
      trustProxy: 0,
      upstream: { serviceVersion: '2026-02-03', versionHeader: 'Service-Version' },
    });
    expect(a.upstream.apiKey).not.toBe(b.upstream.apiKey);
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
  });

  it('reads a full remote configuration', () => {
    const c = configOf({
      PORT: '9000',
      HOST: '0.0.0.0',
      RAMP_API_BASE_URL: 'https://api-sb.example.com/',
      RAMP_API_KEY: KEY,
      RAMP_SERVICE_VERSION: '2025-01-31',
      RAMP_VERSION_HEADER: 'Meld-Version',
      RAMP_ALLOWED_ORIGINS: 'https://shop.example, http://localhost:5173',
      RAMP_REDIRECT_ORIGINS: 'https://shop.example',
      RAMP_ADMIN_TOKEN: 'x'.repeat(20),
      RAMP_SESSION_SECRET: 's'.repeat(32),
      RAMP_TRUST_PROXY: '1',
      RAMP_RATE_LIMIT_QUOTE: '600/100',
      RAMP_RATE_LIMIT_SESSION: '20',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      mode: 'remote',
      upstream: {
        baseUrl: 'https://api-sb.example.com',
        apiKey: KEY,
        serviceVersion: '2025-01-31',
        versionHeader: 'Meld-Version',
      },
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
      redirectOrigins: ['https://shop.example'],
      adminToken: 'x'.repeat(20),
      sessionSecret: 's'.repeat(32),
      trustProxy: 1,
      rateLimits: { quote: { perMinute: 600, burst: 100 }, session: { perMinute: 20, burst: 10 } },
    });
  });

  it('treats empty variables as unset', () => {
    expect(configOf({ RAMP_API_BASE_URL: '', RAMP_API_KEY: '  ', PORT: '' }).mode).toBe('sandbox');
  });

  it.each<[string, Env, RegExp]>([
    [
      'a base URL without a key',
      { RAMP_API_BASE_URL: 'https://api.example.com' },
      /^RAMP_API_KEY: required when RAMP_API_BASE_URL is set/,
    ],
    [
      'a key without a base URL',
      { RAMP_API_KEY: KEY },
      /^RAMP_API_KEY: set without RAMP_API_BASE_URL: .*or unset RAMP_API_KEY/,
    ],
    [
      'a relative base URL',
      { RAMP_API_BASE_URL: 'api.example.com', RAMP_API_KEY: KEY },
      /^RAMP_API_BASE_URL: must be an absolute http\(s\) URL.* \(got "api.example.com"\)$/,
    ],
    [
      'a non-http base URL',
      { RAMP_API_BASE_URL: 'ftp://api.example.com', RAMP_API_KEY: KEY },
      /^RAMP_API_BASE_URL: must use http or https/,
    ],
    [
      'credentials in the base URL',
      { RAMP_API_BASE_URL: 'https://u:p@api.example.com', RAMP_API_KEY: KEY },
      /^RAMP_API_BASE_URL: must not contain credentials: put the key in RAMP_API_KEY \(got "https:\/\/…@api.example.com"\)$/,
    ],
    [
      'a non-date version',
      { RAMP_SERVICE_VERSION: '2026-2-3' },
      /^RAMP_SERVICE_VERSION: must be a date of the form YYYY-MM-DD, e.g. 2026-02-03 \(got "2026-2-3"\)$/,
    ],
    ['an impossible date', { RAMP_SERVICE_VERSION: '2026-02-30' }, /RAMP_SERVICE_VERSION/],
    [
      'a header name with a space',
      { RAMP_VERSION_HEADER: 'Service Version' },
      /^RAMP_VERSION_HEADER: must be an HTTP header name/,
    ],
    [
      'a reserved header name',
      { RAMP_VERSION_HEADER: 'Authorization' },
      /^RAMP_VERSION_HEADER: must not be Authorization/,
    ],
    [
      'an origin with a path',
      { RAMP_ALLOWED_ORIGINS: 'https://shop.example/checkout' },
      /^RAMP_ALLOWED_ORIGINS: each entry must be an origin.* \(got "https:\/\/shop.example\/checkout"\)$/,
    ],
    [
      'an origin with a trailing slash',
      { RAMP_ALLOWED_ORIGINS: 'https://shop.example/' },
      /RAMP_ALLOWED_ORIGINS/,
    ],
    ['a wildcard origin', { RAMP_ALLOWED_ORIGINS: '*' }, /"\*" is not accepted/],
    [
      'a bare host as origin',
      { RAMP_REDIRECT_ORIGINS: 'shop.example' },
      /^RAMP_REDIRECT_ORIGINS: each entry must be an origin/,
    ],
    ['a port out of range', { PORT: '70000' }, /^PORT: must be an integer from 0 to 65535 \(got "70000"\)$/],
    ['a non-numeric port', { PORT: '80a' }, /PORT/],
    [
      'a short secret',
      { RAMP_SESSION_SECRET: 'short' },
      /^RAMP_SESSION_SECRET: must be at least 32 characters.* \(hidden\)$/,
    ],
    [
      'a short admin token',
      { RAMP_ADMIN_TOKEN: 'admin' },
      /^RAMP_ADMIN_TOKEN: must be at least 16 .* \(hidden\)$/,
    ],
    [
      'a bad hop count',
      { RAMP_TRUST_PROXY: 'yes' },
      /^RAMP_TRUST_PROXY: must be the number of reverse proxies .* \(got "yes"\)$/,
    ],
    [
      'too many hops',
      { RAMP_TRUST_PROXY: '11' },
      /^RAMP_TRUST_PROXY: must be the number of reverse proxies .* \(got "11"\)$/,
    ],
    ['a bad rate', { RAMP_RATE_LIMIT_QUOTE: 'fast' }, /^RAMP_RATE_LIMIT_QUOTE: must be .* \(got "fast"\)$/],
    [
      'a bad timeout',
      { RAMP_UPSTREAM_TIMEOUT_MS: '5' },
      /^RAMP_UPSTREAM_TIMEOUT_MS: must be an integer from 100 to 120000 \(got "5"\)$/,
    ],
    ['a bad time scale', { RAMP_SANDBOX_TIME_SCALE: '0' }, /RAMP_SANDBOX_TIME_SCALE/],
    [
      'sandbox control with a remote upstream',
      { RAMP_API_BASE_URL: 'https://api.example.com', RAMP_API_KEY: KEY, RAMP_SANDBOX_CONTROL: '1' },
      /^RAMP_SANDBOX_CONTROL: only applies to the embedded sandbox/,
    ],
    [
      'Redis without PostgreSQL',
      { RAMP_REDIS_URL: 'redis://127.0.0.1:6379', RAMP_SESSION_SECRET: 's'.repeat(32) },
      /^RAMP_REDIS_URL: set, but RAMP_DATABASE_URL is not/,
    ],
    [
      'PostgreSQL without Redis',
      { RAMP_DATABASE_URL: 'postgres://127.0.0.1/ramp', RAMP_SESSION_SECRET: 's'.repeat(32) },
      /^RAMP_DATABASE_URL: set, but RAMP_REDIS_URL is not/,
    ],
    [
      'shared stores without a shared session secret',
      { RAMP_REDIS_URL: 'redis://127.0.0.1:6379', RAMP_DATABASE_URL: 'postgres://127.0.0.1/ramp' },
      /^RAMP_SESSION_SECRET: required with RAMP_REDIS_URL \/ RAMP_DATABASE_URL/,
    ],
    [
      'a Redis URL of another scheme',
      {
        RAMP_REDIS_URL: 'http://127.0.0.1:6379',
        RAMP_DATABASE_URL: 'postgres://h/db',
        RAMP_SESSION_SECRET: 's'.repeat(32),
      },
      /^RAMP_REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL.* \(hidden\)$/,
    ],
    [
      'a database URL of another scheme',
      {
        RAMP_REDIS_URL: 'redis://h:1',
        RAMP_DATABASE_URL: 'mysql://h/db',
        RAMP_SESSION_SECRET: 's'.repeat(32),
      },
      /^RAMP_DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL.* \(hidden\)$/,
    ],
  ])('refuses %s with a message naming the variable', (_, env, message) => {
    const issues = issuesOf(env);
    expect(issues.some((i) => message.test(i))).toBe(true);
  });

  it('checks a webhook variable set alone as well as saying its partner is missing', () => {
    const issues = issuesOf({ RAMP_WEBHOOK_URL: 'ftp://hooks.example' });
    expect(issues).toEqual([
      'RAMP_WEBHOOK_URL: must use http or https (got "ftp://hooks.example")',
      'RAMP_WEBHOOK_SECRET: required with RAMP_WEBHOOK_URL: set both, or neither',
    ]);
  });

  it("expires a checkout with no transaction after RAMP_CHECKOUT_EXPIRES_MS (24 h unless set), and paces the sync's backstop only with the receiver on", () => {
    const plain = configOf({});
    expect(plain.merchant.checkoutExpiresMs).toBe(86_400_000);
    expect(syncPolicy(plain.merchant)).toEqual({
      baseMs: 3_000,
      backoff: 1.5,
      maxMs: 60_000,
      backstop: null,
      expiresMs: 86_400_000,
    });
    const receiving = configOf({
      RAMP_CHECKOUT_EXPIRES_MS: '7200000',
      RAMP_UPSTREAM_WEBHOOK_SECRET: 'upstream-secret-0123456789',
    });
    expect(syncPolicy(receiving.merchant)).toMatchObject({
      expiresMs: 7_200_000,
      backstop: { afterMs: 3_600_000, everyMs: 600_000 },
    });
    expect(issuesOf({ RAMP_CHECKOUT_EXPIRES_MS: '10' })).toEqual([
      'RAMP_CHECKOUT_EXPIRES_MS: must be an integer from 1000 to 2592000000 (got "10")',
    ]);
  });

  it('refuses a rate of zero, per minute or burst', () => {
    expect(issuesOf({ RAMP_RATE_LIMIT_QUOTE: '0', RAMP_RATE_LIMIT_SESSION: '30/0' })).toHaveLength(2);
    expect(configOf({ RAMP_RATE_LIMIT_QUOTE: '90' }).rateLimits.quote).toEqual({
      perMinute: 90,
      burst: 30,
    });
  });

  it('reports every problem at once', () => {
    expect(issuesOf({ PORT: '-1', RAMP_SERVICE_VERSION: 'latest', RAMP_SESSION_SECRET: 'x' })).toHaveLength(
      3,
    );
  });

  it('takes both shared-store URLs with a shared secret, and never repeats their passwords', () => {
    const c = configOf({
      RAMP_REDIS_URL: 'redis://:hunter2-redis@127.0.0.1:6379/0',
      RAMP_DATABASE_URL: 'postgres://ramp:hunter2-pg@127.0.0.1:5432/ramp',
      RAMP_SESSION_SECRET: 's'.repeat(32),
    });
    expect(c.redisUrl).toBe('redis://:hunter2-redis@127.0.0.1:6379/0');
    expect(c.databaseUrl).toBe('postgres://ramp:hunter2-pg@127.0.0.1:5432/ramp');
    expect(configOf({}).redisUrl).toBeNull();
    const issues = issuesOf({ RAMP_REDIS_URL: 'redis://:hunter2-redis@127.0.0.1:6379' });
    expect(issues.join('\n')).not.toContain('hunter2');
  });

  it('never repeats the API key in a message', () => {
    const secret = 'sk_live_SUPERSECRET_123 with space';
    const e = (() => {
      try {
        loadConfig({ RAMP_API_KEY: secret, RAMP_API_BASE_URL: 'not a url' });
      } catch (x) {
        return x as ConfigError;
      }
    })();
    expect(e?.message).toMatch(/RAMP_API_KEY: contains spaces or control characters.* \(hidden\)/);
    expect(e?.message).not.toContain('SUPERSECRET');
  });
});

describe("createRampServer's options", () => {
  it('are checked by the same rules, and a problem names the option with the value given', () => {
    expect(optionIssuesOf({ upstreamTimeoutMs: -1 })).toEqual([
      'upstreamTimeoutMs: must be an integer from 100 to 120000 (got -1)',
    ]);
    expect(issuesOf({ RAMP_UPSTREAM_TIMEOUT_MS: '-1' })).toEqual([
      'RAMP_UPSTREAM_TIMEOUT_MS: must be an integer from 100 to 120000 (got "-1")',
    ]);
    expect(
      optionIssuesOf({ allowedOrigins: ['https://shop.example', 'https://shop.example/checkout'] }),
    ).toEqual([
      'allowedOrigins: each entry must be an origin, scheme://host[:port] with no path or trailing slash, e.g. https://shop.example (got "https://shop.example/checkout")',
    ]);
  });

  it('name the other option of a pair as options, not as variables', () => {
    expect(optionIssuesOf({ apiBaseUrl: 'https://api.example.com' })).toEqual([
      'apiKey: required when apiBaseUrl is set: set it to the API key of that upstream account',
    ]);
    expect(optionIssuesOf({ webhookSecret: 'w'.repeat(32) })).toEqual([
      'webhookUrl: required with webhookSecret: set both, or neither',
    ]);
  });

  it('report every problem at once', () => {
    expect(
      optionIssuesOf({ port: 70_000, trustProxy: 'yes' as unknown as boolean, serviceVersion: 'latest' }),
    ).toEqual([
      'port: must be an integer from 0 to 65535 (got 70000)',
      'serviceVersion: must be a date of the form YYYY-MM-DD, e.g. 2026-02-03 (got "latest")',
      'trustProxy: must be the number of reverse proxies in front of the server (0 to 10), or true/false for 1/0 (got "yes")',
    ]);
  });

  it('refuse a value of the wrong type instead of reading it as text', () => {
    expect(optionIssuesOf({ requestDeadlineMs: '3000' as unknown as number })).toEqual([
      'requestDeadlineMs: must be an integer from 100 to 120000 (got "3000")',
    ]);
    expect(optionIssuesOf({ allowedOrigins: 'https://shop.example' as unknown as string[] })).toEqual([
      'allowedOrigins: must be a list of origins, e.g. ["https://shop.example"] (got "https://shop.example")',
    ]);
  });

  it('never repeat a secret, or the password in a URL', () => {
    const issues = optionIssuesOf({
      apiBaseUrl: 'https://merchant:hunter2@api.example.com',
      apiKey: 'sk_live SUPERSECRET',
      sessionSecret: 'short-SUPERSECRET',
      adminToken: 'SUPERSECRET',
      webhookUrl: 'https://hooks.example',
      webhookSecret: 'SUPERSECRET',
      redisUrl: 'http://:hunter2@127.0.0.1:6379',
      databaseUrl: 'postgres://ramp:hunter2@127.0.0.1/ramp',
    });
    expect(issues).toHaveLength(6);
    expect(issues.join('\n')).not.toMatch(/SUPERSECRET|hunter2/);
    expect(issues).toContain(
      'sessionSecret: must be at least 32 characters (e.g. `openssl rand -hex 32`), or unset for one kept in the data directory (hidden)',
    );
    expect(issues).toContain(
      'apiBaseUrl: must not contain credentials: put the key in apiKey (got "https://…@api.example.com")',
    );
  });

  it('take blank strings, null and empty lists as unset, and trim what is set', () => {
    const c = resolveConfig({
      apiBaseUrl: ' ',
      apiKey: null as unknown as string,
      allowedOrigins: [' https://shop.example ', ''],
      redirectOrigins: [],
    });
    expect(c).toMatchObject({
      mode: 'sandbox',
      allowedOrigins: ['https://shop.example'],
      redirectOrigins: null,
    });
  });

  it('must be an object', () => {
    expect(optionIssuesOf(null as unknown as RampServerOptions)).toEqual(['the options must be an object']);
  });

  it("give the logger of `npm start` every value it must blank, the service's webhook secret included", () => {
    const secrets = {
      apiKey: 'sk_live_0123456789',
      adminToken: 'a'.repeat(16),
      sessionSecret: 's'.repeat(32),
      webhookSecret: 'w'.repeat(32),
      upstreamWebhookSecret: 'u'.repeat(16),
      redisUrl: 'redis://:pw@127.0.0.1:6379',
      databaseUrl: 'postgres://ramp:pw@127.0.0.1/ramp',
    };
    expect(secretsOf({ ...secrets, apiBaseUrl: 'https://api.example.com', port: 9000 }).sort()).toEqual(
      Object.values(secrets).sort(),
    );
  });

  it('give every other logger the same values from the configuration, the ones made at start included', () => {
    const given = {
      adminToken: 'a'.repeat(16),
      webhookUrl: 'https://shop.example/hooks',
      webhookSecret: 'w'.repeat(32),
      upstreamWebhookSecret: 'u'.repeat(16),
    };
    const config = resolveConfig(given);
    expect(secretsOf(config).sort()).toEqual(
      // The sandbox's key and the per-process session secret are made by the configuration.
      [
        ...Object.values(given).filter((v) => v !== given.webhookUrl),
        config.apiKey,
        config.sessionSecret,
      ].sort(),
    );
    expect(config.upstream.apiKey).toBe(config.apiKey);
  });
});
