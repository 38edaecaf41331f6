// Buying on the hosted page, end to end against the host server and its sandbox: every step by the
// accessible names of docs/CONTRACTS.md §3, what goes on the wire, and the partner's window.
import { expect, test } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { BTC_WALLET, US_CA, US_NY } from './support/data';
import { recordWire } from './support/wire';

// Whole flows in a browser against the server: slow on a loaded machine, so three times the timeout.
test.beforeEach(() => test.slow());

/** The radios' names, once quotes are listed. */
async function quoteNames(checkout: Checkout): Promise<string[]> {
  await expect(checkout.quoteRadios.first()).toBeVisible({ timeout: 20_000 });
  return checkout.quoteRadios.evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label') ?? ''));
}

test('a buy in New York, USD → BTC by card, reaches "Completed"; PAYBIS quotes in California, not in New York; no credential on the wire', async ({
  page,
  context,
}) => {
  const wire = recordWire(context);
  const checkout = new Checkout(page);
  await page.goto('/');

  // One order screen: every choice on it, the price under them.
  await checkout.chooseDirection('Buy');
  await checkout.chooseCountry('United States', 'US', US_CA);
  await checkout.chooseCurrencies('USD', 'BTC', 'BITCOIN');
  await checkout.chooseMethod('Credit or debit card');
  await checkout.enterAmount('100');
  await checkout.compareOffers();

  const inCalifornia = await quoteNames(checkout);
  expect(inCalifornia.filter((n) => n.startsWith('Paybis'))).toHaveLength(1);
  for (const name of inCalifornia) expect(name).toMatch(/^[A-Z][a-z]+: you get [\d.,]+\sBTC for \$100\.00$/);

  // Another state on the same screen: the other choices stay.
  await checkout.chooseState(US_NY.name, US_NY.code);
  await expect(checkout.crypto).toHaveValue(/^BTC · .* · Bitcoin$/);
  await expect(checkout.methods.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  await expect(checkout.amount).toHaveValue('100');

  await expect(checkout.quote('Paybis')).toHaveCount(0);
  const inNewYork = await quoteNames(checkout);
  expect(inNewYork.length).toBeGreaterThan(1);
  expect(inNewYork.filter((n) => n.startsWith('Paybis'))).toEqual([]);

  const partner = await checkout.chooseQuote('Banxa');
  await checkout.next();
  await checkout.enterWallet(BTC_WALLET);
  await checkout.next();

  await expect(checkout.launchButton).toHaveAccessibleName(`Continue to ${partner}`);
  const popup = await checkout.launch();
  // Until the shopper acts in the partner's window there is no transaction yet: the screen says to finish there.
  await checkout.expectStatus(`Finish in the ${partner} window`);
  await Checkout.finishAtPartner(popup, 'Pay');
  await checkout.expectStatus('Completed');

  // Canonical codes on the wire, never display names; the state the shopper is in at the time. (The
  // first quotes, for the defaults and the default amount, come before the shopper's choices.)
  const all = wire.bodiesTo('/payments/crypto/quote') as Record<string, unknown>[];
  for (const body of all)
    expect(body).toMatchObject({ paymentMethodType: expect.stringMatching(/^[A-Z_]+$/) });
  const quoteBodies = all.filter((b) => b.destinationCurrencyCode === 'BTC');
  expect(quoteBodies.length).toBeGreaterThan(1);
  for (const body of quoteBodies) {
    expect(body).toMatchObject({
      countryCode: 'US',
      sourceCurrencyCode: 'USD',
      destinationCurrencyCode: 'BTC',
      paymentMethodType: 'CREDIT_DEBIT_CARD',
    });
  }
  expect(quoteBodies).toContainEqual(expect.objectContaining({ subdivision: 'US-CA', sourceAmount: 100 }));
  expect(quoteBodies.at(-1)).toMatchObject({ subdivision: 'US-NY', sourceAmount: 100 });
  expect(JSON.stringify(all)).not.toContain('Credit or debit card');

  const sessions = wire.bodiesTo('/crypto/session/widget');
  expect(sessions).toEqual([
    {
      sessionType: 'BUY',
      sessionData: expect.objectContaining({
        serviceProvider: 'BANXA',
        countryCode: 'US',
        subdivision: 'US-NY',
        sourceCurrencyCode: 'USD',
        sourceAmount: '100',
        destinationCurrencyCode: 'BTC',
        paymentMethodType: 'CREDIT_DEBIT_CARD',
        walletAddress: BTC_WALLET,
      }),
    },
  ]);

  // The sandbox-mode key is random per process: what can be checked is that no credential travels.
  const requests = await wire.settledRequests();
  expect(requests.filter((r) => new URL(r.url).pathname.startsWith('/api/ramp/')).length).toBeGreaterThan(3);
  for (const r of requests)
    expect(Object.keys(r.headers), `${r.method} ${r.url}`).not.toContain('authorization');

  const responses = await wire.responses();
  expect(responses.some((r) => r.url.includes('/provider/checkout/'))).toBe(true);
  for (const r of responses) {
    const headers = JSON.stringify(r.headers);
    expect(headers, `headers of ${r.url}`).not.toMatch(/BASIC |apiKey/i);
    if (r.body === null) continue;
    if (/javascript|css/.test(r.contentType)) {
      // The shared api client's code holds the words (`BASIC ${apiKey}`); never a value after them.
      expect(r.body, r.url).not.toMatch(/BASIC (?!\$\{)/);
    } else {
      expect(r.body, r.url).not.toContain('BASIC ');
      expect(r.body, r.url).not.toContain('apiKey');
    }
  }
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
  expect(stored).not.toMatch(/BASIC |apiKey/i);
});
