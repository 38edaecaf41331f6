// Selling on the hosted page, end to end: ETH → EUR by SEPA in Germany, from the first screen to the
// partner's window and back to "Completed".
import { expect, test } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { ETH_WALLET } from './support/data';
import { recordWire } from './support/wire';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

test('a sell in Germany, 0.5 ETH → EUR by SEPA, reaches "Completed"', async ({ page, context }) => {
  const wire = recordWire(context);
  const checkout = new Checkout(page);
  await page.goto('/');

  await checkout.chooseDirection('Sell');
  await checkout.chooseCountry('Germany', 'DE');
  // Germany has no states.
  await expect(checkout.state).toHaveCount(0);
  await checkout.chooseCurrencies('EUR', 'ETH', 'ETHEREUM');
  // Selling, the method is the payout and the amount is what the shopper sells.
  await expect(checkout.widget.getByRole('radiogroup', { name: 'Payout method' })).toBeVisible();
  await expect(checkout.widget.getByText('You sell', { exact: true })).toBeVisible();
  await checkout.chooseMethod('SEPA bank transfer');
  await checkout.enterAmount('0.5');
  // A sell amount is in crypto; its bounds are the fiat received, converted once a price is known.
  await expect(
    checkout.widget.getByText(
      // The visible sentence (its spoken twin, without the crypto figures, is a separate element).
      /^You receive between €[\d.,]+ and €[\d.,]+\s\(about\s[\d.]+\sETH\sto\s[\d.]+\sETH\)$/,
    ),
  ).toBeVisible();

  await checkout.compareOffers();
  for (const name of await checkout.quoteRadios.evaluateAll((r) =>
    r.map((e) => e.getAttribute('aria-label')),
  ))
    expect(name).toMatch(/^[A-Z][a-z]+: you get €[\d.,]+ for 0\.5\sETH$/);
  const partner = await checkout.chooseQuote();
  await checkout.next();
  await checkout.enterWallet(ETH_WALLET);
  await checkout.next();

  await expect(checkout.launchButton).toHaveAccessibleName(`Continue to ${partner}`);
  const popup = await checkout.launch();
  await Checkout.finishAtPartner(popup, 'Pay');
  await checkout.expectStatus('Completed');

  expect(wire.bodiesTo('/payments/crypto/quote').at(-1)).toEqual({
    countryCode: 'DE',
    sourceCurrencyCode: 'ETH',
    sourceAmount: 0.5,
    destinationCurrencyCode: 'EUR',
    paymentMethodType: 'SEPA',
  });
  expect(wire.bodiesTo('/crypto/session/widget')).toEqual([
    {
      sessionType: 'SELL',
      sessionData: {
        serviceProvider: partner.toUpperCase(),
        countryCode: 'DE',
        sourceCurrencyCode: 'ETH',
        sourceAmount: '0.5',
        destinationCurrencyCode: 'EUR',
        paymentMethodType: 'SEPA',
        walletAddress: ETH_WALLET,
      },
    },
  ]);
});
