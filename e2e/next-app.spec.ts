// The React component in a Next.js App Router app as a merchant writes it: a server component page
// imports <RampCheckout> from the PACKED package (e2e/fixtures/next-app), with no client wrapper of
// its own; `next build` type-checks it with skipLibCheck off, `next start` serves it, and a shopper
// completes a buy against the host server across origins.
import { expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_PORT, NEXT_APP_PORT } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { buyEthByCard, REACT_QUERY_MARK } from './support/flows';

const appDir = join(import.meta.dirname, 'fixtures', 'next-app');
const APP_URL = `http://localhost:${NEXT_APP_PORT}/`;
const nextBin = join(import.meta.dirname, '..', 'node_modules', 'next', 'dist', 'bin', 'next');

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
  test.setTimeout(420_000);
  // Pack, install, build once for this file's tests: the package as it would ship today.
  execFileSync(process.execPath, [join(appDir, 'prepare.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, RAMP_API: `http://127.0.0.1:${HOST_PORT}/api/ramp` },
  });
  const output: string[] = [];
  server = spawn(process.execPath, [nextBin, 'start', '-p', String(NEXT_APP_PORT), '-H', 'localhost'], {
    cwd: appDir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
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
  const after = await page.getByTestId('below-widget').boundingBox();
  expect(after?.y).toBe(before?.y);
});

test('a server component page renders <RampCheckout> from the packed package and completes a buy', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  await page.goto(APP_URL);
  await buyEthByCard(new Checkout(page));
  expect(pageErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the app’s built JS holds one copy of @tanstack/react-query', () => {
  const copies = jsFiles(join(appDir, '.next', 'static')).reduce(
    (n, file) => n + (readFileSync(file, 'utf8').match(REACT_QUERY_MARK)?.length ?? 0),
    0,
  );
  expect(copies).toBe(1);
});
