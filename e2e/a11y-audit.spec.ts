// The audit's checks, each screen as a shopper reaches it (prefilled, so no walk through pickers):
// axe with every WCAG 2.2 A/AA tag and any impact on every screen of a buy and a sell, at 375 and
// 1280 px, light and dark, and on the console's views.
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TOKEN } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { axeViolations, orderUrl } from './support/a11y';
import { ETH_WALLET, GB_BUY_PREFILL, GB_SELL_PREFILL } from './support/data';

test.describe.configure({ mode: 'parallel' });
test.use({ locale: 'en-GB' });

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** Scans at both widths; returns the violations found, by screen and width. */
async function scanBothWidths(page: Page, screen: string, found: string[]): Promise<void> {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    found.push(...(await axeViolations(page)).map((v) => `${screen} @${size.width}: ${v}`));
  }
  await page.setViewportSize(PHONE);
}

for (const [direction, prefill] of [
  ['buy', GB_BUY_PREFILL],
  ['sell', GB_SELL_PREFILL],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds nothing on any screen of a ${direction}, ${theme}, at 375 and 1280 px`, async ({
      page,
    }) => {
      test.slow();
      const checkout = new Checkout(page);
      const found: string[] = [];
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(orderUrl(prefill, { theme }));
      await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
      await scanBothWidths(page, 'order', found);
      // Every offer shown, on a wide screen: where the action bar once lay over "Compare" (target size).
      await page.setViewportSize(DESKTOP);
      await checkout.compareOffers();
      await expect(checkout.quoteRadios.nth(1)).toBeVisible();
      found.push(...(await axeViolations(page)).map((v) => `order, offers compared @1280: ${v}`));
      await page.setViewportSize(PHONE);

      await checkout.next();
      await expect(checkout.wallet).toBeVisible();
      await scanBothWidths(page, 'wallet', found);
      await checkout.enterWallet(ETH_WALLET);
      await checkout.next();

      await expect(checkout.launchButton).toBeEnabled();
      await scanBothWidths(page, 'review', found);
      const popup = await checkout.launch();
      await expect(checkout.status).toBeVisible();
      await scanBothWidths(page, 'status', found);
      await popup.close();
      expect(found).toEqual([]);
    });
  }
}

test('axe finds nothing on the console: sign-in, a refused token, each view', async ({ page }) => {
  test.slow();
  const found: string[] = [];
  const scan = async (view: string) => found.push(...(await axeViolations(page)).map((v) => `${view}: ${v}`));
  await page.goto('/console');
  const token = page.getByLabel('Console token');
  await expect(token).toBeVisible();
  await scan('sign-in');
  await token.fill('not-the-token-at-all');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await scan('refused token');
  await token.fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const [view, name] of [
    ['payments', /payment transactions/i],
    ['accounts', /financial accounts/i],
  ] as const) {
    await page.goto(`/console?view=${view}`);
    const table = page.getByRole('table', { name });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await scan(view);
  }
  expect(found).toEqual([]);
});
