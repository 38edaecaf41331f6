// Test support: the real Redis and PostgreSQL servers the scale-out tests run against. `.ci/run`
// starts both on loopback and exports RAMP_TEST_REDIS_URL and RAMP_TEST_DATABASE_URL. Outside CI a
// suite whose server is not configured is skipped with the reason printed; in CI
// (RAMP_TEST_REQUIRE_SERVICES=1 or CI set) a missing server fails the run instead.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const TEST_REDIS_URL = process.env.RAMP_TEST_REDIS_URL?.trim() || undefined;
export const TEST_DATABASE_URL = process.env.RAMP_TEST_DATABASE_URL?.trim() || undefined;
const REQUIRED = ['1', 'true'].includes(process.env.RAMP_TEST_REQUIRE_SERVICES ?? '') || !!process.env.CI;

const VARS = { redis: 'RAMP_TEST_REDIS_URL', postgres: 'RAMP_TEST_DATABASE_URL' } as const;

/**
 * Whether a suite needing these servers must be skipped here. Prints why; throws in CI, where the
 * servers are part of the run and their absence is a failure, not a reason to skip.
 */
export function missingServices(suite: string, needs: (keyof typeof VARS)[]): boolean {
  const missing = needs.filter((n) => (n === 'redis' ? !TEST_REDIS_URL : !TEST_DATABASE_URL));
  if (missing.length === 0) return false;
  const reason = `${suite}: needs ${missing.map((m) => VARS[m]).join(' and ')} (a real server; .ci/run starts them)`;
  if (REQUIRED) throw new Error(`${reason}, but it is not set in CI`);
  console.warn(`skipped — ${reason}`);
  return true;
}

/** The test Redis URL with its own logical database, so suites running at once never share keys. */
export function redisDb(db: number): string {
  const url = new URL(TEST_REDIS_URL!);
  url.pathname = `/${db}`;
  return url.href;
}

/** A path to a program (Debian's redis-server, promtool), from /usr/bin, /usr/local/bin or PATH. */
export function binaryPath(name: string): string | undefined {
  for (const p of [`/usr/bin/${name}`, `/usr/local/bin/${name}`]) if (existsSync(p)) return p;
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A path to Debian's redis-server, for suites that stop and restart a Redis of their own. */
export const redisServerBinary = (): string | undefined => binaryPath('redis-server');

/**
 * The path of a program a suite needs, or undefined when the suite must be skipped here (said why).
 * In CI, where `.ci/run` installs it, its absence fails the run instead.
 */
export function requiredBinary(suite: string, name: string, debianPackage: string): string | undefined {
  const found = binaryPath(name);
  if (found) return found;
  const reason = `${suite}: needs ${name} (Debian's ${debianPackage} package; .ci/run installs it)`;
  if (REQUIRED) throw new Error(`${reason}, but it is not installed in CI`);
  console.warn(`skipped — ${reason}`);
  return undefined;
}

/** A new, empty database on the test PostgreSQL server, and a way to drop it afterwards. */
export async function freshDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `ramp_test_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase();
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
