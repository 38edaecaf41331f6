// How the checkout lays out on a screen, measured in the page: layout shifts, words squeezed across
// lines, and whether a control is in the first viewport and not covered.
import { expect, type Locator, type Page } from '@playwright/test';

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
export async function inFirstViewport(page: Page, control: Locator, where: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(control).toBeVisible();
  const box = await control.boundingBox();
  expect(box, `${where}: main action has a box`).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.y, `${where}: main action top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${where}: main action bottom within the first viewport`).toBeLessThanOrEqual(
    viewport.height,
  );
  const hit = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!at && (at === el || el.contains(at));
  });
  expect(hit, `${where}: main action not covered`).toBe(true);
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
