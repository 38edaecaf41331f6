// "Visible to a shopper", said once: what a person looking at the screen sees, not what the DOM holds.
// One function that runs in the page, with thin wrappers: for Playwright's Locator in
// e2e/support/layout.ts, for the engine lanes' shopper in e2e/support/shopper/shopper.ts (whose page
// kit bundles it). No imports: it is sent to the page as it is.

/**
 * What `shopperView` asks: 'all', the element seen whole; 'words', only that no word is broken
 * (a whole widget); 'some', that some of it is seen (a focused control: WCAG 2.4.11, not entirely
 * hidden).
 */
export type ViewChecks = 'all' | 'words' | 'some';

/**
 * Why a shopper would not see `el`, in words; empty when they do. Seen whole ('all') means: drawn
 * (not hidden, not transparent), inside the viewport, not covered (at the middle and near the
 * corners of each of its boxes, the first element drawn there, through open shadow roots, is it or
 * inside it), not clipped by an ancestor that hides its overflow, its own content not cut, and no
 * word of its text broken across lines (each word's line boxes, `Range.getClientRects()`).
 *
 * Runs in the page: self-contained (Playwright sends its source text), no imports, no outer names.
 */
export function shopperView(el: Element, checks: ViewChecks = 'all'): string[] {
  const problems: string[] = [];
  const label = (e: Element) => {
    const classes = typeof e.className === 'string' ? e.className.trim().split(/\s+/).filter(Boolean) : [];
    return `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes.map((c) => `.${c}`).join('')}>`;
  };
  const px = (n: number) => Math.round(n);
  /** The parent across a shadow boundary (an open root's host). */
  const parentOf = (n: Node): Element | null =>
    n.parentElement ?? (n.parentNode instanceof ShadowRoot ? n.parentNode.host : null);
  const within = (outer: Element, inner: Element) => {
    for (let n: Element | null = inner; n; n = parentOf(n)) if (n === outer) return true;
    return false;
  };
  const drawn = (e: Element) => e.checkVisibility({ opacityProperty: true, visibilityProperty: true });

  if (checks !== 'some') {
    // Words: each run of letters between spaces, hyphens and slashes (a line may break after a
    // hyphen or a slash) whose line boxes lie on more than one line. Long identifiers (an address,
    // a hash) may wrap: they have no better place. Text for screen readers alone (a 1 px box) is
    // not seen.
    const texts: Text[] = [];
    const collect = (root: Node) => {
      const w = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let n = w.nextNode(); n; n = w.nextNode()) {
        if (n instanceof Text) texts.push(n);
        else if (n instanceof Element && n.shadowRoot) collect(n.shadowRoot);
      }
    };
    if (el.shadowRoot) collect(el.shadowRoot);
    collect(el);
    for (const node of texts) {
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility({ visibilityProperty: true })) continue;
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      for (const m of (node.textContent ?? '').matchAll(/[^\s\-\u2010-\u2014/]+/g)) {
        if (m[0].length > 30) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => px(r.top)));
        if (tops.size > 1) problems.push(`"${m[0]}" broken across ${tops.size} lines in ${label(parent)}`);
      }
    }
    if (checks === 'words') return problems;
  }

  if (!drawn(el)) return [`${label(el)} is not drawn (hidden, transparent or not displayed)`, ...problems];
  const boxes = [...el.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
  if (!boxes.length) return [`${label(el)} has no size`, ...problems];
  // The layout viewport without scroll bars, as the page is scrolled now.
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const all = el.getBoundingClientRect();
  const where = `${px(all.left)},${px(all.top)} to ${px(all.right)},${px(all.bottom)}`;

  // The first element drawn at a point (a transparent one lets what is under it show), looking
  // into open shadow roots.
  const drawnAt = (x: number, y: number): Element | null => {
    let root: Document | ShadowRoot = document;
    for (;;) {
      const top: Element | null = root.elementsFromPoint(x, y).find(drawn) ?? null;
      if (!top?.shadowRoot || top.shadowRoot === root) return top;
      root = top.shadowRoot;
    }
  };
  const seenAt: boolean[] = [];
  const covers = new Set<string>();
  for (const b of boxes) {
    const dx = Math.min(3, b.width / 4);
    const dy = Math.min(3, b.height / 4);
    for (const [x, y] of [
      [b.left + b.width / 2, b.top + b.height / 2],
      [b.left + dx, b.top + dy],
      [b.right - dx, b.top + dy],
      [b.left + dx, b.bottom - dy],
      [b.right - dx, b.bottom - dy],
    ] as const) {
      if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
      const top = drawnAt(x, y);
      // Its own content, or an ancestor's (nothing is drawn over it there).
      const seen = !!top && (within(el, top) || within(top, el));
      seenAt.push(seen);
      if (!seen)
        covers.add(`${label(el)} is covered at ${px(x)},${px(y)} by ${top ? label(top) : 'nothing'}`);
    }
  }
  if (checks === 'some') {
    return seenAt.some(Boolean)
      ? []
      : [`${label(el)} is out of view or hidden (${where}): ${[...covers].join('; ')}`];
  }

  if (all.top < -0.5 || all.left < -0.5 || all.bottom > vh + 0.5 || all.right > vw + 0.5)
    problems.push(`${label(el)} is not inside the ${vw}×${vh} viewport: its box is ${where}`);
  // Clipped: an ancestor that hides its overflow and does not hold the whole box.
  for (let a = parentOf(el); a && a !== document.documentElement && a !== document.body; a = parentOf(a)) {
    const style = getComputedStyle(a);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const r = a.getBoundingClientRect();
    const left = r.left + a.clientLeft;
    const top = r.top + a.clientTop;
    if (
      all.left < left - 1 ||
      all.top < top - 1 ||
      all.right > left + a.clientWidth + 1 ||
      all.bottom > top + a.clientHeight + 1
    ) {
      problems.push(
        `${label(el)} is clipped by ${label(a)} (overflow ${style.overflowX} ${style.overflowY})`,
      );
      break;
    }
  }
  // Its own content cut: it, or an element inside it, hides content larger than its box.
  for (const e of [el, ...el.querySelectorAll('*')]) {
    const style = getComputedStyle(e);
    if ((style.overflowX === 'visible' && style.overflowY === 'visible') || !drawn(e)) continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
      problems.push(
        `the content of ${label(e)} is cut (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`,
      );
  }
  problems.push(...covers);
  return problems;
}
