// What an offer tells the shopper, on the hosted page against the sandbox, from a prefilled URL:
// the verification each needs (Banxa publishes $2,000 a day at level 1), "Why this offer?" (axe clean
// open), and an amount to receive typed in "You get" (0.01 BTC delivered, to 2 % above).
import { expect, test } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { axeViolations, orderUrl } from './support/a11y';
import { US_BTC_BUY } from './support/data';

test.use({ locale: 'en-US' });

test('offers say their verification, open "Why this offer?", and take an amount in crypto', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  await page.goto(orderUrl(US_BTC_BUY));
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });

  const why = checkout.widget.getByRole('button', { name: 'Why this offer?' }).first();
  await expect(why).toHaveAttribute('aria-expanded', 'false');
  await why.click();
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`#${await why.getAttribute('aria-controls')}`);
  await expect(panel).toContainText('Network fee');
  await expect(panel).toContainText('Markup over the market');

  await checkout.compare.click();
  await expect(checkout.widget.getByText('Light verification up to $2,000 per day').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const get = checkout.widget.getByRole('textbox', { name: 'You get' });
  await get.fill('0.01');
  await expect(checkout.widget.getByText(/^≈ [\d,]+\.\d\d$/)).toBeVisible({ timeout: 20_000 });
  const best = checkout.quoteRadios.first();
  await expect(best).toHaveAccessibleName(/: you get 0\.01\d*\sBTC for \$/, { timeout: 20_000 });
  const delivered = Number(/you get ([\d.]+)/.exec((await best.getAttribute('aria-label')) ?? '')?.[1]);
  expect(delivered).toBeGreaterThanOrEqual(0.01);
  expect(delivered).toBeLessThanOrEqual(0.0102);
});
