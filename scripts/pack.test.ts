// The published package as a merchant installs it: the run's `npm pack` (e2e/fixtures/packed.mjs),
// installed into an empty folder with npm, and `ramp-checkout serve` serving the hosted page and
// /api/ramp from that folder (its types: scripts/consumer-types.test.ts). Needs the build (npm test
// builds first).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const built =
  existsSync(join(root, 'dist/server/index.js')) && existsSync(join(root, 'dist/hosted/index.html'));
let dir = '';
let child: ChildProcess | undefined;

beforeAll(() => {
  if (!built) return;
  dir = mkdtempSync(join(tmpdir(), 'ramp-pack-'));
  const tarball = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { packOnce } = await import(${JSON.stringify(join(root, 'e2e/fixtures/packed.mjs'))});
       process.stdout.write(packOnce());`,
    ],
    { encoding: 'utf8' },
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'merchant', private: true, type: 'module' }),
  );
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--prefer-offline', tarball],
    { cwd: dir, stdio: 'pipe' },
  );
}, 120_000);

afterAll(() => {
  child?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('`npm pack` on a clean clone builds first: prepack is the full build that fills every shipped folder', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    files: string[];
  };
  expect(pkg.scripts.prepack).toBe(pkg.scripts.build);
  const done = /build complete: ([^']+)'/.exec(readFileSync(join(root, 'scripts/build.mjs'), 'utf8'))![1]!;
  expect(pkg.files.filter((f) => f.startsWith('dist/')).sort()).toEqual(done.split(' ').sort());
});

describe.runIf(built)('the packed package', () => {
  it('serves the hosted page and /api/ramp with `ramp-checkout serve` from the merchant folder', async () => {
    child = spawn(process.execPath, [join(dir, 'node_modules/.bin/ramp-checkout'), 'serve', '--port', '0'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const origin = await new Promise<string>((ok, fail) => {
      let out = '';
      child!.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
        if (m) ok(m[1]!);
      });
      child!.stderr!.on('data', (d: Buffer) => (out += d.toString()));
      child!.on('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    const countries = await fetch(
      `${origin}/api/ramp/network-partner/supported/countries?category=CRYPTO_ONRAMP`,
    );
    expect(countries.status).toBe(200);
    expect(((await countries.json()) as { countries: unknown[] }).countries.length).toBeGreaterThan(0);
    expect(existsSync(join(dir, '.ramp-data/ledger.sqlite'))).toBe(true);
  }, 60_000);
});
