// The checkout as a shopper sees it: every control found by the role and name docs/CONTRACTS.md §3 makes
// stable. Works on a Page (the hosted page) or a Locator (an embed's host element: role locators
// pierce its open shadow root).
import { expect, type Locator, type Page } from '@playwright/test';
import { networkName } from '../../src/ui/format/networks';
import { expectVisibleToShopper, type SeenOptions } from '../support/layout';

export type Root = Page | Locator;

export type PartnerChoice = 'Pay' | 'Decline' | 'Cancel';

const pageOf = (root: Root): Page =>
  'page' in root && typeof root.page === 'function' ? root.page() : (root as Page);

export class Checkout {
  readonly page: Page;
  readonly widget: Locator;

  constructor(readonly root: Root) {
    this.page = pageOf(root);
    this.widget = root.getByRole('region', { name: 'Crypto checkout' });
  }

  // Controls.
  /** The current step's title. */
  get title(): Locator {
    return this.widget.getByRole('heading', { level: 2 });
  }
  get continueButton(): Locator {
    return this.widget.getByRole('button', { name: 'Continue', exact: true });
  }
  get backButton(): Locator {
    return this.widget.getByRole('button', { name: 'Back', exact: true });
  }
  get launchButton(): Locator {
    return this.widget.getByRole('button', { name: /^Continue to / });
  }
  get direction(): Locator {
    return this.widget.getByRole('radiogroup', { name: 'Direction' });
  }
  get country(): Locator {
    return this.widget.getByRole('combobox', { name: 'Country', exact: true });
  }
  get state(): Locator {
    return this.widget.getByRole('combobox', { name: 'State', exact: true });
  }
  get fiat(): Locator {
    return this.widget.getByRole('combobox', { name: 'Fiat currency' });
  }
  get crypto(): Locator {
    return this.widget.getByRole('combobox', { name: 'Crypto currency' });
  }
  /** "Payment method" when buying, "Payout method" when selling. */
  get methods(): Locator {
    return this.widget.getByRole('radiogroup', { name: /^(Payment|Payout) method$/ });
  }
  /** The order screen's "Compare N offers" (CONTRACTS §3). */
  get compare(): Locator {
    return this.widget.getByRole('button', { name: /^Compare \d+ offers$/ });
  }
  get amount(): Locator {
    return this.widget.getByRole('textbox', { name: 'Amount' });
  }
  get quotes(): Locator {
    return this.widget.getByRole('radiogroup', { name: 'Quotes' });
  }
  get quoteRadios(): Locator {
    return this.quotes.getByRole('radio');
  }
  get wallet(): Locator {
    return this.widget.getByRole('textbox', { name: 'Wallet address' });
  }
  get status(): Locator {
    return this.widget.getByRole('status', { name: 'Transaction status' });
  }
  get alerts(): Locator {
    return this.widget.getByRole('alert');
  }
  /**
   * The best offer as the screen draws it (the first offer's card): its figure (CONTRACTS §2's
   * `elementtiming="rc-price"`) and its partner's name.
   */
  async bestOffer(): Promise<{ price: Locator; partner: Locator }> {
    const card = this.quotes.locator('label').first();
    const name = (await this.quoteRadios.first().getAttribute('aria-label')) ?? '';
    return {
      price: card.locator('[elementtiming="rc-price"]'),
      partner: card.getByText(name.slice(0, name.indexOf(':')), { exact: true }),
    };
  }
  /**
   * Asserts a shopper sees the best offer's figure and partner whole (e2e/support/visible.ts), as
   * the page is now or once scrolled to (`scroll`).
   */
  async expectBestOfferSeen(where: string, options: SeenOptions = {}): Promise<void> {
    await expect(this.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
    const { price, partner } = await this.bestOffer();
    await expectVisibleToShopper(price, `${where}: the best offer's price`, options);
    await expectVisibleToShopper(partner, `${where}: its partner`, options);
  }
  /** The order screen's "Your recent orders" (this site's orders from this browser). */
  get recentOrders(): Locator {
    return this.widget.getByRole('region', { name: 'Your recent orders' });
  }
  /** A partner's offer, by its display name or code ("Banxa" or "BANXA"). */
  quote(partner: string): Locator {
    return this.quotes.getByRole('radio', { name: new RegExp(`^${partner}:`, 'i') });
  }

  // Actions.
  /** Presses "Continue", expecting the next screen. */
  async next(): Promise<void> {
    const title = await this.title.textContent();
    await this.continueButton.click();
    await expect(this.title).not.toHaveText(title ?? '');
  }

  /** Presses "Continue" where it may not lead on (a problem to show). */
  async pressContinue(): Promise<void> {
    await this.continueButton.click();
  }

  /** Goes back `steps` screens, waiting for each one to change. */
  async back(steps = 1): Promise<void> {
    for (let i = 0; i < steps; i++) {
      const title = await this.title.textContent();
      await this.backButton.click();
      await expect(this.title).not.toHaveText(title ?? '');
    }
  }

  /** The direction tab; the order screen's title follows it. */
  async chooseDirection(direction: 'Buy' | 'Sell'): Promise<void> {
    await this.direction.getByRole('radio', { name: direction, exact: true }).check();
    await expect(this.title).toHaveText(`${direction} crypto`);
  }

  /** Shows every offer (the order screen shows the best one). */
  async compareOffers(): Promise<void> {
    await expect(this.quoteRadios.first()).toBeVisible({ timeout: 20_000 });
    if ((await this.compare.count()) > 0) await this.compare.click();
  }

  /** The order screen's "Change": unfolds country, state and payment method (CONTRACTS §3). */
  get change(): Locator {
    return this.widget.getByRole('button', { name: 'Change', exact: true });
  }

  /**
   * Shows the order screen's country, state and payment method when they are folded. The fold can
   * open itself meanwhile (its "Change" gone: a question in it waits for the shopper, e.g. a country
   * the direction does not serve, once the routes are in), so each look is asked again until the
   * country is seen.
   */
  async showRouteDetails(): Promise<void> {
    await expect(async () => {
      if (await this.country.isVisible()) return;
      if ((await this.change.getAttribute('aria-expanded', { timeout: 1_000 })) === 'false')
        await this.change.click({ timeout: 1_000 });
      await expect(this.country).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }

  /** Types into a picker and picks the first option whose name matches. */
  async pick(combobox: Locator, typed: string, option: RegExp): Promise<void> {
    await combobox.fill(typed);
    await this.widget.getByRole('option', { name: option }).first().click();
  }

  /** Country (by name, picked by its code) and, for the US, the state (e.g. "US-NY"). */
  async chooseCountry(
    name: string,
    code: string,
    subdivision?: { name: string; code: string },
  ): Promise<void> {
    await this.showRouteDetails();
    await this.pick(this.country, name, new RegExp(`\\(${code}\\)$`));
    await expect(this.country).toHaveValue(new RegExp(`\\(${code}\\)$`));
    if (subdivision) await this.chooseState(subdivision.name, subdivision.code);
  }

  async chooseState(name: string, code: string): Promise<void> {
    await this.showRouteDetails();
    await this.pick(this.state, name, new RegExp(`\\(${code}\\)$`));
    await expect(this.state).toHaveValue(new RegExp(`\\(${code}\\)$`));
  }

  async chooseCurrencies(fiat: string, crypto: string, network: string): Promise<void> {
    await this.pick(this.fiat, fiat, new RegExp(`^${fiat} · `));
    await expect(this.fiat).toHaveValue(new RegExp(`^${fiat} · `));
    // Options name the network as shoppers know it ("Ethereum" for ETHEREUM).
    const cryptoName = new RegExp(`^${crypto} · .* · ${networkName(network)}$`);
    await this.pick(this.crypto, crypto, cryptoName);
    await expect(this.crypto).toHaveValue(cryptoName);
  }

  async chooseMethod(name: string): Promise<void> {
    await this.showRouteDetails();
    const radio = this.methods.getByRole('radio', { name, exact: true });
    await radio.check();
    await expect(radio).toBeChecked();
  }

  async enterAmount(value: string): Promise<void> {
    await this.amount.fill(value);
    await expect(this.amount).toHaveValue(value);
  }

  async enterWallet(address: string): Promise<void> {
    await this.wallet.fill(address);
  }

  /**
   * Waits for quotes and checks the named partner's (the best one when none is named); returns the
   * partner's display name.
   */
  async chooseQuote(partner?: string): Promise<string> {
    if (partner) await this.compareOffers();
    const radio = partner ? this.quote(partner) : this.quoteRadios.first();
    await expect(radio).toBeVisible({ timeout: 20_000 });
    await radio.check();
    await expect(radio).toBeChecked();
    const name = (await radio.getAttribute('aria-label')) ?? '';
    return name.slice(0, name.indexOf(':'));
  }

  /** Presses "Continue to …" and returns the partner's window. */
  async launch(): Promise<Page> {
    const popup = this.page.waitForEvent('popup');
    await this.launchButton.click();
    return popup;
  }

  /** On the partner's (simulated) page: pays, declines or cancels, and leaves it. */
  static async finishAtPartner(partner: Page, choice: PartnerChoice): Promise<void> {
    await partner.waitForURL(/\/provider\/checkout\//);
    await partner.getByRole('button', { name: choice }).click();
    await partner.waitForLoadState();
    await partner.close();
  }

  async expectStatus(text: string | RegExp, timeout = 30_000): Promise<void> {
    await expect(this.status).toContainText(text, { timeout });
  }
}
