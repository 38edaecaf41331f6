// The sell on a 360 × 640 phone, from a merchant's link to its review: the best offer for the crypto
// sold, the wallet it comes from, and the review's "Continue to <partner>" seen whole.
import { bestOffer, checkout, next } from '../pages/shopper-checkout';
import { ETH_WALLET } from '../support/data';
import { expect, test } from '../support/shopper/fixtures';

const LINK = `/?${new URLSearchParams({
  direction: 'sell',
  country: 'DE',
  fiatCurrency: 'EUR',
  cryptoCurrency: 'ETH',
  network: 'ETHEREUM',
  paymentMethod: 'SEPA',
  amount: '0.5',
})}`;

test('a phone sell from a prefilled link reaches its review, its partner’s button seen', async ({
  shopper,
}) => {
  await shopper.open(LINK, { width: 360, height: 640 });
  await expect.poll(() => shopper.text(checkout.title)).toBe('Sell crypto');
  const offer = await bestOffer(shopper);
  expect(offer.name).toMatch(/^[A-Z][a-z]+: you get €[\d.,]+ for 0\.5\sETH$/);
  const partner = offer.name.split(':')[0]!;

  await next(shopper);
  await shopper.tap(checkout.wallet);
  await shopper.type(ETH_WALLET);
  await expect.poll(() => shopper.value(checkout.wallet)).toBe(ETH_WALLET);
  await next(shopper);

  await expect.poll(() => shopper.name(checkout.launch)).toBe(`Continue to ${partner}`);
  expect(await shopper.view(checkout.launch), 'the review’s action').toEqual([]);
});
