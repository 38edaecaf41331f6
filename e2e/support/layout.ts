// How the checkout lays out on a screen, measured in the page: layout shifts, words squeezed across
// lines, and whether a shopper sees a control (in the viewport, not covered, not clipped, words whole:
// ./visible.ts).
import { expect, type Locator, type Page } from '@playwright/test';
import { shopperView } from './visible';

/** Every layout shift of the page's life so far (not those right after an input), summed. */
export const CLS_OBSERVER = () => {
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
export async function squeezedWords(page: Page): Promise<string[]> {
  const widget = page.locator('[data-rc]').first();
  if ((await widget.count()) === 0) return ['no widget'];
  return widget.evaluate(shopperView, 'words' as const);
}

export interface SeenOptions {
  /** Scrolled to it first, as a shopper would (to its middle); else as the page is now. */
  scroll?: boolean;
  /** A soft assertion: the test goes on, and fails at its end. */
  soft?: boolean;
}

/** Asserts a shopper sees the element whole (./visible.ts). */
export async function expectVisibleToShopper(
  target: Locator,
  where: string,
  { scroll = false, soft = false }: SeenOptions = {},
): Promise<void> {
  if (scroll) await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  (soft ? expect.soft : expect)(await target.evaluate(shopperView), `${where}: seen by a shopper`).toEqual(
    [],
  );
}

/** The control is seen whole in the first viewport, the page scrolled to the top. */
export async function inFirstViewport(page: Page, control: Locator, where: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(control).toBeVisible();
  await expectVisibleToShopper(control, `${where}: main action in the first viewport`);
}

/** Resolves once every CSS transition running in the page has ended (a theme switch fades colours). */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
