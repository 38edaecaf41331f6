// Accessibility of a buy on the hosted page: axe (every WCAG 2.2 A/AA tag, any impact) finds nothing
// in the states a walk reaches (an open picker, the errors; each screen as it opens, the completed
// status among them, is scanned in e2e/a11y-audit.spec.ts), and the whole buy can be done with the
// keyboard alone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { axeViolations } from './support/a11y';
import { BTC_WALLET, US_NY } from './support/data';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

test("no axe violations in a buy's open picker and its errors", async ({ page }) => {
  const checkout = new Checkout(page);
  const scanned: string[] = [];
  const scan = async (screen: string) => {
    scanned.push(screen);
    expect(await axeViolations(page), screen).toEqual([]);
  };

  await page.goto('/');
  await expect(checkout.direction).toBeVisible();
  await checkout.chooseDirection('Buy');
  await checkout.chooseCountry('United States', 'US');
  // With the state list open.
  await checkout.state.fill('New');
  await expect(checkout.widget.getByRole('option').first()).toBeVisible();
  await scan('order screen, state picker open');
  await checkout.widget.getByRole('option', { name: /\(US-NY\)$/ }).click();
  await checkout.chooseCurrencies('USD', 'BTC', 'BITCOIN');
  await checkout.chooseMethod('Credit or debit card');
  await checkout.enterAmount('5');
  await checkout.pressContinue();
  await expect(checkout.alerts).toBeVisible();
  await scan('order screen with a limits error');
  await checkout.enterAmount('100');
  await checkout.compareOffers();
  await checkout.next();

  await checkout.enterWallet('garbage');
  await checkout.pressContinue();
  await expect(checkout.alerts).toBeVisible();
  await scan('wallet with an address error');
  await checkout.enterWallet(BTC_WALLET);
  await checkout.next();
  await expect(checkout.launchButton).toBeVisible();
  expect(scanned).toHaveLength(3);
});

test.describe('keyboard only', () => {
  /** The element focused in the page, through open shadow roots. */
  const isFocused = (locator: Locator) =>
    locator.evaluate((el) => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active === el;
    });

  /** Presses Tab (or Shift+Tab) until `target` has focus. */
  async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
    await expect(target).toBeVisible();
    for (let i = 0; i < 40; i++) {
      if (await isFocused(target)) return;
      await page.keyboard.press(key);
    }
    throw new Error(`${key} never reached ${target.toString()}`);
  }

  /** Arrow keys across a radio group until `target` is checked (native radios check as they move). */
  async function arrowTo(page: Page, target: Locator): Promise<void> {
    for (let i = 0; i < 20; i++) {
      if (await target.isChecked()) return;
      await page.keyboard.press('ArrowDown');
    }
    throw new Error(`ArrowDown never checked ${target.toString()}`);
  }

  test('a whole buy with Tab, Shift+Tab, arrow keys, Enter and Space', async ({ page }) => {
    const checkout = new Checkout(page);
    const { keyboard } = page;
    const next = async () => {
      await tabTo(page, checkout.continueButton);
      await keyboard.press('Enter');
    };
    /** Types into a picker: the first match is active while typing, Enter picks it. */
    const pick = async (combobox: Locator, typed: string, expected: RegExp) => {
      await tabTo(page, combobox);
      await keyboard.type(typed);
      await expect(checkout.widget.getByRole('option').first()).toHaveAccessibleName(expected);
      await keyboard.press('Enter');
      await expect(combobox).toHaveValue(expected);
    };

    await page.goto('/');
    const sell = checkout.direction.getByRole('radio', { name: 'Sell' });
    const buy = checkout.direction.getByRole('radio', { name: 'Buy' });
    await tabTo(page, (await buy.isChecked()) ? buy : sell);
    await arrowTo(page, sell);
    await arrowTo(page, buy);
    await expect(buy).toBeChecked();

    // One order screen: every question on it, in reading order (the state is missing, so where and
    // how are unfolded under the currencies).
    await pick(checkout.fiat, 'USD', /^USD · /);
    await pick(checkout.crypto, 'BTC', /^BTC · .* · Bitcoin$/);
    await pick(checkout.country, 'United States', /\(US\)$/);
    await pick(checkout.state, US_NY.name, /\(US-NY\)$/);
    const card = checkout.methods.getByRole('radio', { name: 'Credit or debit card' });
    await expect(checkout.methods.getByRole('radio').first()).toBeVisible();
    await tabTo(page, checkout.methods.getByRole('radio', { checked: true }));
    await arrowTo(page, card);
    await tabTo(page, checkout.amount, 'Shift+Tab');
    await keyboard.type('100');

    // The best offer is selected; "Compare" shows the others, reachable by arrow keys.
    await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
    await tabTo(page, checkout.compare);
    await keyboard.press('Enter');
    await tabTo(page, checkout.quotes.getByRole('radio', { checked: true }), 'Shift+Tab');
    await keyboard.press('ArrowDown');
    await expect(checkout.quoteRadios.nth(1)).toBeChecked();
    await keyboard.press('ArrowUp');
    await expect(checkout.quoteRadios.first()).toBeChecked();
    const partner = ((await checkout.quoteRadios.first().getAttribute('aria-label')) ?? '').split(':')[0]!;
    await next();

    // Focus follows navigation to the new screen's title; Shift+Tab reaches "Back".
    await expect(checkout.title).toHaveText('Your wallet');
    await expect.poll(() => isFocused(checkout.title)).toBe(true);
    await tabTo(page, checkout.backButton, 'Shift+Tab');
    await keyboard.press('Enter');
    await expect(checkout.change).toHaveAccessibleDescription(/Credit or debit card$/);
    await expect(checkout.amount).toHaveValue('100');
    await next();

    await tabTo(page, checkout.wallet);
    await keyboard.type(BTC_WALLET);
    await next();

    await tabTo(page, checkout.launchButton);
    await expect(checkout.launchButton).toHaveAccessibleName(`Continue to ${partner}`);
    const popup = page.waitForEvent('popup');
    await keyboard.press('Enter');
    // The partner's own page is not ours to test: it may be driven normally.
    await Checkout.finishAtPartner(await popup, 'Pay');
    await checkout.expectStatus('Completed');
  });
});
