// Gzip sizes of the three shipped artifacts, shared by the size-budget check and the benchmark.
//
// The library's figure is what a shopper downloads for an English checkout in a merchant's app
// beyond react, react-dom and @tanstack/react-query (the app has those anyway): the app's bundler is
// played here (Vite, the library's `RampCheckout` imported from dist/lib), and everything it emits
// counts (the widget, zustand, whatever else) except the other languages'
// catalogs, which an English checkout never loads.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join, resolve } from 'node:path';

const gzip = (data) => gzipSync(data, { level: 9 }).length;

/** The JS a module loads before it runs: itself and its static imports, transitively (lazy chunks excluded). */
function staticClosure(entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      visit(join(dirname(file), m[1]));
    }
  };
  visit(entry);
  return [...seen];
}

/** The hosted page's initial JS: the entry module and the chunks index.html preloads. */
function hostedInitialFiles(dir = 'dist/hosted') {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return [...new Set(srcs.flatMap((src) => staticClosure(join(dir, src.replace(/^\//, '')))))];
}

/** What the merchant's app has anyway (the library's peers): not counted. */
const APP_OWN = /^(react|react-dom|@tanstack\/react-query)($|\/)/;
/** Catalogs of the languages other than English, in their own chunks (src/ui/i18n/languages.ts). */
const OTHER_LANGUAGE = /\/dist\/lib\/(de|es|fr|pt|it|ja|zh|ko|tr)-[\w-]+\.js$/;

/** An app's production build of `import { RampCheckout } from 'ramp-checkout'`: its chunks. */
async function shopperChunks() {
  const { build } = await import('vite');
  const entry = resolve('dist/lib/index.js');
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'shopper-app',
        resolveId: (id) => (id === 'virtual:shopper-app' ? '\0shopper-app' : null),
        load: (id) =>
          id === '\0shopper-app'
            ? `import { RampCheckout } from ${JSON.stringify(entry)}; globalThis.widget = RampCheckout;`
            : null,
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      rollupOptions: { input: 'virtual:shopper-app', external: (id) => APP_OWN.test(id) },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
  return outputs.filter((c) => c.type === 'chunk');
}

// library: the goal is 30 KB (issue 13). Measured honestly (everything an English checkout loads) it
// was 50.5 KB when the goal was set, and 47.2 KB after the price-first redesign (one order screen with
// live best offer, ranking, stale-price and closed-window states, page history, merchant message
// overrides); the view then shipping with the entry instead of as a chunk of its own (a round trip
// and cross-chunk compression saved) took it to 45.7 KB, and reading the proxy's answers by their
// outline instead of with the response schemas (validated once, on the server) to 43.8 KB. Ten
// languages instead of four (their loaders; the catalogs stay out), readable network names and
// currency and region names in the shopper's language (Intl.DisplayNames) took it to 44.3 KB; the
// budget holds that line.
// hosted: everything the page loads before it can show the checkout, React included. Until the view
// shipped with the entry this counted only the entry (108.6 KB) while the view chunk (16.5 KB) always
// followed; now it is all of it, 122.0 KB.
// Library and hosted page: ten languages' loaders and localized names, the late wallet, the
// refused-origin diagnosis, intent conflict reports, and the phone screens (rates, the default amount,
// remembered choices, retries, the session deadline, the copy button): 43.8 → 49.3 KB and 122.0 →
// 127.7 KB measured with them. The order screen's placeholders at their final size (pickers' label and
// box, the amount's bounds as their sentence with placeholder figures, the offer card row for row):
// 49.4 → 50.2 KB and 127.7 → 128.4 KB; the budgets moved by 1 KB each to hold that line. The hosted
// page's warm-up (src/hosted/warm.ts, 0.1 KB: ICU started while the scripts download, about 0.15 s
// sooner to the price on a slow phone) took it from 128.9 to 129.0 KB; its budget moved to 130 KB.
// Offers a shopper understands (issue 27: each offer's verification, "Why this offer?", "You get" as
// an amount to receive searched from quotes, the ranking by completion, in ten languages) took the
// library from 50.6 to 52.3 KB and the hosted page from 129.1 to 130.8 KB, after moving the card's
// fee rows into the disclosure and dropping dead CSS; the target was 52 KB, not met. The
// offer's placeholder then kept the verification line's place (no shift when the offers come): 52.34
// KB, 0.35 KB over the target. valibot was 1.27 KB of it, in the bundle only to check the widget's
// options: checked by plain code instead (src/widget/validate.ts, same rules and messages), the library
// is 51.03 KB (53,599 → 52,250 bytes), the embed 97.7 KB and the hosted page 129.5 KB, and the library's
// budget is the 52 KB again. The largest own sources now are the stylesheet, the English
// catalog, the order screen and the checkout machine. Issue 37 (the order screen's fold and compact
// pickers, the shopper's language negotiated from every tag the browser sends, a merchant's bad locale
// reported rather than shown) took the library from 51.3 to 52.2 KB and the hosted page from 130.4 to
// 131.3 KB. Issue 40 (the shopper's recent orders, their lookup and the receipt with Print and Copy,
// in ten languages) added about 3 KB to each: the library 55.3 KB, the embed 102.8 KB, the hosted page
// 134.4 KB. Loading the list as a chunk of its own was weighed and left: every launch shows the
// receipt, the list is under 1 KB of it, and a split costs its compression and a round trip. Its
// review (typing that replaces a value the shopper did not type until they place the caret, in every
// engine; the device's list re-read before each write and followed across tabs; print's focus and
// frame) and the hosted page keeping the server's language took the library to 55.9 KB, the embed to
// 103.4 KB and the hosted page to 135.2 KB: the library's and the hosted page's budgets moved by 1 KB.
export const budgetsKB = { embed: 104, library: 57, hosted: 136 };

/** Per chunk of the shopper's English checkout: its name and gzip bytes (the library figure's parts). */
export async function libraryParts() {
  const chunks = await shopperChunks();
  return chunks
    .filter((c) => !(c.moduleIds.length && c.moduleIds.every((id) => OTHER_LANGUAGE.test(id))))
    .map((c) => ({ name: c.fileName, modules: c.moduleIds, bytes: gzip(c.code) }));
}

export async function measureSizes() {
  const sum = (files) => files.reduce((n, f) => n + gzip(readFileSync(f)), 0);
  const embedFile = 'dist/embed/ramp-checkout.js';
  if (!existsSync(embedFile)) throw new Error('No build found: run `npm run build` first.');
  return {
    embed: sum([embedFile]),
    library: (await libraryParts()).reduce((n, p) => n + p.bytes, 0),
    hosted: sum(hostedInitialFiles()),
  };
}
