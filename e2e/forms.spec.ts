// The other ways merchants ship the checkout: the hosted page configured by its URL (locked
// choices, and a broken link), and the script-tag embed on the demo merchant page, another origin
// with a strict CSP and hostile global styles.
import { expect, test, type Page } from '@playwright/test';
import { MERCHANT_PORT } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { ETH_WALLET, US_BTC_BUY, US_NY } from './support/data';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

const hosted = (params: Record<string, string>) => `/?${new URLSearchParams(params)}`;

/** Launches the session: the partner's checkout opens and the widget follows it (to its end: buy.spec.ts). */
async function launchToPartner(checkout: Checkout): Promise<void> {
  const popup = await checkout.launch();
  await popup.waitForURL(/\/provider\/checkout\//);
  await expect(checkout.status).toBeVisible();
}

test.describe('the hosted page configured by its URL', () => {
  test('a sell with direction, country and currencies locked starts at the payout method and reaches the partner', async ({
    page,
  }) => {
    const checkout = new Checkout(page);
    await page.goto(
      hosted({
        direction: 'sell',
        country: 'DE',
        fiatCurrency: 'EUR',
        cryptoCurrency: 'ETH',
        network: 'ETHEREUM',
        lock: 'direction,country,fiatCurrency,cryptoCurrency,network',
      }),
    );

    // The locked choices are shown, not asked: read-only on the order screen, no direction tabs.
    await checkout.showRouteDetails();
    await expect(checkout.methods).toBeVisible();
    await expect(checkout.direction).toHaveCount(0);
    await expect(checkout.country).not.toBeEditable();
    await expect(checkout.fiat).not.toBeEditable();
    await expect(checkout.backButton).toHaveCount(0);

    await checkout.chooseMethod('SEPA bank transfer');
    await checkout.enterAmount('0.5');
    await checkout.chooseQuote();
    await checkout.next();
    await checkout.enterWallet(ETH_WALLET);
    await checkout.next();
    // Back goes by screens: review → wallet → order; nothing before it.
    await checkout.back(2);
    await expect(checkout.change).toHaveAccessibleDescription(/^Germany\s· SEPA bank transfer$/);
    await expect(checkout.amount).toHaveValue('0.5');
    await expect(checkout.backButton).toHaveCount(0);
    await checkout.next();
    await expect(checkout.wallet).toHaveValue(ETH_WALLET);
    await checkout.next();
    await launchToPartner(checkout);
  });

  test('a buy with all but the fiat currency locked skips the locked steps, shows the crypto read-only and reaches the partner', async ({
    page,
  }) => {
    const checkout = new Checkout(page);
    await page.goto(
      hosted({
        ...US_BTC_BUY,
        // The currencies stay changeable: that step shows, with the locked crypto read-only.
        lock: 'direction,country,subdivision,cryptoCurrency,network,paymentMethod,amount,walletAddress',
      }),
    );

    await expect(checkout.fiat).toHaveValue(/^USD · /);
    await expect(checkout.crypto).toHaveValue(/^BTC · .* · Bitcoin$/);
    await expect(checkout.crypto).not.toBeEditable();
    await expect(checkout.fiat).toBeEditable();
    // Where and how, all the merchant's: said in a line, nothing to change.
    await expect(
      checkout.widget.getByText(/^United States\s· New York\s· Credit or debit card$/),
    ).toBeVisible();
    await expect(checkout.change).toHaveCount(0);
    await expect(checkout.amount).not.toBeEditable();

    // Everything is on the order screen with the best offer; no Paybis in New York.
    await checkout.compareOffers();
    await expect(checkout.quote('Paybis')).toHaveCount(0);
    await checkout.chooseQuote();
    await checkout.next();
    // The wallet step is skipped too: the review follows.
    await expect(checkout.wallet).toHaveCount(0);
    await expect(checkout.launchButton).toBeVisible();
    await launchToPartner(checkout);
  });

  test('a link with invalid options shows what to fix and no checkout', async ({ page }) => {
    await page.goto('/?direction=sideways&amount=lots&lock=walletAddress&colour=red');
    await expect(page.getByRole('heading', { name: 'This checkout link needs fixing' })).toBeVisible();
    const issues = page.getByRole('alert').getByRole('listitem');
    await expect(issues).toHaveCount(4);
    await expect(
      issues.filter({ hasText: /^direction must be one of "buy", "sell" \(got "sideways"\)$/ }),
    ).toHaveCount(1);
    await expect(
      issues.filter({ hasText: /^amount must be a positive decimal .*\(got "lots"\)$/ }),
    ).toHaveCount(1);
    await expect(issues.filter({ hasText: /^lock: "walletAddress" is locked but has no value/ })).toHaveCount(
      1,
    );
    await expect(issues.filter({ hasText: /^unknown option "colour"/ })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Crypto checkout' })).toHaveCount(0);
  });
});

/** CSP violations the page reports, by console message and by securitypolicyviolation event. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) messages.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

test('the demo merchant page on another origin completes a buy through the script tag', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto(`http://localhost:${MERCHANT_PORT}/`);
  const checkout = new Checkout(page.locator('#checkout'));

  // The merchant's global rules (which hide [role=region], uppercase buttons, dash inputs) stay out.
  await expect(checkout.widget).toBeVisible();
  await expect(checkout.country).toBeVisible();
  const look = await checkout.continueButton.evaluate((b) => {
    const s = getComputedStyle(b);
    return { textTransform: s.textTransform, radius: s.borderTopLeftRadius, background: s.backgroundColor };
  });
  expect(look.textTransform).not.toBe('uppercase');
  expect(look.radius).not.toBe('999px');
  expect(look.background).not.toBe('rgb(194, 24, 91)');
  expect(await checkout.country.evaluate((i) => getComputedStyle(i).borderTopStyle)).not.toBe('dashed');
  // …and the checkout's own rules stay in: the merchant's .rc-btn keeps the merchant's look.
  const merchantButton = page.getByRole('button', { name: 'Browse drops' });
  await expect(merchantButton).toHaveCSS('background-color', 'rgb(194, 24, 91)');
  await expect(merchantButton).toHaveCSS('text-transform', 'uppercase');

  // Direction and crypto are fixed by the merchant; the wallet is the connected one.
  await expect(checkout.direction).toHaveCount(0);
  await checkout.chooseCountry('United States', 'US', US_NY);
  await expect(checkout.crypto).toHaveValue(/^ETH · .* · Ethereum$/);
  await expect(checkout.crypto).not.toBeEditable();
  // The country's default fiat is preselected.
  await expect(checkout.fiat).toHaveValue(/^USD · /);
  await checkout.chooseMethod('Credit or debit card');
  await checkout.enterAmount('100');
  const partner = await checkout.chooseQuote();
  expect(await checkout.quoteRadios.first().getAttribute('aria-label')).toMatch(/\sETH for \$100\.00$/);
  await checkout.next();
  await expect(checkout.wallet).toHaveCount(0);
  await expect(checkout.launchButton).toHaveAccessibleName(`Continue to ${partner}`);
  await Checkout.finishAtPartner(await checkout.launch(), 'Pay');
  await checkout.expectStatus('Completed');

  // The merchant heard about it through onEvent.
  await expect(page.locator('#events [data-event-type="completed"]')).toHaveCount(1);
  await expect(page.locator('#wallet')).toHaveText(/topped up/);
  // Back on the merchant's page later (a new tab), the embed lists the order, ended.
  const later = await page.context().newPage();
  await later.goto(`http://localhost:${MERCHANT_PORT}/`);
  const again = new Checkout(later.locator('#checkout'));
  await expect(again.recentOrders.getByRole('button', { name: /\sETH .* Completed$/ })).toBeVisible();
  await later.close();
  expect(await violations()).toEqual([]);
});
