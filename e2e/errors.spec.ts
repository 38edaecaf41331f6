// What goes wrong, said in words with a way out: no partner quotes, no route for a pair, amounts
// outside the limits, bad wallet addresses, a blocked popup, a cancelled payment. (The
// upstream failing and coming back: resilience.spec.ts and outage.spec.ts.)
import { expect, test } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { BTC_WALLET, ETH_WALLET, ETH_WALLET_BAD_CHECKSUM } from './support/data';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

const hosted = (params: Record<string, string>) => `/?${new URLSearchParams(params)}`;

/** A sell in Germany with the pair fixed; method and amount prefilled but changeable. */
const GERMAN_SELL = {
  direction: 'sell',
  country: 'DE',
  fiatCurrency: 'EUR',
  cryptoCurrency: 'ETH',
  network: 'ETHEREUM',
  lock: 'direction,country,fiatCurrency,cryptoCurrency,network',
};

/** A card buy in California with everything up to the amount fixed: it opens on the amount. */
const CALIFORNIA_BUY = (crypto: 'BTC' | 'ETH', network: 'BITCOIN' | 'ETHEREUM') => ({
  direction: 'buy',
  country: 'US',
  subdivision: 'US-CA',
  fiatCurrency: 'USD',
  cryptoCurrency: crypto,
  network,
  paymentMethod: 'CREDIT_DEBIT_CARD',
  lock: 'direction,country,subdivision,fiatCurrency,cryptoCurrency,network,paymentMethod',
});

test('no partner quotes the amount: said in words, Continue disabled, and the way out on the same screen', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  // 0.001 ETH pays out about €3, below every partner's minimum.
  await page.goto(hosted({ ...GERMAN_SELL, paymentMethod: 'SEPA', amount: '0.001' }));
  // No offer for it: the payout methods are unfolded, a way out in view.
  await expect(checkout.methods.getByRole('radio', { name: 'SEPA bank transfer' })).toBeChecked();
  await expect(checkout.amount).toHaveValue('0.001');

  const problem = checkout.alerts.filter({ hasText: 'Not available' });
  await expect(problem).toContainText('No partner can quote this. Try another payment method or amount.', {
    timeout: 20_000,
  });
  await expect(checkout.quoteRadios).toHaveCount(0);
  // No dead end: Continue says it leads nowhere yet, and why.
  await expect(checkout.continueButton).toBeDisabled();
  await expect(
    checkout.widget.getByText('Continue is not available yet: change a choice above.'),
  ).toBeVisible();

  await checkout.enterAmount('0.5');
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  await expect(checkout.continueButton).toBeEnabled();

  // With a rate known, the same amount is refused before asking: its payout is below the minimum.
  await checkout.enterAmount('0.001');
  await checkout.pressContinue();
  await expect(checkout.alerts).toHaveText(/^The minimum is €[\d.,]+$/);
});

test('a pair no partner serves is "Not available", with the currencies to change on the same screen', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  // The merchant works with TOPPER only, which does not sell SOL.
  await page.goto(
    hosted({
      partners: 'TOPPER',
      direction: 'buy',
      country: 'US',
      subdivision: 'US-CA',
      lock: 'direction,country,subdivision',
    }),
  );
  await checkout.chooseCurrencies('USD', 'SOL', 'SOLANA');

  const problem = checkout.alerts.filter({ hasText: 'Not available' });
  await expect(problem).toContainText('No partner offers USD → SOL here.');
  await expect(checkout.methods).toHaveCount(0);
  await expect(checkout.continueButton).toBeDisabled();

  await checkout.chooseCurrencies('USD', 'BTC', 'BITCOIN');
  await expect(checkout.methods.getByRole('radio', { name: 'Credit or debit card' })).toBeVisible();
  await expect(checkout.alerts).toHaveCount(0);
});

test('an amount outside the limits names the bound with its currency and does not go on', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  await page.goto(hosted(CALIFORNIA_BUY('BTC', 'BITCOIN')));
  // Card limits in California across partners: PAYBIS takes $10 to $20,000.
  await expect(checkout.widget.getByText('Between $10.00 and $20,000.00')).toBeVisible();

  await checkout.enterAmount('5');
  await checkout.pressContinue();
  await expect(checkout.alerts).toHaveText('The minimum is $10.00');
  await expect(checkout.amount).toHaveAttribute('aria-invalid', 'true');
  await expect(checkout.quotes).toHaveCount(0);

  await checkout.enterAmount('20000.01');
  await checkout.pressContinue();
  await expect(checkout.alerts).toHaveText('The maximum is $20,000.00');
  await expect(checkout.quotes).toHaveCount(0);

  await checkout.enterAmount('20000');
  await expect(checkout.alerts).toHaveCount(0);
  await expect(checkout.quoteRadios.first()).toBeVisible({ timeout: 20_000 });
});

test('an invalid wallet address is refused in words; a good one goes on', async ({ page }) => {
  const checkout = new Checkout(page);
  await page.goto(hosted({ ...CALIFORNIA_BUY('ETH', 'ETHEREUM'), amount: '100' }));
  await checkout.chooseQuote();
  await checkout.next();

  const cases: [string, string][] = [
    ['not-a-wallet', 'This is not a valid Ethereum address'],
    [ETH_WALLET_BAD_CHECKSUM, 'This address has a typo (checksum mismatch). Copy it again from your wallet.'],
    [BTC_WALLET, 'This address belongs to another network than Ethereum'],
  ];
  for (const [address, message] of cases) {
    await checkout.enterWallet(address);
    await checkout.pressContinue();
    await expect(checkout.alerts).toHaveText(message);
    await expect(checkout.wallet).toHaveAttribute('aria-invalid', 'true');
    await expect(checkout.launchButton).toHaveCount(0);
  }

  await checkout.enterWallet(ETH_WALLET);
  await expect(checkout.alerts).toHaveCount(0);
  await checkout.next();
  await expect(checkout.launchButton).toBeVisible();
});

test('a blocked popup falls back to a link that opens the partner', async ({ page }) => {
  // Every window.open is blocked: the popup and the tab fallback both get null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const checkout = new Checkout(page);
  await page.goto(hosted({ ...CALIFORNIA_BUY('BTC', 'BITCOIN'), amount: '100', walletAddress: BTC_WALLET }));
  const partner = await checkout.chooseQuote();
  // The prefilled wallet is not asked again: straight to the review.
  await checkout.next();
  await expect(checkout.wallet).toHaveCount(0);

  await checkout.launchButton.click();
  await expect(checkout.alerts).toContainText(`Your browser blocked the ${partner} window.`);
  // One call to action: the link takes the button's place.
  const link = checkout.widget.getByRole('link', { name: `Continue to ${partner}` });
  await expect(link).toBeVisible();
  await expect(checkout.launchButton).toHaveCount(0);
  const popup = page.waitForEvent('popup');
  await link.click();
  await Checkout.finishAtPartner(await popup, 'Pay');
  await checkout.expectStatus('Completed');
});

// (A declined payment, and another offer after it: honest.spec.ts.)
test('a payment the shopper cancels shows "Cancelled", not a failure, with another offer, try again and start over', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  await page.goto(hosted({ ...CALIFORNIA_BUY('BTC', 'BITCOIN'), amount: '100', walletAddress: BTC_WALLET }));
  await checkout.chooseQuote();
  await checkout.next();
  await Checkout.finishAtPartner(await checkout.launch(), 'Cancel');
  await checkout.expectStatus('Cancelled');
  await expect(checkout.status).toContainText('The order was cancelled.');
  await expect(checkout.widget.getByRole('button', { name: 'Try another offer' })).toBeVisible();
  await expect(checkout.widget.getByRole('button', { name: 'Try again' })).toBeVisible();
  await checkout.widget.getByRole('button', { name: 'Start over' }).click();
  // The merchant's fixed choices stay: a new run opens on the order screen again.
  await expect(checkout.amount).toHaveValue('100');
  await expect(checkout.status).toHaveCount(0);
});
