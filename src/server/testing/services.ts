// Test support: the real Redis and PostgreSQL servers the scale-out tests run against, and the
// programs some suites start themselves (redis-server, HAProxy). `.ci/run` starts both servers on
// loopback and exports RAMP_TEST_REDIS_URL and RAMP_TEST_DATABASE_URL. Outside CI a suite whose server
// or program is missing is skipped with the reason printed; in CI (RAMP_TEST_REQUIRE_SERVICES=1 or
// CI set) a missing one fails the run instead.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

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

/** Where Debian (or a local build) puts a program: `redis-server`, `haproxy`; undefined when it is not installed. */
export function programPath(name: string): string | undefined {
  for (const dir of ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin']) {
    if (existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  }
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path of a program a suite runs (Debian package `pkg`), or undefined when the suite must be
 * skipped here (said why). In CI its absence fails the run, as a missing server does.
 */
export function requireProgram(suite: string, name: string, pkg = name): string | undefined {
  const path = programPath(name);
  if (path) return path;
  const reason = `${suite}: needs ${name} (apt-get install ${pkg})`;
  if (REQUIRED) throw new Error(`${reason}, but it is not installed in CI`);
  console.warn(`skipped — ${reason}`);
  return undefined;
}

/** A loopback port free a moment ago (for a server that must keep its port across restarts). */
export const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });

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
