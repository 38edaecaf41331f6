// The React component as a merchant gets it: a fresh Vite + React app (e2e/fixtures/consumer-app)
// installs the PACKED package (npm pack → node_modules/ramp-checkout), builds, and is served from its
// own origin. With its own QueryClient, global CSS and StrictMode, it completes a buy against the host
// server across origins, while a second widget on the page keeps its own state.
import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { CONSUMER_PORT, HOST_PORT } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { buyEthByCard, REACT_QUERY_MARK } from './support/flows';

const appDir = join(import.meta.dirname, 'fixtures', 'consumer-app');
const distDir = join(appDir, 'dist');
const APP_URL = `http://localhost:${CONSUMER_PORT}/`;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** The app's build folder over HTTP, the way any static host would serve it. */
function serve(dir: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const rel = normalize(path === '/' ? '/index.html' : path).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, rel);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', () => resolve(server));
  });
}

let server: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(420_000);
  // Pack, install and build now, so the test always runs the package as it would ship today.
  execFileSync(process.execPath, [join(appDir, 'prepare.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, RAMP_API: `http://127.0.0.1:${HOST_PORT}/api/ramp` },
  });
  server = await serve(distDir, CONSUMER_PORT);
});

test.afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

test('a fresh Vite + React app renders <RampCheckout /> from the packed package and completes a buy', async ({
  page,
}) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(APP_URL);

  const buyPanel = page.getByRole('region', { name: 'Buy panel' });
  const sellPanel = page.getByRole('region', { name: 'Sell panel' });
  const buyWidget = buyPanel.getByRole('region', { name: 'Crypto checkout' });
  const sellWidget = sellPanel.getByRole('region', { name: 'Crypto checkout' });
  await expect(buyWidget).toBeVisible();
  await expect(sellWidget.getByRole('radio', { name: 'Sell' })).toBeChecked();

  // The host's own QueryClient keeps working beside the widgets' own.
  await expect(page.getByTestId('host-query')).toHaveText('host query ok');

  // No clash of styles either way: the host's buttons keep the host's look, and the widget's
  // buttons and text keep the widget's, under the host's global rules.
  const hostButton = page.getByRole('button', { name: 'Host button' });
  await expect(hostButton).toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(hostButton).toHaveCSS('color', 'rgb(255, 255, 0)');
  const widgetButton = buyWidget.getByRole('button', { name: 'Continue', exact: true });
  await expect(widgetButton).not.toHaveCSS('background-color', 'rgb(0, 0, 0)');
  await expect(buyWidget).toHaveCSS('text-transform', 'none');

  await buyEthByCard(new Checkout(buyPanel));

  // Each widget reported to its own onEvent, and the sell widget never left its first step.
  const buyEvents = page.getByRole('list', { name: 'Buy events' });
  const sellEvents = page.getByRole('list', { name: 'Sell events' });
  for (const type of ['ready', 'sessionCreated', 'providerLaunched', 'completed']) {
    await expect(buyEvents.locator(`li[data-event-type="${type}"]`)).not.toHaveCount(0);
  }
  await expect(sellEvents.locator('li[data-event-type="ready"]')).not.toHaveCount(0);
  await expect(sellEvents.locator('li[data-event-type="stepChanged"]')).toHaveCount(0);
  await expect(sellWidget.getByRole('radio', { name: 'Sell' })).toBeChecked();
  await expect(sellWidget.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();

  await expect(page.getByTestId('host-query')).toHaveText('host query ok');
  // A later visit of the app (a new tab) lists the order in the component, ended.
  const later = await page.context().newPage();
  await later.goto(APP_URL);
  const again = new Checkout(later.getByRole('region', { name: 'Buy panel' }));
  await expect(again.recentOrders.getByRole('button', { name: /\sETH .* Completed$/ })).toBeVisible();
  await later.close();
  expect(pageErrors).toEqual([]);
});

test('the app’s built JS holds one copy of @tanstack/react-query (the app’s own, shared with the widget)', () => {
  const dir = join(distDir, 'assets');
  const copies = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .reduce((n, f) => n + (readFileSync(join(dir, f), 'utf8').match(REACT_QUERY_MARK)?.length ?? 0), 0);
  expect(copies).toBe(1);
});
