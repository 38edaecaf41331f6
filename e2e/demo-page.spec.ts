// The demo merchant page served by the host server itself (/demo/merchant.html) loads the checkout
// from that server's own origin, whatever its port (the e2e server is not on the default 8787).
import { expect, test } from '@playwright/test';
import { Checkout } from './pages/checkout';

test('/demo/merchant.html shows the checkout from the server it is served by', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') blocked.push(m.text());
  });
  await page.goto('/demo/merchant.html');
  const checkout = new Checkout(page.locator('#checkout'));
  await expect(checkout.title).toBeVisible({ timeout: 20_000 });
  expect(blocked.filter((m) => /Content Security Policy|ramp-checkout\.js/.test(m))).toEqual([]);
});
