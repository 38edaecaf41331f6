// Static files of the production build: the hosted page, the console, their assets, the demo
// pages beside them and the script-tag embed, served by Hono's static middleware (Node) with ETags
// (Hono's etag). Routes admit plain file names only (no dot segments, no encodings, no subfolders
// except assets/ and demo/), and the middleware refuses anything outside the configured folder.
// Text files go out as the build's brotli or gzip variant when the browser takes one (http/encoding.ts).
import { readdirSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { RETAINED_304_HEADERS, etag } from 'hono/etag';
import { getMimeType } from 'hono/utils/mime';
import { VARIANT_SUFFIX, pickEncoding, variantsOf } from './encoding';
import { bootstrapPreloadLink } from './preload';
import { hostedPageMaker } from './hosted-page';
import type { RenderFirstScreen } from '../../api/first-screen';
import type { ServerConfig } from '../config/config';
import type { AppEnv } from './context';
import type { Logger } from './log';
import { pageHeaders } from './headers';
import type { PageKind } from './headers';
import { notFound } from './errors';
import { VERSION } from '../config/version';

export interface StaticFiles {
  /** The hosted build: index.html, console.html, assets/, demo pages. */
  hostedDir: string;
  /** The script-tag embed bundle, served at /ramp-checkout.js. */
  embedFile: string;
  /** The embed's version, the only `?v=` served (pinned, immutable). @default package.json's version */
  embedVersion?: string;
  /** The hosted page's first-screen renderer (http/first-screen.ts); without it the page has its shell. */
  firstScreen?: () => Promise<RenderFirstScreen | undefined>;
}

/** A plain file name (route parameter pattern): no dot files, no encodings, no separators. */
const FILE = '{[A-Za-z0-9][A-Za-z0-9._-]*}';
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unversioned embed URLs are re-checked every 5 minutes, so a fix reaches merchants the same day. */
export const EMBED_SHORT_CACHE = 'public, max-age=300';

export function mountStatic(
  app: Hono<AppEnv>,
  files: StaticFiles,
  config: ServerConfig,
  imgOrigins: string[] = [],
  log?: Logger,
): void {
  const root = files.hostedDir;
  /** Serves what the middleware finds, with `headers`; else the next handler. */
  const serve = (
    options: { path?: string; root?: string },
    headers: (c: Context) => Record<string, string>,
  ): MiddlewareHandler => {
    const files = serveStatic(options);
    return async (c, next) => {
      // Routes admit plain names only, so the request's path is the file's name under the root.
      const file = options.path ?? join(options.root ?? '', c.req.path);
      const offered = variantsOf(file);
      const encoding = pickEncoding(c.req.header('accept-encoding'), offered);
      const res: unknown = await (encoding ? serveStatic({ path: file + VARIANT_SUFFIX[encoding] }) : files)(
        c,
        next,
      );
      if (!(res instanceof Response)) return; // not found: the next handler answered
      if (encoding) {
        res.headers.set('Content-Type', getMimeType(file) ?? 'application/octet-stream');
        res.headers.set('Content-Encoding', encoding);
      }
      // Caches keep one copy per encoding, compressed or not.
      if (offered.length) {
        const vary = res.headers.get('Vary');
        if (!/\baccept-encoding\b/i.test(vary ?? '')) {
          res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
        }
      }
      for (const [name, value] of Object.entries(headers(c))) res.headers.set(name, value);
      return res;
    };
  };
  const missing = (message?: string) => () => {
    throw notFound(message);
  };
  const page = (file: string, kind: PageKind) =>
    serve({ path: `${root}/${file}` }, (c) => {
      // The hosted page's first data is asked for alongside its scripts (http/preload.ts).
      const link = kind === 'hosted' ? bootstrapPreloadLink(new URL(c.req.url).searchParams) : undefined;
      return {
        'Cache-Control': 'no-cache',
        ...pageHeaders(kind, config, imgOrigins),
        ...(link ? { Link: link } : {}),
      };
    });
  // The hosted page made for its URL: with its first data and first screen (http/hosted-page.ts).
  const withData = hostedPageMaker({ app, root, firstScreen: files.firstScreen, config, imgOrigins, log });
  const demoHeaders = (c: Context) => ({
    'Cache-Control': 'no-cache',
    ...(c.req.path.endsWith('.html') ? pageHeaders('demo', config, imgOrigins) : {}),
  });
  const notBuilt = missing('The hosted page is not built: run `npm run build`');

  // A browser takes a 304's headers over the cached response's: a page's 304 must carry the page's
  // own CSP and framing rule (else the API's `default-src 'none'` would stop the reloaded page), and
  // a cross-origin file its CORP and CORS headers.
  const tag = etag({
    weak: true,
    retainedHeaders: [
      ...RETAINED_304_HEADERS,
      'content-security-policy',
      'x-frame-options',
      'link',
      'cross-origin-resource-policy',
      'access-control-allow-origin',
    ],
  });
  app.get('/', withData, tag, page('index.html', 'hosted'), notBuilt);
  app.get('/index.html', withData, tag, page('index.html', 'hosted'), notBuilt);
  app.get('/console', tag, page('console.html', 'console'), notBuilt);
  app.get('/console.html', tag, page('console.html', 'console'), notBuilt);

  // Vite names assets by content hash: cache them for good.
  app.get(
    `/assets/:name${FILE}`,
    tag,
    serve({ root }, () => ({
      'Cache-Control': IMMUTABLE,
      'Cross-Origin-Resource-Policy': 'cross-origin',
    })),
    missing(),
  );

  // A pinned URL (?v=<this version>) is immutable; any other version is refused, so a pinned URL
  // never gets (and caches for a year) code of another version. The bare URL gets a short max-age
  // so updates propagate.
  const embedVersion = files.embedVersion ?? VERSION;
  const embed = (versioned: boolean) =>
    serve({ path: files.embedFile }, () => ({
      'Cache-Control': versioned ? IMMUTABLE : EMBED_SHORT_CACHE,
      // Merchant pages load it from their own origin, possibly with crossorigin + integrity.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    }));
  const pinned = embed(true);
  const bare = embed(false);
  app.get(
    '/ramp-checkout.js',
    tag,
    (c: Context<AppEnv>, next) => {
      const v = c.req.query('v') ?? '';
      if (v === '') return bare(c, next);
      if (v === embedVersion) return pinned(c, next);
      throw notFound(
        `ramp-checkout.js version ${JSON.stringify(v.slice(0, 40))} is not served here: this server has ${embedVersion}`,
      );
    },
    missing('The embed script is not built: run `npm run build`'),
  );

  // The script-tag demo merchant page (public/demo), same-origin variant of `scripts/merchant-demo.mjs`.
  app.get(`/demo/:name${FILE}`, tag, serve({ root }, demoHeaders));
  // The build's other top-level files (icons), each by its name, listed once at start as production
  // file servers do: a pattern for any name there would sit beside /console, /healthz and the rest,
  // which Hono's fastest router does not take (it would route every request more slowly).
  const routed = new Set(['index.html', 'console.html', 'ramp-checkout.js']);
  for (const name of topLevelFiles(root)) {
    if (!routed.has(name)) app.get(`/${name}`, tag, serve({ root }, demoHeaders));
  }
}

const isVariant = (name: string) => Object.values(VARIANT_SUFFIX).some((suffix) => name.endsWith(suffix));

/** The plain-named files directly in `dir` (none when it does not exist yet), less their compressed variants. */
function topLevelFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile() && FILE_NAME.test(e.name) && !isVariant(e.name)).map((e) => e.name);
}
