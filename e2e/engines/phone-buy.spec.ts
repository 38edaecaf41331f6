// The phone buy, as a shopper makes it from a merchant's link on a 375 × 667 phone, to "Completed":
// the best offer seen once it comes (before any tap), Tab through the order screen (every stop with
// its focus ring, in view, down the page), typing over every picker's value and the amount (the
// first keystroke replaces what was shown), the wallet, the review, Pay in the partner's popup (the
// browser's popup blocker on), and the status followed to its end; then the order among the
// shopper's recent ones on the order screen, opened again with its receipt.
import { bestOffer, checkout, enterAmount, next, pick } from '../pages/shopper-checkout';
import { BTC_WALLET, US_CA, US_NY } from '../support/data';
import { by, expect, test } from '../support/shopper/fixtures';
import type { Focus } from '../support/shopper/query';

const LINK = `/?${new URLSearchParams({
  direction: 'buy',
  country: 'US',
  subdivision: US_CA.code,
  cryptoCurrency: 'BTC',
  network: 'BITCOIN',
  amount: '100',
})}`;

test('a phone buy from a prefilled link reaches "Completed" through the partner’s popup', async ({
  shopper,
}) => {
  test.slow();
  await shopper.open(LINK, { width: 375, height: 667 });

  // Before any tap: the best offer, once it has come, is seen whole.
  const offer = await bestOffer(shopper);
  expect.soft(await shopper.viewWithin(offer.price, 5_000), 'the best offer’s price').toEqual([]);
  expect.soft(await shopper.view(offer.partner), 'the best offer’s partner').toEqual([]);

  // The keyboard: Tab from the top of the page to Continue.
  const stops: Focus[] = [];
  for (let i = 0; i < 40 && stops.at(-1)?.name !== 'button "Continue"'; i++) {
    await shopper.press('Tab');
    stops.push(await shopper.focus());
  }
  const order = stops.map((s) => s.name).join(' → ');
  expect(stops.at(-1)?.name, `Tab reaches Continue: ${order}`).toBe('button "Continue"');
  expect(stops.length, order).toBeGreaterThan(5);
  expect
    .soft(
      stops.filter((s) => !s.ring).map((s) => s.name),
      'stops without a focus ring',
    )
    .toEqual([]);
  expect
    .soft(
      stops.flatMap((s) => s.problems.map((p) => `${s.name}: ${p}`)),
      'stops out of view',
    )
    .toEqual([]);
  const backwards = stops.filter((s, i) => i > 0 && s.top < stops[i - 1]!.top - 8);
  expect
    .soft(
      backwards.map((s) => s.name),
      `focus moves down the screen: ${order}`,
    )
    .toEqual([]);

  // Typing over what every picker and the amount show.
  await pick(shopper, checkout.fiat, 'usd', /^USD · /);
  await pick(shopper, checkout.crypto, 'btc', /^BTC · .* · Bitcoin$/);
  await pick(shopper, checkout.country, 'united states', /\(US\)$/);
  await pick(shopper, checkout.state, US_NY.name.toLowerCase(), /\(US-NY\)$/);
  await enterAmount(shopper, '250');
  await expect.poll(() => shopper.name(checkout.bestOffer), { timeout: 20_000 }).toMatch(/ for \$250\.00$/);
  const partner = (await bestOffer(shopper)).name.split(':')[0]!;

  await next(shopper);
  await shopper.tap(checkout.wallet);
  await shopper.type(BTC_WALLET);
  await expect.poll(() => shopper.value(checkout.wallet)).toBe(BTC_WALLET);
  await next(shopper);
  await expect.poll(() => shopper.name(checkout.launch)).toBe(`Continue to ${partner}`);

  // The partner's window, opened by the tap (a blocked popup would never come).
  const popup = await shopper.tapForPopup(checkout.launch);
  await popup.tap(by.role('button', 'Pay', { exact: true }));
  await popup.waitFor(by.role('heading', 'Payment submitted', { exact: true }));
  await popup.close();
  await expect.poll(() => shopper.text(checkout.status), { timeout: 30_000 }).toContain('Completed');

  // Where is my crypto: back on the order screen, the order is listed, ended, and opens again.
  await shopper.tap(checkout.done);
  const listed = by.role('button', /Completed$/, { within: checkout.recentOrders, nth: 0 });
  await shopper.waitFor(listed);
  expect.soft(await shopper.name(listed), 'the order as listed').toMatch(/^\$250\.00 for [\d.]+\sBTC /);
  expect.soft(await shopper.view(listed, 'words'), 'the listed order, words whole').toEqual([]);
  await shopper.tap(listed);
  await expect.poll(() => shopper.text(checkout.status)).toContain('Completed');
  await shopper.waitFor(checkout.receipt);
  expect.soft(await shopper.text(checkout.receipt), 'the receipt names the wallet').toContain(BTC_WALLET);
});
