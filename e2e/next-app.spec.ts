// The React component in a Next.js App Router app as the README says to set it up
// (e2e/fixtures/next-app): a server component page renders <RampCheckout> from the PACKED package
// with no client wrapper of its own, and the README's route handler serves the whole host server
// in-app under /api/ramp (the sandbox's partner page and icons included). `next build` (Turbopack;
// with NEXT_BUILDS=webpack,turbopack webpack too) type-checks it with skipLibCheck off; `next start`
// serves the build, and a shopper completes a buy on the app's origin alone.
import { expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NEXT_APP_PORT } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { buyEthByCard, REACT_QUERY_MARK } from './support/flows';

const appDir = join(import.meta.dirname, 'fixtures', 'next-app');
const APP_ORIGIN = `http://localhost:${NEXT_APP_PORT}`;
const APP_URL = `${APP_ORIGIN}/`;
const nextBin = join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next');

let server: ChildProcess | undefined;

async function waitUntilUp(url: string, child: ChildProcess, output: string[]): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output.join('')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`next start did not answer at ${url}:\n${output.join('')}`);
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(dir, f));
}

test.beforeAll(async () => {
  test.setTimeout(900_000);
  // Install, pack and build once for this file's tests: the package as it would ship today.
  execFileSync(process.execPath, [join(appDir, 'prepare.mjs')], { stdio: 'inherit' });
  const output: string[] = [];
  server = spawn(process.execPath, [nextBin, 'start', '-p', String(NEXT_APP_PORT), '-H', 'localhost'], {
    cwd: appDir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      // What the README asks of a Next.js app (.env.local); the rest is for a test run's pace.
      RAMP_PUBLIC_URL: APP_ORIGIN,
      RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-next-')),
      RAMP_SANDBOX_TIME_SCALE: '0.3',
      RAMP_RATE_LIMIT_QUOTE: '6000/600',
      RAMP_RATE_LIMIT_DISCOVERY: '6000/600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => output.push(String(d)));
  server.stderr?.on('data', (d) => output.push(String(d)));
  await waitUntilUp(APP_URL, server, output);
});

test.afterAll(() => {
  server?.kill();
});

test('the server renders a box of the widget’s size; the page does not shift when it hydrates', async ({
  browser,
  page,
  request,
}) => {
  const html = await (await request.get(APP_URL)).text();
  expect(html).toContain('data-rc-placeholder');

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const serverPage = await noScript.newPage();
  await serverPage.goto(APP_URL);
  const before = await serverPage.getByTestId('below-widget').boundingBox();
  await noScript.close();

  await page.goto(APP_URL);
  await expect(page.getByRole('radiogroup', { name: 'Direction' })).toBeVisible();
  // Once the first screen has filled in (its lists, the state it asks for): measured any earlier, a
  // screen taller than the box passed by chance.
  await expect(page.getByRole('combobox', { name: 'State' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const after = await page.getByTestId('below-widget').boundingBox();
  expect(after?.y).toBe(before?.y);
});

test('a server component page renders <RampCheckout> and completes a buy in-app, on the app’s origin alone', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const elsewhere: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.context().on('request', (r) => {
    if (!r.url().startsWith('data:') && new URL(r.url()).origin !== APP_ORIGIN) elsewhere.push(r.url());
  });
  await page.goto(APP_URL);
  await buyEthByCard(new Checkout(page));
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test('the webpack build of the same app serves the route handler too', async () => {
  test.skip(!process.env.NEXT_BUILDS?.includes('webpack'), 'built only with NEXT_BUILDS=webpack,turbopack');
  const output: string[] = [];
  const port = NEXT_APP_PORT + 20;
  const webpack = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', 'localhost'], {
    cwd: appDir,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: '.next-webpack',
      RAMP_PUBLIC_URL: `http://localhost:${port}`,
      RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-next-webpack-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  webpack.stdout?.on('data', (d) => output.push(String(d)));
  webpack.stderr?.on('data', (d) => output.push(String(d)));
  try {
    await waitUntilUp(`http://localhost:${port}/`, webpack, output);
    const res = await fetch(
      `http://localhost:${port}/api/ramp/network-partner/supported/currencies?category=CRYPTO_ONRAMP&country=US&type=CRYPTO`,
    );
    expect(res.status).toBe(200);
    const icon = JSON.stringify(await res.json()).match(/"(http[^"]+\.svg)"/)?.[1];
    expect(icon).toMatch(new RegExp(`^http://localhost:${port}/api/ramp/sandbox/assets/`));
    expect((await fetch(icon!)).status).toBe(200);
  } finally {
    webpack.kill();
  }
});

test('the app’s built JS holds one copy of @tanstack/react-query', () => {
  const copies = jsFiles(join(appDir, '.next', 'static')).reduce(
    (n, file) => n + (readFileSync(file, 'utf8').match(REACT_QUERY_MARK)?.length ?? 0),
    0,
  );
  expect(copies).toBe(1);
});
