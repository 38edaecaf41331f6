// What the real service does that the happy path does not show (issue 14), end to end on the
// production build in sandbox mode, on a server of this file's own (the sandbox's scenarios are
// server-wide): a partner without by-session lookups still reaches "Completed"; one partner's
// incomplete quote leaves the other offers on screen; an XRP buy asks for its destination tag.
import { expect, test } from '@playwright/test';
import { specPort } from '../playwright.config';
import { Checkout } from './pages/checkout';
import { LOCK_ALL, US_BTC_BUY } from './support/data';
import { startOwnServer, type OwnServer } from './support/server';
import { recordWire } from './support/wire';

const PARTNERS = ['BANXA', 'TRANSAK', 'PAYBIS', 'MERCURYO', 'TOPPER'];
const XRP_WALLET = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

/** A buy fixed up front (and locked), so the page opens on the quotes. */
const lockedBuy = (over: Record<string, string> = {}) =>
  `/?${new URLSearchParams({ ...US_BTC_BUY, lock: LOCK_ALL, ...over })}`;

let server: OwnServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startOwnServer(specPort(8));
});
test.afterAll(async () => {
  await server.stop();
});

test('a buy with a partner whose transactions cannot be read by session reaches "Completed"', async ({
  page,
  context,
}) => {
  await server.scenarios({ bySessionUnsupported: PARTNERS });
  const wire = recordWire(context);
  const checkout = new Checkout(page);
  await page.goto(server.origin + lockedBuy());
  const partner = await checkout.chooseQuote('BANXA');
  await checkout.next();
  const popup = await checkout.launch();
  await Checkout.finishAtPartner(popup, 'Pay');
  await checkout.expectStatus('Completed');
  await expect(checkout.widget.getByRole('link', { name: `View at ${partner}` })).toBeVisible();
  await expect(
    checkout.widget.getByRole('link', { name: 'View on the blockchain explorer' }),
  ).toHaveAttribute('href', /^https:\/\/mempool\.space\/tx\/[0-9a-f]{64}$/);
  // What the shopper could not change is locked on the partner's page too.
  const [session] = wire.bodiesTo('/crypto/session/widget') as { sessionData: { lockFields?: string[] } }[];
  expect(session?.sessionData.lockFields).toEqual([
    'cryptoCurrency',
    'destinationCurrencyCode',
    'sourceCurrencyCode',
    'walletAddress',
    'sourceAmount',
    'paymentMethodType',
  ]);
});

test('one partner’s incomplete quote: the other offers are still shown', async ({ page }) => {
  await server.scenarios({ incompleteQuotes: { TRANSAK: ['destinationAmount'] } });
  const checkout = new Checkout(page);
  await page.goto(server.origin + lockedBuy());
  await expect(checkout.quoteRadios.first()).toBeVisible({ timeout: 20_000 });
  await checkout.compareOffers();
  await expect(checkout.quote('TRANSAK')).toHaveCount(0);
  await expect(checkout.quote('BANXA')).toHaveCount(1);
  await expect(checkout.alerts).toHaveCount(0);
});

test('an XRP buy asks for the destination tag and reaches the partner with it', async ({ page, context }) => {
  await server.scenarios({});
  const wire = recordWire(context);
  const checkout = new Checkout(page);
  await page.goto(
    server.origin +
      lockedBuy({
        cryptoCurrency: 'XRP',
        network: 'XRP_LEDGER',
        walletAddress: XRP_WALLET,
        lock: 'direction,country,subdivision,fiatCurrency,cryptoCurrency,network,paymentMethod,amount',
      }),
  );
  await checkout.chooseQuote('BANXA');
  await checkout.next();
  const tag = checkout.widget.getByRole('textbox', { name: 'Destination tag' });
  await expect(tag).toBeVisible();
  await checkout.continueButton.click();
  await expect(checkout.alerts.first()).toContainText('Enter the destination tag');
  await tag.fill('12345');
  await checkout.next();
  const popup = await checkout.launch();
  await Checkout.finishAtPartner(popup, 'Pay');
  await checkout.expectStatus('Completed');
  const [session] = wire.bodiesTo('/crypto/session/widget') as { sessionData: Record<string, unknown> }[];
  expect(session?.sessionData).toMatchObject({
    destinationCurrencyCode: 'XRP',
    walletAddress: XRP_WALLET,
    walletTag: '12345',
  });
});
