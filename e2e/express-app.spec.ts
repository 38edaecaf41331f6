// The README's Express example run as written: the server mounted at /ramp in a merchant's Express
// app. A shopper completes a buy on the hosted page at /ramp/ (its files, /api/ramp and the
// sandbox's partner page all under /ramp), and the app's own routes still answer.
import { expect, test } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specPort } from '../playwright.config';
import { writeExpressApp } from './support/readme-express-app';
import { Checkout } from './pages/checkout';
import { buyEthByCard } from './support/flows';

const PORT = specPort(12);
const ORIGIN = `http://localhost:${PORT}`;
let app: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const file = writeExpressApp();
  const output: string[] = [];
  app = spawn(process.execPath, ['--import', 'tsx', file], {
    env: {
      ...process.env,
      PORT: String(PORT),
      RAMP_PUBLIC_URL: `${ORIGIN}/ramp`,
      RAMP_DATA_DIR: mkdtempSync(join(tmpdir(), 'ramp-express-')),
      RAMP_SANDBOX_TIME_SCALE: '0.3',
      RAMP_RATE_LIMIT_QUOTE: '6000/600',
      RAMP_RATE_LIMIT_DISCOVERY: '6000/600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout?.on('data', (d) => output.push(String(d)));
  app.stderr?.on('data', (d) => output.push(String(d)));
  for (let i = 0; ; i++) {
    if (app.exitCode !== null || i > 400)
      throw new Error(`the Express app did not start:\n${output.join('')}`);
    try {
      if ((await fetch(`${ORIGIN}/ramp/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
});

test.afterAll(() => {
  app?.kill();
});

test('the app’s own / answers beside the server mounted at /ramp', async ({ request }) => {
  expect(await (await request.get(`${ORIGIN}/`)).text()).toBe('The shop');
  const bare = await request.get(`${ORIGIN}/ramp`, { maxRedirects: 0 });
  expect(bare.status()).toBe(308);
  expect(bare.headers()['location']).toBe('/ramp/');
});

test('a shopper completes a buy on the hosted page under /ramp/', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  const outside: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === ORIGIN && !url.pathname.startsWith('/ramp/')) outside.push(url.pathname);
  });
  await page.goto(`${ORIGIN}/ramp/`);
  await buyEthByCard(new Checkout(page));
  expect(problems).toEqual([]);
  expect(outside).toEqual([]);
});
