// The redesign's targets, counted from page load to the partner's window: screens seen, clicks and
// entries (typing), for a buy and a sell with no options and with the best prefill (no `lock`), each at
// a phone's 360 × 740 or a laptop's 1280 × 800 (every screen's audit is e2e/a11y-audit.spec.ts). Also:
// no horizontal scroll and no serious axe finding at 320 px in es, de and fr (English: the audit).
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { writeFileSync, mkdirSync } from 'node:fs';
import { Checkout } from './pages/checkout';
import { seriousViolations } from './support/a11y';
import { BTC_WALLET, ETH_WALLET, GB_BUY_PREFILL, GB_SELL_PREFILL, US_NY } from './support/data';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

const SOL_WALLET = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** What the shopper does, counted. */
class Tally {
  clicks = 0;
  entries = 0;
  readonly screens: string[] = [];
  constructor(
    readonly checkout: Checkout,
    readonly info: TestInfo,
  ) {}
  /** The page at `url`, its first screen counted. */
  static async open(page: Page, info: TestInfo, url: string): Promise<Tally> {
    const tally = new Tally(new Checkout(page), info);
    await page.goto(url);
    await tally.screen();
    return tally;
  }
  async screen(): Promise<void> {
    await expect(this.checkout.title).toBeVisible();
    const title = (await this.checkout.title.textContent()) ?? '';
    if (this.screens.at(-1) === title) return;
    this.screens.push(title);
  }
  async click(target: Locator): Promise<void> {
    await target.click();
    this.clicks++;
  }
  async enter(target: Locator, text: string): Promise<void> {
    await target.fill(text);
    await expect(target).toHaveValue(text);
    this.entries++;
  }
  /** A picker choice: typing is the entry, the option the click; the picker then shows the choice. */
  async pick(combobox: Locator, typed: string, option: RegExp): Promise<void> {
    await this.checkout.pick(combobox, typed, option);
    this.entries++;
    this.clicks++;
    await expect(combobox).toHaveValue(option);
  }
  /** Continue to the next screen. */
  async next(): Promise<void> {
    const before = await this.checkout.title.textContent();
    await this.click(this.checkout.continueButton);
    await expect(this.checkout.title).not.toHaveText(before ?? '');
    await this.screen();
  }
  async launch(): Promise<Page> {
    const popup = this.checkout.page.waitForEvent('popup');
    await this.click(this.checkout.launchButton);
    return popup;
  }
  report(): string {
    return `${this.screens.length} screens (${this.screens.join(' → ')}), ${this.clicks} clicks, ${this.entries} entries`;
  }
}

/** A wallet on the chain the order screen settled on. */
async function walletFor(checkout: Checkout): Promise<string> {
  const crypto = (await checkout.crypto.inputValue()) ?? '';
  if (/· Bitcoin$/.test(crypto)) return BTC_WALLET;
  if (/· Solana$/.test(crypto)) return SOL_WALLET;
  return ETH_WALLET;
}

/** From an order screen with an offer: the wallet, the review, the partner's window; then the counts. */
async function walletToPartner(tally: Tally, most: { screens: number; clicks: number; entries: number }) {
  const { checkout, info } = tally;
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  const wallet = await walletFor(checkout);
  await tally.next();
  await tally.enter(checkout.wallet, wallet);
  await tally.next();
  const popup = await tally.launch();
  await popup.waitForURL(/\/provider\/checkout\//);
  info.annotations.push({ type: 'count', description: tally.report() });
  expect(tally.screens.length, tally.report()).toBeLessThanOrEqual(most.screens);
  expect(tally.clicks, tally.report()).toBeLessThanOrEqual(most.clicks);
  expect(tally.entries, tally.report()).toBeLessThanOrEqual(most.entries);
}

// Each flow once, the two sizes shared among them (the counts do not depend on the size; every screen
// at every size is the audit's).
const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

const BEST_PREFILL = { buy: GB_BUY_PREFILL, sell: GB_SELL_PREFILL };

test.describe('with no options, on a phone', () => {
  // The browser's region is the United States: the state is asked.
  test.use({ viewport: PHONE, locale: 'en-US' });

  test('a buy reaches the partner in ≤ 3 screens, ≤ 5 clicks and 3 entries (amount, wallet, state)', async ({
    page,
  }, info) => {
    const tally = await Tally.open(page, info, '/');
    const { checkout } = tally;
    await expect(checkout.country).toHaveValue(/\(US\)$/);
    await tally.pick(checkout.state, US_NY.name, /\(US-NY\)$/);
    await tally.enter(checkout.amount, '100');
    // The price for it, seen whole where the shopper looks for it (not under the action bar).
    await checkout.expectBestOfferSeen('the phone buy', { scroll: true, soft: true });
    await walletToPartner(tally, { screens: 3, clicks: 5, entries: 3 });
  });
});

test.describe('with no options, outside the US, on a laptop', () => {
  test.use({ viewport: LAPTOP, locale: 'en-GB' });

  test('a sell reaches the partner in ≤ 3 screens, ≤ 5 clicks and 2 entries (amount, wallet)', async ({
    page,
  }, info) => {
    const tally = await Tally.open(page, info, '/');
    const { checkout } = tally;
    await tally.click(checkout.direction.getByRole('radio', { name: 'Sell', exact: true }));
    await expect(checkout.title).toHaveText('Sell crypto');
    await expect(checkout.change).toHaveAccessibleDescription(/^United Kingdom\s·/);
    await expect(checkout.crypto).not.toHaveValue('');
    await tally.enter(checkout.amount, '0.05');
    await walletToPartner(tally, { screens: 3, clicks: 5, entries: 2 });
  });
});

for (const [direction, viewport] of [
  ['buy', LAPTOP],
  ['sell', PHONE],
] as const) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });
    test(`the best prefill without lock: a ${direction} in ≤ 2 screens and ≤ 3 clicks, no entry`, async ({
      page,
    }, info) => {
      const tally = await Tally.open(page, info, `/?${new URLSearchParams(BEST_PREFILL[direction])}`);
      const { checkout } = tally;
      // Prefilled, not locked: the shopper could still change everything.
      await expect(checkout.amount).toBeEditable();
      await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
      await tally.next();
      await expect(checkout.launchButton).toBeVisible();
      const popup = await tally.launch();
      await popup.waitForURL(/\/provider\/checkout\//);
      info.annotations.push({ type: 'count', description: tally.report() });
      expect(tally.screens.length, tally.report()).toBeLessThanOrEqual(2);
      expect(tally.clicks, tally.report()).toBeLessThanOrEqual(3);
      expect(tally.entries, tally.report()).toBe(0);
    });
  });
}

/** The words of the controls this test presses, per language (the names of CONTRACTS §3 are English). */
const WORDS: Record<string, { next: string; compare: RegExp; launch: RegExp }> = {
  es: { next: 'Continuar', compare: /^Comparar \d+ ofertas$/, launch: /^Continuar con / },
  de: { next: 'Weiter', compare: /^\d+ Angebote vergleichen$/, launch: /^Weiter zu / },
  fr: { next: 'Continuer', compare: /^Comparer \d+ offres$/, launch: /^Continuer avec / },
};

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });
  // English: every screen at 320 px is e2e/a11y-audit.spec.ts's.
  for (const locale of Object.keys(WORDS)) {
    test(`no horizontal scroll and no serious axe finding in ${locale}, buy and sell, offers compared`, async ({
      page,
    }) => {
      const words = WORDS[locale]!;
      const widget = page.getByRole('region').first();
      for (const direction of ['buy', 'sell'] as const) {
        await page.goto(`/?${new URLSearchParams({ ...BEST_PREFILL[direction], locale })}`);
        const compare = widget.getByRole('button', { name: words.compare });
        await expect(compare).toBeVisible({ timeout: 20_000 });
        await compare.click();
        expect(
          await overflow(page),
          `${locale} ${direction}: page wider than the screen`,
        ).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), `${locale} ${direction}`).toEqual([]);
        // The review screen too.
        await widget.getByRole('button', { name: words.next, exact: true }).click();
        await expect(widget.getByRole('button', { name: words.launch })).toBeVisible();
        expect(await overflow(page), `${locale} ${direction} review`).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page), `${locale} ${direction} review`).toEqual([]);
      }
    });
  }
});

test('README screenshots of the order screen, light and dark', async ({ page }, info) => {
  test.skip(
    !process.env.UPDATE_DOCS_SCREENSHOTS,
    'set UPDATE_DOCS_SCREENSHOTS=1 to refresh docs/screenshots',
  );
  await page.setViewportSize({ width: 420, height: 900 });
  const checkout = new Checkout(page);
  mkdirSync('docs/screenshots', { recursive: true });
  for (const theme of ['light', 'dark']) {
    await page.goto(`/?${new URLSearchParams({ ...BEST_PREFILL.buy, walletAddress: '', theme })}`);
    await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
    const shot = await checkout.widget.screenshot();
    writeFileSync(`docs/screenshots/order-${theme}.png`, shot);
    await info.attach(`order-${theme}`, { body: shot, contentType: 'image/png' });
  }
});
