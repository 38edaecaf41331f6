// What an auditor checks beyond axe: every Tab stop in view at 400 % and 200 % zoom (and on a phone,
// where the action bar is sticky), focus told apart from selection in forced colours, how often an
// idle order screen speaks. (An outage's one alert: outage.spec.ts.)
import { expect, test, type Page } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { orderUrl } from './support/a11y';
import { ETH_WALLET, GB_BUY_PREFILL } from './support/data';

test.describe.configure({ mode: 'parallel' });
test.use({ locale: 'en-GB' });

interface Stop {
  /** What has focus: its tag and name. */
  name: string;
  /** Whether the point at the centre of its box is it (or inside it): not scrolled off, not covered. */
  inView: boolean;
}

/** The focused element (through open shadow roots) and whether it is in view. */
function focusedStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    let root: Document | ShadowRoot = document;
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) {
      root = el.shadowRoot;
      el = el.shadowRoot.activeElement;
    }
    if (!el || el === document.body) return { name: 'body', inView: true };
    const box = el.getBoundingClientRect();
    const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? root.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.textContent;
    return {
      name: `${el.tagName.toLowerCase()} "${(label ?? '').trim().slice(0, 40)}"`,
      inView: !!hit && (hit === el || el.contains(hit)),
    };
  });
}

/** Tabs from where focus is until `last` has focus, returning every stop on the way (and `last`). */
async function tabUntil(page: Page, last: RegExp): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    stops.push(stop);
    if (last.test(stop.name)) return stops;
  }
  throw new Error(`Tab never reached ${last}: ${stops.map((s) => s.name).join(', ')}`);
}

const hidden = (stops: Stop[]) => stops.filter((s) => !s.inView).map((s) => s.name);

for (const size of [
  { width: 320, height: 225 }, // 1280×900 at 400 %
  { width: 640, height: 450 }, // 1280×900 at 200 %
  { width: 375, height: 667 }, // a phone: the action bar is sticky
]) {
  test(`at ${size.width}×${size.height} every Tab stop of the order, wallet and review screens is in view`, async ({
    page,
  }) => {
    test.slow();
    const checkout = new Checkout(page);
    await page.setViewportSize(size);
    await page.goto(orderUrl(GB_BUY_PREFILL));
    await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
    // The currencies' short forms (code, network) are shown whole at every size, not cut ("Ethere…").
    const names = await checkout.widget
      .locator('.rc-combobox__shown:visible .rc-combobox__line')
      .evaluateAll((els) => els.map((e) => ({ text: e.textContent, cut: e.scrollWidth > e.clientWidth })));
    expect(names.map((n) => n.text)).toEqual(['GBP', 'ETH', 'Ethereum']);
    expect(names.filter((n) => n.cut)).toEqual([]);
    const order = await tabUntil(page, /^button "Continue"$/);
    expect(order.length, 'the order screen has its questions').toBeGreaterThan(5);
    expect(hidden(order), 'order screen').toEqual([]);

    await page.keyboard.press('Enter');
    await expect(checkout.wallet).toBeVisible();
    const wallet = await tabUntil(page, /^input "Wallet address/);
    await page.keyboard.type(ETH_WALLET);
    wallet.push(...(await tabUntil(page, /^button "Continue"$/)));
    expect(hidden(wallet), 'wallet screen').toEqual([]);

    await page.keyboard.press('Enter');
    await expect(checkout.launchButton).toBeEnabled();
    const review = await tabUntil(page, /^button "Continue to /);
    expect(hidden(review), 'review screen').toEqual([]);
  });
}

test('in forced colours a focused segment differs from a selected one, and a focused selected one keeps its ring', async ({
  page,
}) => {
  const checkout = new Checkout(page);
  await page.emulateMedia({ forcedColors: 'active' });
  await page.goto(orderUrl(GB_BUY_PREFILL));
  const buy = checkout.direction.getByRole('radio', { name: 'Buy' });
  const sell = checkout.direction.getByRole('radio', { name: 'Sell' });
  await expect(buy).toBeChecked();
  /** How the segment of a radio is drawn. */
  const look = (radio: typeof buy) =>
    radio.evaluate((input) => {
      const body = getComputedStyle(input.nextElementSibling!);
      return {
        focusVisible: input.matches(':focus-visible'),
        ring: `${body.outlineStyle} ${body.outlineWidth}`,
        fill: body.backgroundColor,
      };
    });

  // The selected segment reached by keyboard: focused and selected.
  await page.keyboard.press('Tab');
  await expect.poll(() => buy.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  const focusedSelected = await look(buy);
  // Focus moved to the other segment without selecting it (a keyboard user's focus stays visible).
  await sell.evaluate((el) => (el as HTMLElement).focus());
  const focusedOnly = await look(sell);
  const selectedOnly = await look(buy);

  expect(focusedOnly).toMatchObject({ focusVisible: true, ring: 'solid 3px' });
  expect(selectedOnly.ring).toMatch(/^none /);
  expect(selectedOnly.fill, 'selection is a fill, focus is not').not.toBe(focusedOnly.fill);
  expect(focusedSelected.ring, 'the focus ring is not replaced on a selected segment').toBe('solid 3px');
  await expect(sell).not.toBeChecked();
});

// Offers renew every min(30 s, TTL / 2) of the page's clock (quoteRefreshMs, src/ui/steps/data.tsx), so
// a minute of that clock, run in one-second steps, holds two renewals and their countdowns.
test('an idle order screen speaks at most twice a minute while its offers renew', async ({ page }) => {
  test.slow();
  const checkout = new Checkout(page);
  let quoteRequests = 0;
  page.on('request', (r) => {
    if (/\/api\/ramp\/.*quote/i.test(r.url())) quoteRequests++;
  });
  await page.clock.install();
  await page.goto(orderUrl(GB_BUY_PREFILL));
  await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 20_000 });
  const asked = quoteRequests;
  // From here the page's clock moves only when told: a minute in steps of a second.
  await page.clock.pauseAt(Date.now() + 1000);
  await page.evaluate(() => {
    const w = window as unknown as { __announced: string[] };
    w.__announced = [];
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const roots = (): (Document | ShadowRoot)[] => [
      document,
      ...[...document.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? [e.shadowRoot] : [])),
    ];
    const regions = () => roots().flatMap((r) => [...r.querySelectorAll<HTMLElement>(live)]);
    const said = new Map(regions().map((r) => [r, r.textContent?.trim() ?? '']));
    const observer = new MutationObserver(() => {
      for (const region of regions()) {
        const text = region.textContent?.trim() ?? '';
        if (text !== (said.get(region) ?? '')) {
          said.set(region, text);
          if (text) w.__announced.push(text);
        }
      }
    });
    for (const root of roots())
      observer.observe(root, { subtree: true, childList: true, characterData: true });
  });
  for (let s = 0; s < 60; s++) await page.clock.runFor(1000);
  const announced = await page.evaluate(() => (window as unknown as { __announced: string[] }).__announced);
  expect(quoteRequests - asked, 'the offers renewed during the minute').toBeGreaterThanOrEqual(1);
  expect(announced.length, announced.join(' | ')).toBeLessThanOrEqual(2);
});
