import { describe, expect, it } from 'vitest';
import { loadConfig as parseEnv } from './config';
import { OPTION_ENV, envToOptions, optionsToEnv } from './options';

describe('createRampServer options', () => {
  it('mirror every environment variable the configuration reads (none is lost on the way)', () => {
    const read = new Set<string>();
    const spy = new Proxy({} as Record<string, string | undefined>, {
      get: (_, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    parseEnv(spy);
    const mirrored = new Set(Object.values(OPTION_ENV).map(([name]) => name));
    expect([...read].filter((name) => !mirrored.has(name))).toEqual([]);
    expect(read.size).toBeGreaterThan(20);
  });

  it('carry each variable to the configuration and back unchanged', () => {
    const env = {
      RAMP_REDIS_URL: 'redis://127.0.0.1:6399',
      RAMP_DATABASE_URL: 'postgres://ramp@127.0.0.1:5499/ramp',
      RAMP_SESSION_SECRET: 's'.repeat(40),
      RAMP_REQUEST_DEADLINE_MS: '8000',
      RAMP_RATE_LIMIT_DISCOVERY: '90/40',
    };
    const config = parseEnv(optionsToEnv(envToOptions(env)));
    expect(config.redisUrl).toBe(env.RAMP_REDIS_URL);
    expect(config.databaseUrl).toBe(env.RAMP_DATABASE_URL);
    expect(config.requestDeadlineMs).toBe(8000);
    expect(config.rateLimits.discovery).toMatchObject({ perMinute: 90, burst: 40 });
  });
});
