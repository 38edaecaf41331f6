// The script-tag embed on the demo merchant's page (another origin, a strict CSP; the checkout in
// an open shadow root): at 390 and 320 px its offer comes and no word of it is broken across lines;
// a tap inside the shadow root works (pointer input: WebKitWebDriver's element click cannot reach
// into a shadow root, a shopper's finger can).
import { MERCHANT_PORT } from '../../playwright.config';
import { bestOffer, checkout } from '../pages/shopper-checkout';
import { expect, test } from '../support/shopper/fixtures';

const MERCHANT = `http://localhost:${MERCHANT_PORT}/`;

// A British browser: the checkout starts in the United Kingdom, where offers need no state.
test.use({ language: 'en-GB' });

test('the embed on a merchant’s page keeps its words whole at 390 and 320 px and answers a tap', async ({
  shopper,
}) => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 320, height: 640 },
  ]) {
    await shopper.open(MERCHANT, size);
    await bestOffer(shopper);
    expect.soft(await shopper.view(checkout.widget, 'words'), `${size.width} px: words broken`).toEqual([]);
  }
  await shopper.tap(checkout.why);
  await expect.poll(() => shopper.attribute(checkout.why, 'aria-expanded')).toBe('true');
});
