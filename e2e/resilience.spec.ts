// Resilience of the production build, end to end: the host server (dist/server/main.js) in remote
// mode against the standalone sandbox (src/sandbox/serve.ts) as a real HTTP upstream, both started
// here and owned by this file.
//   1. Through a whole buy, nothing the browser sends or receives (any page, any header, any body,
//      its storage) carries the API key.
//   2. The host server is killed (SIGKILL) while the page tracks a transaction and started again:
//      the same page resumes tracking, a reload resumes it from sessionStorage, and it reaches
//      "Completed"; a new visit of the same browser lists the order with its state (read in one
//      request, after the restart too), opens it, prints its receipt and forgets it on request.
//   3. The upstream fails quotes (503): the widget says so in words with "Try again"; once the
//      upstream is back, "Try again" gets quotes.
// The sandbox runs with time scale 100 (a transaction would take ten minutes to settle), and the
// tests move its clock over HTTP: every status change happens when the test says so.
import { specPort } from '../playwright.config';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SERVER_ENV } from '../src/server/testing/child-env';
import { startServer, type ServerProcess } from '../src/server/testing/process';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './support/a11y';
import { LOCK_ALL, US_BTC_BUY } from './support/data';

const SANDBOX_PORT = specPort(5);
const HOST_PORT = specPort(6);
const UPSTREAM = `http://127.0.0.1:${SANDBOX_PORT}`;
const HOST = `http://127.0.0.1:${HOST_PORT}`;
const KEY = 'sk_e2e_resilience_Qm3v8Zt1Lx6Rw4Ny';
// Fixed, so tracking tokens signed before a restart are still valid after it.
const SESSION_SECRET = 'e2e-resilience-session-secret-0123456789abcdef';

/** Everything fixed up front: the page opens on the quotes. */
const CHECKOUT = `${HOST}/?${new URLSearchParams({ ...US_BTC_BUY, lock: LOCK_ALL })}`;

/** Every form the key could take on the wire. */
const KEY_FORMS = [
  KEY,
  encodeURIComponent(KEY),
  Buffer.from(KEY).toString('base64'),
  Buffer.from(KEY).toString('base64url'),
  Buffer.from(`BASIC ${KEY}`).toString('base64'),
  Buffer.from(`${KEY}:`).toString('base64'),
];

interface Proc {
  child: ChildProcess;
  output: string[];
}

let sandbox: Proc | undefined;
let host: ServerProcess | undefined;
// This spec's host keeps its ledger across its own restarts, apart from the shared server's (one
// server writes a data directory).
const DATA_DIR = mkdtempSync(join(tmpdir(), 'ramp-e2e-resilience-'));

function run(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', ...TEST_SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  return { child, output };
}

async function waitUntilUp(url: string, proc: Proc): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`exited early:\n${proc.output.join('')}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up:\n${proc.output.join('')}`);
}

const stop = (proc: Proc | undefined, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill(signal);
  });

async function startHost(): Promise<ServerProcess> {
  const server = startServer({
    PORT: String(HOST_PORT),
    RAMP_API_BASE_URL: UPSTREAM,
    RAMP_API_KEY: KEY,
    RAMP_SESSION_SECRET: SESSION_SECRET,
    RAMP_UPSTREAM_TIMEOUT_MS: '3000',
    RAMP_RATE_LIMIT_QUOTE: '6000/600',
    RAMP_RATE_LIMIT_DISCOVERY: '6000/600',
    RAMP_RATE_LIMIT_SESSION: '600/100',
    RAMP_DATA_DIR: DATA_DIR,
    // The ledger follows orders quickly, so the recent orders' lookups see a change at once.
    RAMP_SYNC_INTERVAL_MS: '200',
  });
  await server.ready;
  return server;
}

const control = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${UPSTREAM}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(204);
};
const advanceUpstreamClock = (ms: number) => control('POST', '/__sandbox/clock', { advanceMs: ms });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sandbox = run(['--import', 'tsx', 'src/sandbox/serve.ts'], {
    SANDBOX_KEY: KEY,
    SANDBOX_PORT: String(SANDBOX_PORT),
    SANDBOX_CONTROL: '1',
    SANDBOX_TIME_SCALE: '100',
  });
  await waitUntilUp(`${UPSTREAM}/provider/checkout/none`, sandbox);
  host = await startHost();
});

test.afterAll(async () => {
  await host?.stop();
  await stop(sandbox, 'SIGTERM');
});

test.afterEach(async () => {
  await control('DELETE', '/__sandbox/faults');
});

/** From the quotes to the partner's Pay button, pressed; the partner's page is closed again. */
async function buyUntilPaid(page: Page): Promise<void> {
  await page.goto(CHECKOUT);
  await expect(page.getByRole('region', { name: 'Crypto checkout' })).toBeVisible();
  const quotes = page.getByRole('radiogroup', { name: 'Quotes' });
  const best = quotes.getByRole('radio').first();
  await expect(best).toBeVisible({ timeout: 20_000 });
  await best.check();
  await page.getByRole('button', { name: 'Continue' }).click();
  const partnerPage = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^Continue to / }).click();
  const partner = await partnerPage;
  await partner.waitForURL(`${UPSTREAM}/provider/checkout/**`);
  await partner.getByRole('button', { name: 'Pay' }).click();
  await expect(partner.getByRole('heading', { name: 'Payment submitted' })).toBeVisible();
  await partner.close();
}

const status = (page: Page) => page.getByRole('status', { name: 'Transaction status' });

test('the API key is in nothing the browser sends or receives, through a whole buy', async ({ page }) => {
  const seen: Promise<string>[] = [];
  const context = page.context();
  context.on('request', (req) => {
    seen.push(
      req
        .allHeaders()
        .then((h) => `> ${req.method()} ${req.url()}\n${JSON.stringify(h)}\n${req.postData() ?? ''}`),
    );
  });
  context.on('response', (res) => {
    seen.push(
      (async () => {
        const headers = JSON.stringify(await res.allHeaders());
        const body = await res.body().then(
          (b) => b.toString('utf8'),
          () => '',
        );
        return `< ${res.status()} ${res.url()}\n${headers}\n${body}`;
      })(),
    );
  });

  await buyUntilPaid(page);
  await expect(status(page)).toContainText('Pending');
  await advanceUpstreamClock(10 * 60_000);
  await expect(status(page)).toContainText('Completed', { timeout: 20_000 });

  const traffic = await Promise.all(seen);
  expect(traffic.length).toBeGreaterThan(10);
  // The proxy was really in the path: the browser called /api/ramp and the partner page.
  expect(traffic.some((t) => t.startsWith(`> POST ${HOST}/api/ramp/crypto/session/widget`))).toBe(true);
  expect(traffic.some((t) => t.startsWith(`> GET ${UPSTREAM}/provider/checkout/`))).toBe(true);
  const stored = await page.evaluate(() =>
    JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage }, cookie: document.cookie }),
  );
  const html = await page.content();
  const leaks = [...traffic, stored, html].filter((t) => KEY_FORMS.some((k) => t.includes(k)));
  expect(leaks.map((t) => t.split('\n')[0])).toEqual([]);
  // Nor in what the server printed.
  expect(KEY_FORMS.some((k) => host!.output().includes(k))).toBe(false);
});

test('a killed host server loses nothing: the page resumes tracking, also after a reload', async ({
  page,
}) => {
  await buyUntilPaid(page);
  await expect(status(page)).toContainText('Pending');
  // A new visit of the same browser lists the order, its state read in one request.
  const visit = await page.context().newPage();
  const lookups: string[] = [];
  visit.on(
    'request',
    (r) => r.url().endsWith('/api/ramp/sessions/lookup') && lookups.push(r.postData() ?? ''),
  );
  await visit.goto(CHECKOUT);
  const recent = visit.getByRole('region', { name: 'Your recent orders' });
  await expect(recent.getByRole('button', { name: /^\$100\.00 for .* (Pending|Processing)$/ })).toBeVisible();
  // The list shows what was kept at once; its state is read by one lookup (the next one 10 s later).
  await expect.poll(() => lookups.length).toBe(1);
  expect(await axeViolations(visit), 'the order screen with the recent orders').toEqual([]);
  expect(JSON.parse(lookups[0]!).trackingTokens).toHaveLength(1);

  // A crash, not a shutdown: no goodbye to anyone.
  await host!.stop('SIGKILL');
  // The page keeps polling and says it cannot reach the server, in words.
  await expect(page.getByRole('alert')).toContainText('could not reach the server', { timeout: 15_000 });
  host = await startHost();

  // The same page picks up where it was: the next poll after the restart shows the new status.
  await advanceUpstreamClock(100_000 * 1.5);
  await expect(status(page)).toContainText('Processing', { timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A reload (the shopper's tab restored, or the partner redirecting back) resumes from sessionStorage.
  await page.reload();
  await expect(status(page)).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Quotes' })).toHaveCount(0);
  await expect(status(page)).toContainText('Processing', { timeout: 20_000 });

  await advanceUpstreamClock(10 * 60_000);
  await expect(status(page)).toContainText('Completed', { timeout: 20_000 });

  // After the restart the new visit's list reads the order's end (the token still verifies).
  await visit.reload();
  const order = recent.getByRole('button', { name: /^\$100\.00 for [\d.]+\sBTC .* Completed$/ });
  await expect(order).toBeVisible({ timeout: 20_000 });
  await order.click();
  await expect(status(visit)).toContainText('Completed');
  const receipt = visit.getByRole('region', { name: 'Receipt' });
  for (const text of [/\$100\.00/, /BTC/, US_BTC_BUY.walletAddress, /txn_/])
    await expect(receipt).toContainText(text);
  await receipt.getByRole('button', { name: 'Print receipt' }).click();
  await expect(visit.frameLocator('iframe[data-rc-receipt]').locator('body')).toContainText(
    US_BTC_BUY.walletAddress,
  );
  // Forgotten on request; another browser never had it.
  await visit.getByRole('button', { name: 'Done' }).click();
  await recent.getByRole('button', { name: 'Forget my orders' }).click();
  await expect(visit.getByText('Your orders were removed from this device.')).toBeFocused();
  await expect(recent).toHaveCount(0);
  const other = await page.context().browser()!.newPage();
  await other.goto(CHECKOUT);
  await expect(other.getByRole('radiogroup', { name: 'Quotes' })).toBeVisible({ timeout: 20_000 });
  await expect(other.getByRole('region', { name: 'Your recent orders' })).toHaveCount(0);
  await other.close();
});

test('quotes fail while the upstream is down, in words with "Try again", and come back with it', async ({
  page,
}) => {
  await control('PUT', '/__sandbox/faults', {
    rules: [{ path: '/payments/crypto/quote', kind: 'status', status: 503 }],
  });
  await page.goto(CHECKOUT);
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toContainText('Something went wrong on our side. Try again in a moment.');
  // Words, not codes.
  await expect(alert).not.toContainText(/SERVICE_UNAVAILABLE|50\d/);
  await expect(page.getByRole('radiogroup', { name: 'Quotes' })).toHaveCount(0);

  await control('DELETE', '/__sandbox/faults');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Quotes' }).getByRole('radio').first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
});
