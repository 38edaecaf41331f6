import { defineConfig } from '@playwright/test';
import { chromiumPath } from './e2e/support/chromium';
import { TEST_SERVER_ENV } from './src/server/testing/child-env';

const executablePath = chromiumPath();

// Every port the e2e run opens is E2E_PORT_BASE + a fixed offset, so two runs on one machine (two
// checkouts of the repo) can be told apart: E2E_PORT_BASE=9790 npm run test:e2e.
export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 8790);
export const HOST_PORT = PORT_BASE;
export const MERCHANT_PORT = PORT_BASE + 1;
export const CONSUMER_PORT = PORT_BASE + 2;
/** The Next.js consumer app (e2e/next-app.spec.ts). */
export const NEXT_APP_PORT = PORT_BASE + 4;
/** A free offset for a spec that starts servers of its own (0–2 and 4 are taken above). */
export const specPort = (offset: number) => PORT_BASE + offset;
export const ADMIN_TOKEN = 'e2e-console-token-0123456789';
// One name per test run (workers inherit it; npm test sets it for the unit and e2e stages alike): the
// package is packed once per run (e2e/fixtures/packed.mjs).
process.env.RAMP_TEST_RUN ??= `run-${Date.now()}`;

export default defineConfig<object, { engineName: 'webkit' | 'firefox' }>({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two: four were no faster on two cores (12.6 min against 12.0; the app builds and axe scans then
  // compete for the CPU) and only raise the load the timing-sensitive specs run under.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // The list, and the page of each failed test printed in full (e2e/support/failure-context.ts).
  reporter: [['list'], ['./e2e/support/failure-context.ts']],
  use: {
    baseURL: `http://127.0.0.1:${HOST_PORT}`,
    // A trace snapshots the page at every action of every test, failing or not; CI keeps only the
    // log, so it records none. On a workstation a failure keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // Chromium runs the suite (`npm run test:e2e`); WebKit and Firefox run the engine lanes
  // (`npm run test:engines`): the shopper journeys of e2e/engines, written once against
  // e2e/support/shopper, whose fixtures give a shopper in that engine in place of Playwright's page.
  projects: [
    { name: 'chromium', testIgnore: 'engines/**' },
    { name: 'webkit', testDir: 'e2e/engines', use: { engineName: 'webkit' } },
    { name: 'firefox', testDir: 'e2e/engines', use: { engineName: 'firefox' } },
  ],
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${HOST_PORT}/healthz`,
      reuseExistingServer: false,
      env: {
        PORT: String(HOST_PORT),
        HOST: '127.0.0.1',
        RAMP_ALLOWED_ORIGINS: `http://localhost:${MERCHANT_PORT},http://localhost:${CONSUMER_PORT},http://localhost:${NEXT_APP_PORT}`,
        RAMP_ADMIN_TOKEN: ADMIN_TOKEN,
        RAMP_SANDBOX_CONTROL: '1',
        RAMP_SANDBOX_TIME_SCALE: '0.3',
        // A ledger of its own per port range: one server writes a data directory, and the Chromium
        // suite and the engine lanes may run side by side from one checkout.
        RAMP_DATA_DIR: `.ramp-data/e2e-${HOST_PORT}`,
        ...TEST_SERVER_ENV,
        // Tests run many quotes from one address; the default per-client limit is for shoppers.
        RAMP_RATE_LIMIT_QUOTE: '6000/600',
        RAMP_RATE_LIMIT_DISCOVERY: '6000/600',
        RAMP_RATE_LIMIT_SESSION: '600/100',
      },
    },
    {
      // The demo merchant page on another origin (localhost vs 127.0.0.1), embedding the script tag.
      command: `node scripts/merchant-demo.mjs`,
      url: `http://localhost:${MERCHANT_PORT}/`,
      reuseExistingServer: false,
      env: { PORT: String(MERCHANT_PORT), CHECKOUT_ORIGIN: `http://127.0.0.1:${HOST_PORT}` },
    },
  ],
});
