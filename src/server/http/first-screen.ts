// The hosted page's first screen in its HTML: the checkout rendered on the server from the page's
// URL and its first data (http/first-data.ts), in place of the page's shell, so the price is painted
// with the page before any script runs; the page's script then hydrates it (hosted/start.tsx). The
// renderer is the hosted page's own React tree, built for Node beside the server
// (src/hosted/prerender.tsx → dist/server/prerender.js) and loaded the first time a page needs it.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { besideServer } from './package-dir';
import { RENDERED_MARK, type FirstScreen, type RenderFirstScreen } from '../../api/first-screen';

/** Where the built page has its shell: from the root element's start tag to this mark (index.html). */
const ROOT_START = '<div id="root">';
const SHELL_END = '<!--/rc-shell-->';

/** The renderer built beside the server, loaded once on first use; undefined when it is not there. */
export function packageFirstScreen(): () => Promise<RenderFirstScreen | undefined> {
  let loaded: Promise<RenderFirstScreen | undefined> | undefined;
  return () =>
    (loaded ??= (async () => {
      const file = besideServer('prerender.js');
      if (!file) return undefined;
      // A path known at run time only: an app's bundler that takes in the server must leave it alone.
      const mod = (await import(
        /* @vite-ignore */ /* webpackIgnore: true */ /* turbopackIgnore: true */ pathToFileURL(file).href
      )) as { prerender?: RenderFirstScreen };
      return mod.prerender;
    })());
}

/** A CSP source for text that the page carries inline. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The page's own stylesheets (`<link rel="stylesheet" … href="…/assets/NAME.css">`). */
const STYLESHEET = /<link rel="stylesheet"[^>]* href="\.?\/assets\/([A-Za-z0-9._-]+\.css)"[^>]*>/g;

/** Text as HTML's character data. */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with `screen` in place of its shell, and the CSP hashes its inline styles need: the page
 * paints with its HTML alone, so its own stylesheets come inline (`readAsset` gives an asset's text;
 * a round trip less before the first paint) and the widget's stylesheet with them, and each style
 * attribute is admitted as the browser reads it. The page's `style-src 'self'` stays otherwise
 * closed. Its `lang` and title are the screen's language. Undefined when the page has no shell to
 * replace or a stylesheet cannot be read.
 */
export function withFirstScreen(
  page: string,
  screen: FirstScreen,
  readAsset: (name: string) => string | undefined,
): { html: string; styleHashes: string[] } | undefined {
  const start = page.indexOf(ROOT_START);
  const end = page.indexOf(SHELL_END, start);
  const head = page.indexOf('</head>');
  if (start < 0 || end < 0 || head < 0 || head > start) return undefined;
  const sheets: string[] = [];
  let unread = false;
  const ownHead = inLanguage(page.slice(0, head), screen).replace(STYLESHEET, (link, name: string) => {
    const css = readAsset(name);
    if (css === undefined) {
      unread = true; // the page then goes out with its first data only
      return link;
    }
    sheets.push(css);
    return `<style>${css}</style>`;
  });
  if (unread) return undefined;
  sheets.push(screen.css);
  if (sheets.some((css) => /<\/style/i.test(css))) return undefined;
  const attributes = new Set(
    [...screen.html.matchAll(/ style="([^"]*)"/g)].map((m) =>
      m[1]!.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]!),
    ),
  );
  const html =
    ownHead +
    `<style data-rc-styles="">${screen.css}</style>` +
    page.slice(head, start) +
    `<div id="root" ${RENDERED_MARK}="">${screen.html}` +
    page.slice(end + SHELL_END.length);
  return { html, styleHashes: [...new Set(sheets.map(sha256)), ...[...attributes].map(sha256)] };
}

/** The page's head in the screen's language: its root's `lang` and its title (as the page's script sets them). */
function inLanguage(head: string, { language, title }: FirstScreen): string {
  return head
    .replace(/(<html\b[^>]*?\slang=")[^"]*"/, `$1${language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`);
}
