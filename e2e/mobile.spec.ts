// The phone shopper: a buy and a sell walked through every screen (order, wallet, review, status,
// completed) at 320, 375 and 414 px wide, 667 px tall. On each screen: no text squeezed narrower
// than its longest word, the main action in the first viewport (no scrolling), 0 serious or
// critical axe findings; on the order screen the layout shifts (CLS) stay at or under 0.05.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Checkout } from './pages/checkout';
import { ETH_WALLET } from './support/data';

test.beforeEach(() => test.slow());

const HEIGHT = 667;

/** Every layout shift of the page's life so far (not those right after an input), summed. */
const CLS_OBSERVER = () => {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!e.hadRecentInput) w.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/**
 * Words broken across lines inside the widget: a label squeezed narrower than its longest word
 * ("Part" / "ner"). Identifiers longer than 30 characters may wrap (they have no better place).
 */
async function squeezedWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.querySelector('[data-rc]');
    if (!root) return ['no widget'];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[aria-hidden="true"] .rc-sr-only, .rc-sr-only')) continue;
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        if (m[0].length > 30) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) found.push(`"${m[0]}" in <${el.tagName.toLowerCase()} class="${el.className}">`);
      }
    }
    return found;
  });
}

/** The control is fully inside the viewport with the page scrolled to the top, and not covered. */
async function inFirstViewport(page: Page, control: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, 'main action has a box').not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.y, 'main action top').toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'main action bottom within the first viewport').toBeLessThanOrEqual(
    viewport.height,
  );
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!at && (at === el || el.contains(at));
  });
  expect(hit, 'main action not covered').toBe(true);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function checkScreen(page: Page, screen: string, action: Locator): Promise<void> {
  expect(await squeezedWords(page), `${screen}: squeezed words`).toEqual([]);
  await inFirstViewport(page, action);
  expect(await seriousViolations(page), `${screen}: axe`).toEqual([]);
}

const WALKS = [
  {
    name: 'buy',
    query: { direction: 'buy', country: 'GB', cryptoCurrency: 'ETH', network: 'ETHEREUM' },
  },
  {
    name: 'sell',
    query: {
      direction: 'sell',
      country: 'GB',
      fiatCurrency: 'GBP',
      cryptoCurrency: 'ETH',
      network: 'ETHEREUM',
      paymentMethod: 'FASTER_PAYMENTS',
      amount: '0.05',
    },
  },
] as const;

for (const width of [320, 375, 414]) {
  for (const walk of WALKS) {
    test(`a ${walk.name} at ${width} px: every screen fits, its main action in view, no shift, no serious axe finding`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.addInitScript(CLS_OBSERVER);
      const checkout = new Checkout(page);
      await page.goto(`/?${new URLSearchParams(walk.query)}`);

      // Order: a price without typing, the best offer chosen.
      await expect(checkout.quoteRadios.first()).toBeChecked({ timeout: 30_000 });
      await expect(checkout.amount).not.toHaveValue('');
      // Let late arrivals (refresh countdown, icons) settle before the shifts are summed.
      await page.waitForTimeout(1000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      test.info().annotations.push({ type: 'CLS', description: cls.toFixed(4) });
      expect(cls, 'CLS on the order screen').toBeLessThanOrEqual(0.05);
      await checkScreen(page, 'order', checkout.continueButton);

      await checkout.next();
      await checkout.enterWallet(ETH_WALLET);
      await checkScreen(page, 'wallet', checkout.continueButton);

      await checkout.next();
      await expect(checkout.launchButton).toBeEnabled();
      await checkScreen(page, 'review', checkout.launchButton);
      if (walk.name === 'sell') {
        const summary = checkout.widget.getByRole('term');
        await expect(summary.filter({ hasText: 'You send' })).toBeVisible();
        await expect(summary.filter({ hasText: 'You receive' })).toBeVisible();
        await expect(summary.filter({ hasText: 'You pay' })).toHaveCount(0);
      }

      const popup = await checkout.launch();
      await expect(checkout.status).toBeVisible();
      await checkScreen(page, 'status', checkout.widget.getByRole('link', { name: /^Open .+ checkout$/ }));
      if (walk.name === 'sell') await expect(checkout.status).not.toContainText(/\bPay in\b/);

      await Checkout.finishAtPartner(popup, 'Pay');
      await checkout.expectStatus('Completed');
      await checkScreen(page, 'completed', checkout.widget.getByRole('button', { name: 'Done' }));
    });
  }
}
