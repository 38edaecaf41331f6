// Always a way forward, with faults injected into the sandbox behind a host server of this spec's own:
//   - the upstream is down for 10 s while the page loads, then back: the price appears, no reload;
//   - session creation hangs: within 35 s the review says so, with a way forward (try again, or
//     take another offer), and the blank partner window is closed again;
//   - the upstream down longer while the checkout loads: one alert with one "Try again", which recovers it.
// The page's clock is Playwright's (page.clock): the widget's pauses and deadlines pass when the test
// moves it on, so the seconds the shopper would wait are not waited here; the server keeps real time.
import { expect, test } from '@playwright/test';
import { specPort } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { GB_BUY_PREFILL } from './support/data';
import { startOwnServer, type OwnServer } from './support/server';

let server: OwnServer;

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-GB' });

test.beforeAll(async () => {
  server = await startOwnServer(specPort(7));
});
test.afterAll(async () => server?.stop());
test.afterEach(async () => server.clearFaults());

test('the upstream down for 10 s while the page loads: the price comes once it is back, without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const checkout = new Checkout(page);
  await page.clock.install();
  await server.faults([{ kind: 'status', status: 503 }]);
  await page.goto(`${server.origin}/`);
  await expect(checkout.widget).toBeVisible();
  // The same document throughout: a marker set now is still there at the end.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  // Ten seconds of the page's time, a second at a time: its lists are asked again as they fail.
  for (let s = 0; s < 10; s++) await page.clock.runFor(1_000);
  await expect(checkout.quotes).toHaveCount(0);
  await server.clearFaults();

  // The next retry (at most 8 s away) finds the upstream back.
  for (let s = 0; s < 30 && (await checkout.quoteRadios.count()) === 0; s++) await page.clock.runFor(1_000);
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 30_000 });
  await expect(checkout.amount).toHaveValue(/^\d+$/);
  await expect(checkout.alerts).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );
});

test('a session creation that hangs ends within 35 s in a message with a way forward', async ({ page }) => {
  test.setTimeout(90_000);
  const checkout = new Checkout(page);
  await page.clock.install();
  await page.goto(`${server.origin}/?${new URLSearchParams(GB_BUY_PREFILL)}`);
  const first = await checkout.chooseQuote();
  await checkout.next();
  await expect(checkout.launchButton).toBeEnabled();

  await server.faults([{ method: 'POST', path: '/crypto/session/widget', kind: 'hang' }]);
  const popup = await checkout.launch();
  const alert = checkout.alerts;
  // 35 s of the page's time at most, the widget's own deadline (30 s) within them.
  for (let s = 0; s < 35 && (await alert.count()) === 0; s++) await page.clock.runFor(1_000);
  await expect(alert).toContainText(`${first} did not answer in time`);
  // No blank window left behind; both ways forward offered: this button again, or another offer.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(checkout.launchButton).toBeEnabled();
  const other = alert.getByRole('button', { name: 'Try another offer' });
  await expect(other).toBeVisible();

  // Another offer: back to the offers, another partner, and the hand-off goes through.
  await server.clearFaults();
  await other.click();
  await expect(checkout.title).toHaveText('Buy crypto');
  await checkout.compareOffers();
  const radios = checkout.quoteRadios;
  const names = await radios.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  const second = names.map((n) => n.slice(0, n.indexOf(':'))).find((n) => n !== first);
  expect(second, 'another partner quotes').toBeTruthy();
  await checkout.chooseQuote(second);
  await checkout.next();
  const partner = await checkout.launch();
  await partner.waitForURL(/\/provider\/checkout\//, { timeout: 30_000 });
  await expect(checkout.status).toBeVisible();
  await partner.close();
});

test('an outage while the checkout loads shows one alert with one "Try again", which recovers it', async ({
  page,
}) => {
  test.slow();
  const checkout = new Checkout(page);
  await page.clock.install();
  await server.faults([{ kind: 'status', status: 503 }]);
  // Nothing prefilled: every list of the order screen is asked for, and fails.
  await page.goto(`${server.origin}/?remember=false`);
  const tryAgain = checkout.widget.getByRole('button', { name: 'Try again' });
  // Each list gives up after its own retries (1, 2, 4, 8, 8, 8 s of the page's clock) before the
  // alert shows: the clock moves 8 s a step, and each step leaves the failed requests 100 ms of real
  // time to come back and set their next retry.
  await expect
    .poll(
      async () => {
        await page.clock.runFor(8_000);
        return tryAgain.count();
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await expect(tryAgain).toBeVisible();
  await expect(checkout.alerts).toHaveCount(1);
  await expect(tryAgain).toHaveCount(1);

  await server.clearFaults();
  await tryAgain.click();
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  await expect(checkout.alerts).toHaveCount(0);
});
