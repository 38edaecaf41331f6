import css from './styles.css?inline';

/** The whole widget's CSS, for Shadow DOM or a host that manages its own stylesheets. */
export const widgetCss: string = css;

const adopted = new WeakMap<Document | ShadowRoot, CSSStyleSheet | HTMLStyleElement>();

function canAdopt(root: Document | ShadowRoot): boolean {
  try {
    return 'adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype;
  } catch {
    return false; // no CSSStyleSheet at all
  }
}

/**
 * Adds the widget's styles to a document or shadow root, once per root. Constructable stylesheets
 * pass a strict `style-src` CSP; where they are missing, a `<style>` element (with `nonce` when given).
 */
export function adoptWidgetStyles(root: Document | ShadowRoot, options: { nonce?: string } = {}): void {
  const existing = adopted.get(root);
  if (
    existing &&
    ('nodeType' in existing ? root.contains(existing) : root.adoptedStyleSheets.includes(existing))
  )
    return; // already there (and not removed by the host since)
  if (canAdopt(root)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    adopted.set(root, sheet);
    return;
  }
  const doc = 'head' in root ? root : root.ownerDocument;
  const style = doc.createElement('style');
  style.setAttribute('data-rc-styles', '');
  if (options.nonce) style.nonce = options.nonce;
  style.textContent = widgetCss;
  ('head' in root ? (root.head ?? root.documentElement) : root).append(style);
  adopted.set(root, style);
}
