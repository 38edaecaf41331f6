// The environment → options table (env.ts) against what it must mirror: createRampServer's options
// (options.ts), the README's configuration table and docs/CONTRACTS.md §1.
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { ENV_OPTIONS, loadConfig } from './env';
import { CONTRACTS_TABLE, README_TABLE, configTable, readDoc } from './test-docs';
import type { ConfigTable } from './test-docs';

const tableVariables = (table: ConfigTable) => configTable(table).flatMap((row) => row.variables);

/** RampServerOptions' keys, as options.ts declares them. */
const optionKeys = [...readDoc('src/server/config/options.ts').matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1]!);

const variables = Object.keys(ENV_OPTIONS);
const optionsRead = Object.values(ENV_OPTIONS).map(([option]) => option);

describe('the environment variables', () => {
  it('set every option of createRampServer but clientIp, each from one variable', () => {
    expect(optionKeys.length).toBeGreaterThan(30);
    expect([...optionsRead].sort()).toEqual(optionKeys.filter((k) => k !== 'clientIp').sort());
  });

  it("are the README's configuration table, with docs/CONTRACTS.md §1's among them", () => {
    const readme = tableVariables(README_TABLE);
    expect([...readme].sort()).toEqual([...variables].sort());
    const contracts = tableVariables(CONTRACTS_TABLE);
    expect(contracts.length).toBeGreaterThan(10);
    expect(contracts.filter((name) => !variables.includes(name))).toEqual([]);
  });

  it('are all the configuration reads', () => {
    const asked = new Set<string>();
    const spy = new Proxy({} as Record<string, string | undefined>, {
      get: (_, name) => {
        if (typeof name === 'string') asked.add(name);
        return undefined;
      },
    });
    loadConfig(spy);
    expect([...asked].sort()).toEqual([...variables].sort());
  });

  it('are read as text of their kind: numbers, durations, flags, lists', () => {
    expect(
      loadConfig({
        PORT: '9000',
        RAMP_SANDBOX_TIME_SCALE: '0.5',
        RAMP_REQUEST_DEADLINE_MS: ' 8000 ',
        RAMP_TRUST_PROXY: 'true',
        RAMP_SANDBOX_CONTROL: '0',
        RAMP_ALLOWED_ORIGINS: ' https://shop.example , ,http://localhost:5173',
        RAMP_RATE_LIMIT_DISCOVERY: '90/40',
        RAMP_DATA_DIR: '',
      }),
    ).toEqual({
      port: 9000,
      sandboxTimeScale: 0.5,
      requestDeadlineMs: 8000,
      trustProxy: true,
      sandboxControl: false,
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
      rateLimitDiscovery: '90/40',
    });
  });

  it('refuse an unknown RAMP_* name with the nearest known one, beside any other problem', () => {
    expect(() => loadConfig({ RAMP_ADMIN_TOKNE: 'x' })).toThrow(
      'RAMP_ADMIN_TOKNE: not a variable the server reads (did you mean RAMP_ADMIN_TOKEN?)',
    );
    expect(() => loadConfig({ RAMP_TRUST_PROXIES: '1', RAMP_UPSTREAM_TIMEOUT_MS: '5' })).toThrow(
      /RAMP_TRUST_PROXIES: .*did you mean RAMP_TRUST_PROXY\?\)\n {2}- RAMP_UPSTREAM_TIMEOUT_MS: must be/,
    );
    // The repository's test and bench variables are not the server's.
    expect(loadConfig({ RAMP_TEST_REDIS_URL: 'redis://x', RAMP_BENCH_DATABASE_URL: 'postgres://x' })).toEqual(
      {},
    );
  });

  it('that do not read as their kind are refused with the text given, all at once', () => {
    let issues: string[] = [];
    try {
      loadConfig({ RAMP_REQUEST_DEADLINE_MS: '8s', RAMP_TRUST_PROXY: 'yes', PORT: '80.5' });
    } catch (e) {
      if (e instanceof ConfigError) issues = e.issues;
    }
    expect(issues).toEqual([
      'PORT: must be an integer from 0 to 65535 (got "80.5")',
      'RAMP_TRUST_PROXY: must be the number of reverse proxies in front of the server (0 to 10), or true/false for 1/0 (got "yes")',
      'RAMP_REQUEST_DEADLINE_MS: must be an integer from 100 to 120000 (got "8s")',
    ]);
  });
});
