// The audit's checks, each screen as a shopper reaches it (prefilled, so no walk through pickers):
// axe with every WCAG 2.2 A/AA tag and any impact on every screen of a buy and a sell, at 375 and
// 1280 px, light and dark, and on the console's views.
import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { axeViolations, orderUrl } from './support/a11y';
import { ETH_WALLET, GB_BUY_PREFILL, GB_SELL_PREFILL } from './support/data';

test.describe.configure({ mode: 'parallel' });
test.use({ locale: 'en-GB' });

// One walk per width and theme (four or five scans each): a walk scanning at both widths outlasts
// the test timeout on a loaded machine.
const SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

for (const [direction, prefill] of [
  ['buy', GB_BUY_PREFILL],
  ['sell', GB_SELL_PREFILL],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    for (const size of SIZES) {
      test(`axe finds nothing on any screen of a ${direction}, ${theme}, at ${size.width} px`, async ({
        page,
      }) => {
        test.slow();
        const checkout = new Checkout(page);
        const found: string[] = [];
        const scan = async (screen: string) =>
          found.push(...(await axeViolations(page)).map((v) => `${screen}: ${v}`));
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(orderUrl(prefill, { theme }));
        await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
        await scan('order');
        if (size.width > 1000) {
          // Every offer shown on a wide screen: where the action bar once lay over "Compare" (target size).
          await checkout.compareOffers();
          await expect(checkout.quoteRadios.nth(1)).toBeVisible();
          await scan('order, offers compared');
        }

        await checkout.next();
        await expect(checkout.wallet).toBeVisible();
        await scan('wallet');
        await checkout.enterWallet(ETH_WALLET);
        await checkout.next();

        await expect(checkout.launchButton).toBeEnabled();
        await scan('review');
        const popup = await checkout.launch();
        await expect(checkout.status).toBeVisible();
        await scan('status');
        await popup.close();
        expect(found).toEqual([]);
      });
    }
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
