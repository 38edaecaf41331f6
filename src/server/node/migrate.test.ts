// Migrations as a release step, through the CLI as an operator runs it: `ramp-checkout migrate` and
// `--check` on the embedded ledger and on PostgreSQL, `serve` with RAMP_MIGRATE=false refusing a ledger
// with migrations due, and any build refusing a ledger newer than it knows, naming both versions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runCli } from '../testing/process';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../storage/ledger/migrations';
import { openSqlite } from '../storage/ledger/sqlite';
import { LATEST_VERSION } from '../storage/ledger/schema-version';
import { freshDatabase, missingServices, redisDb } from '../testing/services';

/** A ledger file migrated only up to `version`, as an older build left it. */
async function ledgerAt(version: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ramp-migrate-'));
  const db = await openSqlite(dir);
  await db.query(
    'CREATE TABLE ramp_schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
  );
  for (const m of MIGRATIONS.filter((m) => m.version <= version)) {
    for (const s of m.statements) await db.query(s);
    await db.query('INSERT INTO ramp_schema_migrations VALUES ($1, $2, 0)', [m.version, m.name]);
  }
  await db.close();
  return dir;
}

const NEWER = LATEST_VERSION + 1;
const newerMessage = new RegExp(
  `schema is version ${NEWER}, newer than this build knows \\(version ${LATEST_VERSION}\\)`,
);

describe('ramp-checkout migrate on the embedded ledger', { timeout: 60_000 }, () => {
  it('--check exits 1 while migrations are due, migrate applies them, then --check exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ramp-migrate-'));
    const none = await runCli(['migrate', '--check'], { RAMP_DATA_DIR: dir });
    expect(none.code).toBe(1);
    expect(none.out).toMatch(
      new RegExp(`No ledger at .*ledger.sqlite yet: migrations 1 to ${LATEST_VERSION} are due`),
    );

    const old = await ledgerAt(LATEST_VERSION - 2);
    const due = await runCli(['migrate', '--check'], { RAMP_DATA_DIR: old });
    expect(due.code).toBe(1);
    expect(due.out).toContain(
      `at schema version ${LATEST_VERSION - 2}; this build needs version ${LATEST_VERSION}: migrations ${LATEST_VERSION - 1}, ${LATEST_VERSION} are due`,
    );
    // serve with RAMP_MIGRATE=false refuses it, saying what to run.
    const refused = await runCli(['serve'], { RAMP_DATA_DIR: old, RAMP_MIGRATE: 'false' });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/RAMP_MIGRATE=false: run `ramp-checkout migrate` first/);

    const done = await runCli(['migrate'], { RAMP_DATA_DIR: old });
    expect(done.out).toMatch(
      new RegExp(
        `from schema version ${LATEST_VERSION - 2} to ${LATEST_VERSION} \\(applied ${LATEST_VERSION - 1}, ${LATEST_VERSION}\\)`,
      ),
    );
    expect(done.code).toBe(0);
    const after = await runCli(['migrate', '--check'], { RAMP_DATA_DIR: old });
    expect(after.out).toMatch(/nothing to migrate/);
    expect(after.code).toBe(0);
  });

  it('a ledger newer than the build: serve refuses to start and --check says so, naming both versions', async () => {
    const dir = await ledgerAt(LATEST_VERSION);
    const db = await openSqlite(dir);
    await db.query('INSERT INTO ramp_schema_migrations VALUES ($1, $2, 0)', [NEWER, 'from a newer build']);
    await db.close();
    const served = await runCli(['serve'], { RAMP_DATA_DIR: dir });
    expect(served.code).toBe(1);
    expect(served.out).toMatch(newerMessage);
    const check = await runCli(['migrate', '--check'], { RAMP_DATA_DIR: dir });
    expect(check.code).toBe(1);
    expect(check.out).toMatch(newerMessage);
  });
});

const skip = missingServices('ramp-checkout migrate on PostgreSQL', ['postgres', 'redis']);

describe.skipIf(skip)('ramp-checkout migrate on PostgreSQL', { timeout: 60_000 }, () => {
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(() => db?.drop());

  it('--check, migrate, --check; then a newer ledger refused by serve', async () => {
    db = await freshDatabase('migrate');
    const env = {
      RAMP_DATABASE_URL: db.url,
      RAMP_REDIS_URL: redisDb(8),
      RAMP_SESSION_SECRET: 'migrate-test-session-secret-0123456789abcdef',
    };
    const due = await runCli(['migrate', '--check'], env);
    expect(due.out).toMatch(new RegExp(`at schema version 0; this build needs version ${LATEST_VERSION}`));
    expect(due.code).toBe(1);
    const done = await runCli(['migrate'], env);
    expect(done.out).toMatch(
      new RegExp(`Migrated the ledger \\(PostgreSQL [^)]+\\) from schema version 0 to ${LATEST_VERSION}`),
    );
    expect(done.code).toBe(0);
    expect((await runCli(['migrate', '--check'], env)).code).toBe(0);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query('INSERT INTO ramp_schema_migrations VALUES ($1, $2, 0)', [
      NEWER,
      'from a newer build',
    ]);
    await client.end();
    const served = await runCli(['serve'], env);
    expect(served.code).toBe(1);
    expect(served.out).toMatch(newerMessage);
    const check = await runCli(['migrate', '--check'], env);
    expect(check.code).toBe(1);
    expect(check.out).toMatch(newerMessage);
  });
});
