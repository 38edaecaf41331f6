// A fast first screen on a slow phone (issues 22 and 28), its deterministic parts: the hosted page's and
// the embed's files go out compressed (brotli, else gzip) from the build's variants, hashed assets are
// cached for good and the page never, and the scripts run at load carry Chrome's compile hint; a page
// whose first screen the server cannot know (no country in its URL) carries a shell of it that paints
// before any script runs; the browser's number formatting starts while the scripts download. The page
// whose URL names its first data comes with that data and its first screen rendered
// (first-price.spec.ts), and on common phones a shopper sees that price, its partner and the main
// action before any tap or scroll (e2e/support/visible.ts), with the page's scripts and without. The
// time to the price is measured by `npm run bench`.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { COMPILE_HINT } from '../vite.compile-hint';
import { Checkout } from './pages/checkout';
import { expectVisibleToShopper } from './support/layout';

/** A page whose first request the server cannot know: the page file as built, with its shell. */
const UNKNOWN = '/?direction=buy&cryptoCurrency=ETH&locale=en';
const PREFILL =
  '/?direction=buy&country=GB&fiatCurrency=GBP&cryptoCurrency=ETH&network=ETHEREUM&paymentMethod=CREDIT_DEBIT_CARD&amount=100&locale=en';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Common phones, as shoppers hold them. */
const PHONES = [
  { width: 360, height: 640 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
];
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

test('the hosted page and its assets come compressed; hashed assets are immutable, the page is not', async ({
  request,
}) => {
  const page = await request.get(UNKNOWN, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['vary']).toMatch(/Accept-Encoding/i);
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text(); // decoded by the client
  expect(html).toContain('class="hp-skel"');

  const assets = [...html.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    expect(asset, 'a content-hashed name').toMatch(/-[\w-]{8}\.(?:js|css)$/);
    const br = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status(), asset).toBe(200);
    const h = br.headers();
    expect(h['content-encoding'], asset).toBe('br');
    expect(h['vary'], asset).toMatch(/Accept-Encoding/i);
    expect(h['cache-control'], asset).toBe(IMMUTABLE);
    expect(h['content-type'], asset).toMatch(/^(?:text\/javascript|text\/css)/);
    const gz = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding'], asset).toBe('gzip');
    const plain = await request.get(asset, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding'], asset).toBeUndefined();
    // The same file whichever way it travelled; compressed, it is a fraction of its size.
    expect((await br.body()).equals(await plain.body()), asset).toBe(true);
    // A script the page runs as it loads is compiled whole while it downloads (vite.compile-hint.ts).
    if (asset.endsWith('.js')) expect((await plain.text()).split('\n')[0], asset).toBe(COMPILE_HINT);
    expect(Number(h['content-length']), asset).toBeLessThan((await plain.body()).length);
  }
});

test('the script-tag embed comes compressed, immutable under its pinned version', async ({ request }) => {
  const pinned = await request.get(`/ramp-checkout.js?v=${version}`, {
    headers: { 'Accept-Encoding': 'gzip, br' },
  });
  expect(pinned.headers()['content-encoding']).toBe('br');
  expect(pinned.headers()['cache-control']).toBe(IMMUTABLE);
  expect(pinned.headers()['vary']).toMatch(/Accept-Encoding/i);
  expect((await pinned.text()).split('\n')[0]).toBe(COMPILE_HINT);
  const bare = await request.get('/ramp-checkout.js', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(bare.headers()['content-encoding']).toBe('gzip');
  expect(bare.headers()['cache-control']).not.toContain('immutable');
});

test('the shell paints the first screen at the widget’s size before any script runs', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  // The scripts never arrive: what shows is the HTML and its stylesheet alone.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(UNKNOWN);
  const shell = page.locator('.hp-skel');
  await expect(shell).toBeVisible();
  const box = (await shell.boundingBox())!;
  expect(box.width).toBe(375);
  expect(box.height).toBeGreaterThanOrEqual(667);
  await expect(page.getByRole('status')).toHaveText('Loading the checkout…');
  await expect(page.getByRole('button')).toHaveCount(0);
});

test('on first paint on common phones, with the page’s scripts and without, a shopper sees the best offer’s price, its partner and Continue', async ({
  browser,
  baseURL,
}) => {
  // Before any tap or scroll. The page's scripts off: what its HTML draws, kept.
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ baseURL, javaScriptEnabled, locale: 'en-GB' });
    const checkout = new Checkout(await context.newPage());
    for (const size of PHONES) {
      await checkout.page.setViewportSize(size);
      await checkout.page.goto(PREFILL);
      const at = `${size.width}×${size.height}, ${javaScriptEnabled ? 'with' : 'without'} scripts`;
      await checkout.expectBestOfferSeen(at, { soft: true });
      await expectVisibleToShopper(checkout.continueButton, `${at}: Continue`, { soft: true });
    }
    await context.close();
  }
});

test('the page starts the browser’s number formatting while the checkout’s scripts are still on the way', async ({
  page,
}) => {
  // The first Intl.NumberFormat of a page starts ICU (about 170 ms on a slow phone): each is recorded.
  await page.addInitScript(() => {
    const calls: number[] = ((window as unknown as { __formats: number[] }).__formats = []);
    const Native = Intl.NumberFormat;
    Intl.NumberFormat = new Proxy(Native, {
      construct(target, args: ConstructorParameters<typeof Native>) {
        calls.push(performance.now());
        return new target(...args);
      },
    });
  });
  // The checkout's entry arrives a second late, as on a slow network.
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto(PREFILL);
  // The price is in the page's HTML: wait for the entry itself.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name)),
  );
  const [firstFormat, entryArrived] = await page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name)) as PerformanceResourceTiming;
    return [(window as unknown as { __formats: number[] }).__formats[0], entry.responseEnd];
  });
  expect(firstFormat).toBeDefined();
  expect(firstFormat!).toBeLessThan(entryArrived);
});
