// The review's findings 3–7 on the hosted page: ranking the shopper can trust, stale prices said,
// a closed partner window, a way on after a declined payment, and a reload that keeps the choices.
import { expect, test, type Page } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { ETH_WALLET, GB_BUY_PREFILL } from './support/data';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

const PREFILL = GB_BUY_PREFILL;
const prefilled = (over: Record<string, string> = {}) => `/?${new URLSearchParams({ ...PREFILL, ...over })}`;

/** "Banxa: you get 0.0312 ETH for £100.00" → 0.0312 */
const gets = (names: string[]) =>
  names.map((n) => Number(/you get ([\d.,]+)/.exec(n)![1]!.replace(/,/g, '')));

test('3: offers are ranked by what the shopper gets, and the selection follows the chosen ranking', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  await page.goto(prefilled());
  await checkout.compareOffers();
  const names = await checkout.quoteRadios.evaluateAll((r) =>
    r.map((e) => e.getAttribute('aria-label') ?? ''),
  );
  expect(names.length).toBeGreaterThan(2);
  const amounts = gets(names);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  await expect(checkout.quoteRadios.first()).toBeChecked();
  // "Lowest total cost" counts the rate markup: it cannot put first an offer that delivers less.
  await checkout.widget.getByRole('radio', { name: 'Lowest total cost' }).check();
  await expect(checkout.quoteRadios.first()).toBeChecked();
  expect(
    gets(await checkout.quoteRadios.evaluateAll((r) => r.map((e) => e.getAttribute('aria-label') ?? '')))[0],
  ).toBe(Math.max(...amounts));
  await checkout.widget.getByRole('radio', { name: 'Recommended' }).check();
  await expect(checkout.quoteRadios.first()).toBeChecked();
});

test('4: at the review, a price that cannot be refreshed is said to be out of date and cannot be launched', async ({
  page,
}) => {
  await page.clock.install();
  const checkout = new Checkout(page);
  await page.goto(prefilled());
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  await checkout.next();
  await expect(checkout.widget.getByText(/^Price held for \d+s$/)).toBeVisible();
  // From now on every refresh fails.
  await page.route('**/api/ramp/payments/crypto/quote', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"code":"UPSTREAM_UNAVAILABLE","message":"down"}',
    }),
  );
  await page.clock.fastForward('01:10');
  await expect(checkout.alerts.filter({ hasText: 'Prices could not be refreshed' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(checkout.launchButton).toBeDisabled();
  // Refreshes work again: the shopper tries again and can go on.
  await page.unroute('**/api/ramp/payments/crypto/quote');
  await checkout.alerts.getByRole('button', { name: 'Try again' }).click();
  await expect(checkout.launchButton).toBeEnabled({ timeout: 20_000 });
});

test('6: a closed partner window offers to reopen it, another offer or cancel', async ({ page }) => {
  const checkout = new Checkout(page);
  await page.goto(prefilled());
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  await checkout.next();
  const popup = await checkout.launch();
  const partner = (
    (await checkout.widget.getByRole('status', { name: 'Transaction status' }).textContent()) ?? ''
  ).match(/Finish in the (\w+) window/)?.[1];
  expect(partner).toBeTruthy();
  await popup.close();
  await checkout.expectStatus(`The ${partner} window was closed`);
  await expect(checkout.widget.getByRole('link', { name: `Reopen ${partner}` })).toBeVisible();
  await expect(checkout.widget.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await checkout.widget.getByRole('button', { name: 'Try another offer' }).click();
  await expect(checkout.amount).toHaveValue('100');
});

test('5: a declined payment shows "Failed"; "Try another offer" keeps every choice and launches a new session', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  await page.goto(prefilled());
  const first = await checkout.chooseQuote('Banxa');
  await checkout.next();
  await Checkout.finishAtPartner(await checkout.launch(), 'Decline');
  await checkout.expectStatus('Failed');
  await expect(checkout.status).toContainText('The transaction did not go through.');
  await expect(checkout.widget.getByRole('button', { name: 'Try again' })).toBeVisible();
  await checkout.widget.getByRole('button', { name: 'Try another offer' }).click();
  await expect(checkout.amount).toHaveValue('100');
  const second = await checkout.chooseQuote('Transak');
  expect(second).not.toBe(first);
  await checkout.next();
  await expect(checkout.launchButton).toHaveAccessibleName(`Continue to ${second}`);
  await Checkout.finishAtPartner(await checkout.launch(), 'Pay');
  await checkout.expectStatus('Completed');
  await expect(checkout.widget.getByRole('button', { name: 'Done' })).toBeVisible();
});

/** A buy in GB of ETH for £150, with its wallet, up to the review screen. */
async function toReview(page: Page): Promise<Checkout> {
  const checkout = new Checkout(page);
  await page.goto(
    `/?${new URLSearchParams({ direction: 'buy', country: 'GB', cryptoCurrency: 'ETH', network: 'ETHEREUM' })}`,
  );
  await checkout.enterAmount('150');
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  await checkout.next();
  await checkout.enterWallet(ETH_WALLET);
  await checkout.next();
  await expect(checkout.launchButton).toBeVisible();
  return checkout;
}

test('7: a reload mid-flow keeps the choices and the screen', async ({ page }) => {
  const checkout = await toReview(page);
  await page.reload();
  await expect(checkout.launchButton).toBeVisible({ timeout: 20_000 });
  await expect(checkout.title).toHaveText('Review and continue');
  await checkout.back();
  await expect(checkout.wallet).toHaveValue(ETH_WALLET);
  await checkout.back();
  await expect(checkout.amount).toHaveValue('150');
});

test("7: on the hosted page, the browser's Back and the widget's Back walk the same screens", async ({
  page,
}) => {
  const checkout = await toReview(page);
  const start = page.url();

  // The browser's Back: the previous screen, the page stays.
  await page.goBack();
  await expect(checkout.wallet).toHaveValue(ETH_WALLET);
  expect(page.url()).toBe(start);
  // Forward again by Continue, then the widget's own Back and the browser's Back in turn.
  await checkout.next();
  await expect(checkout.launchButton).toBeVisible();
  await checkout.back();
  await expect(checkout.wallet).toBeVisible();
  await page.goBack();
  await expect(checkout.amount).toHaveValue('150');
  expect(page.url()).toBe(start);
  // And the browser's Forward moves on again, the way Continue does.
  await page.goForward();
  await expect(checkout.wallet).toHaveValue(ETH_WALLET);
  await page.goForward();
  await expect(checkout.launchButton).toBeVisible();
  expect(page.url()).toBe(start);
});
