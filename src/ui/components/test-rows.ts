// Test-only: what an element lays out, for comparing a placeholder with what it stands for (jsdom has
// no layout: the same rows with the same classes are what give the same size in a browser).

/** Classes that paint a placeholder or a state, not a row of its own. */
const PAINT = /^rc-(skeleton|skeleton-text)$|--(checked|disabled|idle|invalid)$/;

/**
 * The rows an element lays out, in order: each child's widget classes (its tag when it has none),
 * leaving out children outside the flow (screen-reader text, a closed listbox).
 */
export function rows(el: Element | null | undefined): string[] {
  if (!el) throw new Error('rows: no element');
  return [...el.children]
    .filter(
      (c) =>
        !c.classList.contains('rc-sr-only') &&
        !c.hasAttribute('hidden') &&
        c.getAttribute('role') !== 'listbox',
    )
    .map((c) => {
      const own = [...c.classList].filter((k) => k.startsWith('rc-') && !PAINT.test(k));
      return own.length ? own.join(' ') : c.tagName.toLowerCase();
    });
}
