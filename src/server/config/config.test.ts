import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, syncPolicy } from './config';
import type { Env } from './config';

const issuesOf = (env: Env): string[] => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.issues;
    throw e;
  }
  throw new Error('expected a ConfigError');
};

const KEY = 'live_key_9f8e7d6c5b4a';

describe('loadConfig', () => {
  it('defaults to the embedded sandbox on 127.0.0.1:8787 with a random key and secret', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      mode: 'sandbox',
      allowedOrigins: [],
      redirectOrigins: null,
      adminToken: null,
      trustProxy: false,
      upstream: { serviceVersion: '2026-02-03', versionHeader: 'Service-Version' },
    });
    expect(a.upstream.apiKey).not.toBe(b.upstream.apiKey);
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
  });

  it('reads a full remote configuration', () => {
    const c = loadConfig({
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
      trustProxy: true,
      rateLimits: { quote: { perMinute: 600, burst: 100 }, session: { perMinute: 20, burst: 10 } },
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ RAMP_API_BASE_URL: '', RAMP_API_KEY: '  ', PORT: '' }).mode).toBe('sandbox');
  });

  it.each<[string, Env, RegExp]>([
    [
      'a base URL without a key',
      { RAMP_API_BASE_URL: 'https://api.example.com' },
      /RAMP_API_KEY is required/,
    ],
    ['a key without a base URL', { RAMP_API_KEY: KEY }, /RAMP_API_BASE_URL.*or unset RAMP_API_KEY/],
    [
      'a relative base URL',
      { RAMP_API_BASE_URL: 'api.example.com', RAMP_API_KEY: KEY },
      /absolute http\(s\) URL/,
    ],
    [
      'a non-http base URL',
      { RAMP_API_BASE_URL: 'ftp://api.example.com', RAMP_API_KEY: KEY },
      /http or https/,
    ],
    [
      'credentials in the base URL',
      { RAMP_API_BASE_URL: 'https://u:p@api.example.com', RAMP_API_KEY: KEY },
      /must not contain credentials/,
    ],
    [
      'a non-date version',
      { RAMP_SERVICE_VERSION: '2026-2-3' },
      /RAMP_SERVICE_VERSION must be a date of the form YYYY-MM-DD/,
    ],
    ['an impossible date', { RAMP_SERVICE_VERSION: '2026-02-30' }, /RAMP_SERVICE_VERSION/],
    [
      'a header name with a space',
      { RAMP_VERSION_HEADER: 'Service Version' },
      /RAMP_VERSION_HEADER must be an HTTP header name/,
    ],
    [
      'a reserved header name',
      { RAMP_VERSION_HEADER: 'Authorization' },
      /RAMP_VERSION_HEADER must not be Authorization/,
    ],
    [
      'an origin with a path',
      { RAMP_ALLOWED_ORIGINS: 'https://shop.example/checkout' },
      /RAMP_ALLOWED_ORIGINS entry .* is not an origin/,
    ],
    [
      'an origin with a trailing slash',
      { RAMP_ALLOWED_ORIGINS: 'https://shop.example/' },
      /RAMP_ALLOWED_ORIGINS/,
    ],
    ['a wildcard origin', { RAMP_ALLOWED_ORIGINS: '*' }, /"\*" is not accepted/],
    ['a bare host as origin', { RAMP_REDIRECT_ORIGINS: 'shop.example' }, /RAMP_REDIRECT_ORIGINS entry/],
    ['a port out of range', { PORT: '70000' }, /PORT must be an integer from 0 to 65535/],
    ['a non-numeric port', { PORT: '80a' }, /PORT/],
    [
      'a short secret',
      { RAMP_SESSION_SECRET: 'short' },
      /RAMP_SESSION_SECRET must be at least 32 characters/,
    ],
    ['a short admin token', { RAMP_ADMIN_TOKEN: 'admin' }, /RAMP_ADMIN_TOKEN must be at least 16/],
    ['a bad flag', { RAMP_TRUST_PROXY: 'yes' }, /RAMP_TRUST_PROXY must be 1 or 0/],
    ['a bad rate', { RAMP_RATE_LIMIT_QUOTE: 'fast' }, /RAMP_RATE_LIMIT_QUOTE must be/],
    ['a bad timeout', { RAMP_UPSTREAM_TIMEOUT_MS: '5' }, /RAMP_UPSTREAM_TIMEOUT_MS must be an integer/],
    ['a bad time scale', { RAMP_SANDBOX_TIME_SCALE: '0' }, /RAMP_SANDBOX_TIME_SCALE/],
    [
      'sandbox control with a remote upstream',
      { RAMP_API_BASE_URL: 'https://api.example.com', RAMP_API_KEY: KEY, RAMP_SANDBOX_CONTROL: '1' },
      /RAMP_SANDBOX_CONTROL only applies/,
    ],
    [
      'Redis without PostgreSQL',
      { RAMP_REDIS_URL: 'redis://127.0.0.1:6379', RAMP_SESSION_SECRET: 's'.repeat(32) },
      /RAMP_REDIS_URL is set but RAMP_DATABASE_URL is not/,
    ],
    [
      'PostgreSQL without Redis',
      { RAMP_DATABASE_URL: 'postgres://127.0.0.1/ramp', RAMP_SESSION_SECRET: 's'.repeat(32) },
      /RAMP_DATABASE_URL is set but RAMP_REDIS_URL is not/,
    ],
    [
      'shared stores without a shared session secret',
      { RAMP_REDIS_URL: 'redis://127.0.0.1:6379', RAMP_DATABASE_URL: 'postgres://127.0.0.1/ramp' },
      /RAMP_SESSION_SECRET is required with RAMP_REDIS_URL/,
    ],
    [
      'a Redis URL of another scheme',
      {
        RAMP_REDIS_URL: 'http://127.0.0.1:6379',
        RAMP_DATABASE_URL: 'postgres://h/db',
        RAMP_SESSION_SECRET: 's'.repeat(32),
      },
      /RAMP_REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    ],
    [
      'a database URL of another scheme',
      {
        RAMP_REDIS_URL: 'redis://h:1',
        RAMP_DATABASE_URL: 'mysql://h/db',
        RAMP_SESSION_SECRET: 's'.repeat(32),
      },
      /RAMP_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
  ])('refuses %s with a message naming the variable', (_, env, message) => {
    const issues = issuesOf(env);
    expect(issues.some((i) => message.test(i))).toBe(true);
  });

  it('checks a webhook variable set alone as well as saying its partner is missing', () => {
    const issues = issuesOf({ RAMP_WEBHOOK_URL: 'ftp://hooks.example' });
    expect(issues).toEqual([
      'RAMP_WEBHOOK_URL must use http or https',
      'RAMP_WEBHOOK_URL and RAMP_WEBHOOK_SECRET go together: set both, or neither',
    ]);
  });

  it("expires a checkout with no transaction after RAMP_CHECKOUT_EXPIRES_MS (24 h unless set), and paces the sync's backstop only with the receiver on", () => {
    const plain = loadConfig({});
    expect(plain.merchant.checkoutExpiresMs).toBe(86_400_000);
    expect(syncPolicy(plain.merchant)).toEqual({
      baseMs: 3_000,
      backoff: 1.5,
      maxMs: 60_000,
      backstop: null,
      expiresMs: 86_400_000,
    });
    const receiving = loadConfig({
      RAMP_CHECKOUT_EXPIRES_MS: '7200000',
      RAMP_UPSTREAM_WEBHOOK_SECRET: 'upstream-secret-0123456789',
    });
    expect(syncPolicy(receiving.merchant)).toMatchObject({
      expiresMs: 7_200_000,
      backstop: { afterMs: 3_600_000, everyMs: 600_000 },
    });
    expect(issuesOf({ RAMP_CHECKOUT_EXPIRES_MS: '10' })).toEqual([
      'RAMP_CHECKOUT_EXPIRES_MS must be an integer from 1000 to 2592000000',
    ]);
  });

  it('refuses a rate of zero, per minute or burst', () => {
    expect(issuesOf({ RAMP_RATE_LIMIT_QUOTE: '0', RAMP_RATE_LIMIT_SESSION: '30/0' })).toHaveLength(2);
    expect(loadConfig({ RAMP_RATE_LIMIT_QUOTE: '90' }).rateLimits.quote).toEqual({
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
    const c = loadConfig({
      RAMP_REDIS_URL: 'redis://:hunter2-redis@127.0.0.1:6379/0',
      RAMP_DATABASE_URL: 'postgres://ramp:hunter2-pg@127.0.0.1:5432/ramp',
      RAMP_SESSION_SECRET: 's'.repeat(32),
    });
    expect(c.redisUrl).toBe('redis://:hunter2-redis@127.0.0.1:6379/0');
    expect(c.databaseUrl).toBe('postgres://ramp:hunter2-pg@127.0.0.1:5432/ramp');
    expect(loadConfig({}).redisUrl).toBeNull();
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
    expect(e?.message).toMatch(/RAMP_API_KEY contains spaces/);
    expect(e?.message).not.toContain('SUPERSECRET');
  });
});
