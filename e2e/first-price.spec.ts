// A price on first paint, and places the checkout does not serve said by name.
//   - The best prefill's price is in the page's HTML (rendered by the server), and the page takes it
//     over; in a language the checkout does not speak (Dutch), both are the English checkout. (That
//     a shopper sees it on first paint on a phone: first-screen.spec.ts.)
//   - A cold load outside the US (a British browser, no options) shows a price without any entry.
//   - In the US, the State picker says it is needed for prices; once it is chosen, a price shows.
//   - `?country=IT` (a country the service does not serve) names Italy, and is not swapped silently.
import { expect, test } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { GB_BUY_PREFILL, US_NY } from './support/data';
import { expectVisibleToShopper } from './support/layout';

test.describe('a British browser', () => {
  test.use({ locale: 'en-GB' });

  test('a cold load shows a price with no entry', async ({ page }) => {
    const checkout = new Checkout(page);
    await page.goto('/');
    await expect(checkout.change).toHaveAccessibleDescription(/^United Kingdom\s·/);
    // A round amount within the limits, already there: the best offer and what it gives.
    await expect(checkout.amount).toHaveValue(/^\d+$/, { timeout: 20_000 });
    await checkout.expectBestOfferSeen('a cold load');
    await expect(checkout.quoteRadios.first()).toHaveAccessibleName(/: you get [\d.]+\s?\S+ for £[\d,.]+$/);
    await expectVisibleToShopper(checkout.widget.getByText(/^1 \S+ = £[\d,.]+$/).first(), 'its rate');
    // Easy to replace: the shopper's own amount takes its place.
    await checkout.enterAmount('250');
    await expect(checkout.quoteRadios.first()).toHaveAccessibleName(/ for £250\.00$/, { timeout: 20_000 });
  });

  test('an amount typed before the page takes its screen over is the one priced', async ({ page }) => {
    const checkout = new Checkout(page);
    // The scripts arrive late, as on a slow phone: the shopper types into the page's HTML meanwhile.
    await page.route('**/assets/index-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`/?${new URLSearchParams(GB_BUY_PREFILL).toString()}`, { waitUntil: 'commit' });
    await checkout.amount.fill('250');
    await expect(page.locator('#root')).toHaveAttribute('data-rc-ssr', '');
    await expect(checkout.quoteRadios.first()).toHaveAccessibleName(/ for £250\.00$/, { timeout: 20_000 });
    await expect(checkout.amount).toHaveValue('250');
  });

  test('a German browser gets the first screen in German, taken over once its words are here', async ({
    browser,
    baseURL,
  }) => {
    const german = await browser.newContext({ baseURL, locale: 'de-DE' });
    const page = await german.newPage();
    await page.goto(`/?${new URLSearchParams(GB_BUY_PREFILL).toString()}`);
    await expect(page.getByRole('heading', { name: 'Krypto kaufen' })).toBeVisible();
    const why = page.getByRole('button', { name: 'Warum dieses Angebot?' });
    await expect(async () => {
      await why.click();
      await expect(why).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('#root')).toHaveAttribute('data-rc-ssr', '');
    await german.close();
  });

  test('`?country=IT` says buying is not available in Italy, and switches to nothing in silence', async ({
    page,
  }) => {
    const checkout = new Checkout(page);
    await page.goto('/?country=IT');
    const alert = checkout.alerts;
    await expect(alert).toContainText('Buying crypto isn’t available in Italy yet.', { timeout: 20_000 });
    await expect(alert).toContainText('Choose another country to see offers.');
    // One message, not several that disagree; no offers for somewhere else.
    await expect(alert).toHaveCount(1);
    await expect(checkout.country).not.toHaveValue(/United Kingdom|United States/);
    await expect(checkout.quotes).toHaveCount(0);
    await expect(checkout.continueButton).toBeDisabled();
    // Another country brings the prices.
    await checkout.chooseCountry('Germany', 'DE');
    await expect(checkout.alerts).toHaveCount(0);
    await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  });
});

test.describe('a Dutch browser: a language the checkout does not speak', () => {
  test.use({ locale: 'nl-NL' });

  test('the best prefill comes rendered with its first data, in English: the price is in the HTML, then the page runs it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const url = `/?${new URLSearchParams(GB_BUY_PREFILL).toString()}`;
    const setUpError = /not set up correctly/;
    // Before any script: the price is painted with the page itself.
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'nl-NL' });
    const still = new Checkout(await noScript.newPage());
    await still.page.goto(url);
    await expect(still.quoteRadios.first()).toBeChecked();
    await expect(still.quoteRadios.first()).toHaveAccessibleName(/ for £100\.00$/);
    await expect(still.page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(still.page.getByText(setUpError)).toHaveCount(0);
    await noScript.close();

    // With scripts: the page takes that screen over (hydrated, not rendered again), asking for neither
    // its first data nor its price again.
    const checkout = new Checkout(page);
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path === '/api/ramp/bootstrap' || path === '/api/ramp/payments/crypto/quote') asked.push(path);
    });
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto(url);
    await expect(page.locator('#rc-first-data')).toHaveCount(1);
    await expect(checkout.quoteRadios.first()).toHaveAccessibleName(/ for £100\.00$/);
    const why = checkout.widget.getByRole('button', { name: 'Why this offer?' });
    await expect(async () => {
      await why.click();
      await expect(why).toHaveAttribute('aria-expanded', 'true', { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('#root')).toHaveAttribute('data-rc-ssr', '');
    await expect(checkout.quoteRadios.first()).toHaveAccessibleName(/ for £100\.00$/);
    await expect(page.getByText(setUpError)).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test.describe('an American browser', () => {
  test.use({ locale: 'en-US' });

  test('the State picker says it is needed for prices; once chosen, a price shows', async ({ page }) => {
    const checkout = new Checkout(page);
    await page.goto('/');
    await expect(checkout.country).toHaveValue('United States (US)');
    await expect(checkout.state).toHaveAccessibleDescription(/Needed to show prices/);
    await expect(checkout.quotes).toHaveCount(0);
    await checkout.chooseState(US_NY.name, US_NY.code);
    await expect(checkout.amount).toHaveValue(/^\d+$/, { timeout: 20_000 });
    await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  });
});
