// What the engine lanes run inside the page (bundled once per worker and installed on each page the
// shopper looks at, by ./shopper.ts): controls found by role and accessible name (dom-accessibility-api, as Testing
// Library does) or by visible text, inside open shadow roots too (the script-tag embed); where to
// tap; what a control holds; what has focus and whether its ring shows; `shopperView`; the page's
// text; the console errors it logs from the moment the kit is installed.
import { computeAccessibleName, getRole, isSubtreeInaccessible } from 'dom-accessibility-api';
import { RENDERED_MARK } from '../../../src/api/first-screen';
import { shopperView, type ViewChecks } from '../visible';
import { KIT_GLOBAL, type Focus, type Query, type TapPoint, type Text } from './query';

/** The composed parent: an open shadow root's host above its top elements. */
const parentOf = (n: Node): Element | null =>
  n.parentElement ?? (n.parentNode instanceof ShadowRoot ? n.parentNode.host : null);

const inside = (outer: Element, inner: Element | null): boolean => {
  for (let n = inner; n; n = parentOf(n)) if (n === outer) return true;
  return false;
};

/** Every element under `root` in document order, the content of open shadow roots included. */
function elementsUnder(root: ParentNode): Element[] {
  const found: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const child of node.children) {
      found.push(child);
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
    }
  };
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  visit(root);
  return found;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function matches(actual: string, wanted: Text, exact: boolean): boolean {
  const text = squash(actual);
  if (typeof wanted !== 'string') return new RegExp(wanted.source, wanted.flags).test(text);
  return exact ? text === wanted : text.toLowerCase().includes(wanted.toLowerCase());
}

/** Hidden from everyone (hidden, aria-hidden, not displayed, invisible), across shadow roots. */
function hiddenTest(): (el: Element) => boolean {
  const known = new Map<Element, boolean>();
  const subtree = (el: Element): boolean => {
    let answer = known.get(el);
    if (answer === undefined) {
      const parent = parentOf(el);
      answer = isSubtreeInaccessible(el) || (parent ? subtree(parent) : false);
      known.set(el, answer);
    }
    return answer;
  };
  return (el) => getComputedStyle(el).visibility === 'hidden' || subtree(el);
}

/** Where a query's search runs: a labelled control's label holds what the shopper sees of it. */
function scopeOf(el: Element): ParentNode {
  const labels = (el as HTMLInputElement).labels;
  return labels?.length ? labels[0]! : el;
}

function findAll(q: Query): Element[] {
  const scope = q.within ? findAll(q.within)[0] : document;
  if (!scope) return [];
  const hidden = hiddenTest();
  const found: Element[] = [];
  for (const el of elementsUnder(scope === document ? document : scopeOf(scope as Element))) {
    if ('css' in q) {
      if (el.matches(q.css) && !hidden(el)) found.push(el);
    } else if ('role' in q) {
      if (getRole(el) !== q.role) continue;
      if (q.level !== undefined && el.tagName !== `H${q.level}`) continue;
      if (hidden(el)) continue;
      if (q.name !== undefined && !matches(computeAccessibleName(el), q.name, q.exact ?? false)) continue;
      found.push(el);
    } else {
      // Text: the innermost rendered element whose text matches.
      const exact = q.exact ?? true;
      if (!matches(el.textContent ?? '', q.text, exact) || !el.checkVisibility()) continue;
      if (![...el.children].some((c) => matches(c.textContent ?? '', q.text, exact))) found.push(el);
    }
  }
  return q.nth === undefined ? found : found.slice(q.nth, q.nth + 1);
}

export function describe(q: Query): string {
  const nth = q.nth === undefined ? '' : ` #${q.nth + 1}`;
  const within = q.within ? ` in ${describe(q.within)}` : '';
  const text = (t: Text) => (typeof t === 'string' ? `"${t}"` : `/${t.source}/${t.flags}`);
  if ('css' in q) return `\`${q.css}\`${nth}${within}`;
  if ('role' in q) return `${q.role}${q.name === undefined ? '' : ` ${text(q.name)}`}${nth}${within}`;
  return `the text ${text(q.text)}${nth}${within}`;
}

function one(q: Query): Element {
  const el = findAll(q)[0];
  if (!el) throw new Error(`nothing on the page is ${describe(q)}`);
  return el;
}

/**
 * The element a pointer meets at a point, looking through open shadow roots (a transparent control
 * takes the pointer: what is drawn there is visible.ts's question).
 */
function hitAt(x: number, y: number): Element | null {
  let root: Document | ShadowRoot = document;
  let hit: Element | null = null;
  for (;;) {
    const next: Element | null = root.elementFromPoint(x, y);
    if (!next || next === hit || !next.shadowRoot) return next ?? hit;
    hit = next;
    root = next.shadowRoot;
  }
}

/**
 * Whether what the server drew around `el` (the hosted page's first screen, in the root marked
 * RENDERED_MARK) has been taken over by the page's scripts: a tap before that is lost, so the
 * shopper's finger waits for it. The page takes it over after its first paint, and React's root
 * says when it has committed that (its state's `isDehydrated`); anything not drawn by the server
 * answers at once.
 */
function takenOver(el: Element): boolean {
  let root: Element | null = el;
  while (root && !root.hasAttribute(RENDERED_MARK)) root = parentOf(root);
  if (!root) return true;
  const key = Object.keys(root).find((k) => k.startsWith('__reactContainer$'));
  const fiber = key ? (root as unknown as Record<string, ReactRootFiber | undefined>)[key] : undefined;
  return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
}
interface ReactRootFiber {
  stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } };
}

/** Resolves after the page has drawn two more frames (at most 200 ms: a window not drawn now). */
const frames = () =>
  new Promise<void>((done) => {
    setTimeout(done, 200);
    requestAnimationFrame(() => requestAnimationFrame(() => done()));
  });

/**
 * Where a shopper taps the control: its middle (a transparent control over what draws it takes the
 * tap there), or its label's when it is too small to press, scrolled to first when it is out of
 * view, as a shopper would. Not while it moves (the screen still settling), nor where something
 * covers it.
 */
async function tapPoint(q: Query): Promise<TapPoint> {
  const el = one(q);
  if (!takenOver(el))
    return { problem: `${describe(q)} does not answer taps yet (the page's scripts have not taken it over)` };
  let target: Element = el;
  let box = el.getBoundingClientRect();
  // A control drawn by its label (a radio too small to press): the label's middle.
  const big = (r: DOMRect) => r.width >= 4 && r.height >= 4;
  const label = [...((el as HTMLInputElement).labels ?? [])].find((l) => big(l.getBoundingClientRect()));
  if (!big(box) && label) {
    target = label;
    box = label.getBoundingClientRect();
  }
  if (box.top < 0 || box.bottom > document.documentElement.clientHeight) {
    target.scrollIntoView({ block: 'center', inline: 'nearest' });
    box = target.getBoundingClientRect();
  }
  await frames();
  const still = target.getBoundingClientRect();
  if (
    still.top !== box.top ||
    still.left !== box.left ||
    still.width !== box.width ||
    still.height !== box.height
  )
    return { problem: `${describe(q)} is still moving` };
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = hitAt(x, y);
  if (inside(target, hit) || inside(el, hit)) return { x, y };
  return {
    problem: `${describe(q)} is covered at its middle by ${hit?.outerHTML.slice(0, 160) ?? 'nothing'}`,
  };
}

/**
 * The focused element (through open shadow roots), the element drawing its ring, and whether that
 * is seen at all (WCAG 2.4.11: a focused control is not entirely hidden).
 */
function focus(): Focus {
  let el = document.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  if (!el || el === document.body) return { name: 'nothing', ring: null, top: 0, problems: [] };
  // The ring is drawn on the control, on what shows it (a radio's body beside it, its label) or
  // around it (a field's frame).
  const drawers: (Element | null)[] = [el, el.nextElementSibling, ...((el as HTMLInputElement).labels ?? [])];
  for (let a = parentOf(el), i = 0; a && i < 3; a = parentOf(a), i++) drawers.push(a);
  const drawer = el.matches(':focus-visible')
    ? drawers.find((d) => {
        if (!d) return false;
        const s = getComputedStyle(d);
        const box = d.getBoundingClientRect();
        const drawn = d.checkVisibility({ opacityProperty: true, visibilityProperty: true });
        return (
          drawn &&
          box.width > 1 &&
          box.height > 1 &&
          s.outlineStyle !== 'none' &&
          parseFloat(s.outlineWidth) >= 1
        );
      })
    : undefined;
  const role = getRole(el) ?? el.tagName.toLowerCase();
  const shown = drawer ?? el;
  return {
    name: `${role} "${squash(computeAccessibleName(el)).slice(0, 60)}"`,
    ring: drawer ? `${drawer.tagName.toLowerCase()}.${[...drawer.classList].join('.')}` : null,
    top: Math.round(shown.getBoundingClientRect().top + scrollY),
    problems: shopperView(shown, 'some'),
  };
}

/** What the page shows, roughly as a shopper reads it: rendered text and fields' values, open shadow roots included. */
function seen(): string {
  const lines: string[] = [];
  let line = '';
  const flush = () => {
    if (squash(line)) lines.push(squash(line));
    line = '';
  };
  const visit = (node: ParentNode) => {
    for (const child of node.childNodes) {
      if (child instanceof Text) {
        line += child.textContent ?? '';
        continue;
      }
      if (
        !(child instanceof Element) ||
        child instanceof HTMLScriptElement ||
        child instanceof HTMLStyleElement
      )
        continue;
      if (!child.checkVisibility({ visibilityProperty: true })) continue;
      const block = !getComputedStyle(child).display.startsWith('inline');
      if (block) flush();
      if (child instanceof HTMLInputElement && !['radio', 'checkbox', 'hidden'].includes(child.type))
        line += ` [${child.value}] `;
      if (child.shadowRoot) visit(child.shadowRoot);
      visit(child);
      if (block) flush();
    }
  };
  visit(document.body);
  flush();
  return [...lines, `(focus: ${focus().name})`].join('\n');
}

/**
 * The page as its server sends it to this browser (fetched by the page: the browser's own headers,
 * its Accept-Language among them): what is painted before any script runs.
 */
async function served(): Promise<{ lang: string; title: string; price: string; text: string }> {
  const html = await (await fetch(location.href)).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return {
    lang: doc.documentElement.lang,
    title: squash(doc.querySelector('h2')?.textContent ?? ''),
    price: squash(doc.querySelector('[elementtiming="rc-price"]')?.textContent ?? ''),
    text: squash(doc.body.textContent ?? ''),
  };
}

const errors: string[] = [];
const record = (what: string) => errors.push(what.slice(0, 500));
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  record(`console.error: ${args.map(String).join(' ')}`);
  consoleError(...args);
};
addEventListener('error', (e) => record(`uncaught: ${e.message}`));
addEventListener('unhandledrejection', (e) => record(`unhandled rejection: ${String(e.reason)}`));

/** The kit's calls, by name: each takes and returns JSON. */
const kit = {
  count: (q: Query) => findAll(q).length,
  describe,
  tapPoint,
  value: (q: Query) => (one(q) as HTMLInputElement).value,
  text: (q: Query) => squash((one(q) as HTMLElement).innerText ?? ''),
  name: (q: Query) => squash(computeAccessibleName(one(q))),
  attribute: (q: Query, name: string) => one(q).getAttribute(name),
  focus,
  view: (q: Query, checks?: ViewChecks) => shopperView(one(q), checks),
  seen,
  served,
  errors: () => errors.slice(),
  location: () => location.href,
};

export type Kit = typeof kit;
Object.defineProperty(window, KIT_GLOBAL, { value: kit });
