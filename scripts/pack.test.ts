// The published package as a merchant installs it: `npm pack`, installed into an empty folder.
// `ramp-checkout/server` type-checks with skipLibCheck off, and `ramp-checkout serve` serves the
// hosted page and /api/ramp from that folder. Needs the build (npm test builds first).
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // The build already ran; --ignore-scripts skips the prepack build.
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: root, stdio: 'pipe' });
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'merchant', private: true, type: 'module' }),
  );
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--prefer-offline', `./${tarball}`],
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
  it('type-checks `ramp-checkout/server` with skipLibCheck off', () => {
    writeFileSync(
      join(dir, 'server.ts'),
      `import { createRampServer, nodeHandler, verifyWebhook, loadConfig } from 'ramp-checkout/server';
import type { RampServerOptions, WebhookEvent } from 'ramp-checkout/server';
const options: RampServerOptions = { ...loadConfig({}), adminToken: 'a-token-of-16-chars' };
const server = createRampServer(options);
export const handler = nodeHandler(server);
export const GET = (request: Request): Promise<Response> => server.fetch(request);
export const intent = server.createIntent({ reference: 'order-1', amount: '100' });
export function onWebhook(raw: string, signature: string | null): WebhookEvent['type'] {
  return verifyWebhook(raw, signature, 'x'.repeat(32), { toleranceSec: 300 }).type;
}
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
        },
        files: ['server.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      encoding: 'utf8',
    });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 60_000); // tsc over the declarations: ~20 s on a busy 2-core machine

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
