// On first paint, before any tap or scroll, at the common phone sizes: the best offer's price and
// partner and the main action are seen whole by a shopper (in the viewport, not covered, not
// clipped: e2e/support/visible.ts), and no word of the checkout is broken across lines, down to
// 320 px. The page comes with its price rendered by the server (every answer in its link).
import { checkout, bestOffer } from '../pages/shopper-checkout';
import { US_CA } from '../support/data';
import { expect, test } from '../support/shopper/fixtures';

const PREFILL = `/?${new URLSearchParams({
  direction: 'buy',
  country: 'US',
  subdivision: US_CA.code,
  fiatCurrency: 'USD',
  cryptoCurrency: 'BTC',
  network: 'BITCOIN',
  paymentMethod: 'CREDIT_DEBIT_CARD',
  amount: '100',
})}`;

const PHONES = [
  { width: 360, height: 640 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
];

test('on first paint at 360×640 to 414×896 the price, its partner and Continue are seen; words whole down to 320 px', async ({
  shopper,
}) => {
  for (const size of [...PHONES, { width: 320, height: 640 }]) {
    const at = `${size.width}×${size.height}`;
    await shopper.open(PREFILL, size);
    // Painted with the page: no waiting for it.
    expect(await shopper.count(checkout.bestOffer), `${at}: an offer in the first paint`).toBe(1);
    expect.soft(await shopper.view(checkout.widget, 'words'), `${at}: words broken`).toEqual([]);
    if (size.width === 320) continue;
    const offer = await bestOffer(shopper);
    expect.soft(await shopper.view(offer.price), `${at}: the best offer's price`).toEqual([]);
    expect.soft(await shopper.view(offer.partner), `${at}: its partner`).toEqual([]);
    expect.soft(await shopper.view(checkout.continue), `${at}: Continue`).toEqual([]);
  }
});
