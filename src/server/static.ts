// Static files of the production build: the hosted page, the console, their assets, the demo
// pages beside them and the script-tag embed. A small reader with its own name check: only plain
// file names (no dot segments, no encodings, no subfolders except assets/) under the configured
// folder can ever be read.
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import type { ServerConfig } from './config';
import type { AppEnv } from './context';
import { pageHeaders } from './headers';
import type { PageKind } from './headers';
import { notFound } from './http-error';
import { VERSION } from './version';

export interface StaticFiles {
  /** The hosted build: index.html, console.html, assets/, demo pages. */
  hostedDir: string;
  /** The script-tag embed bundle, served at /ramp-checkout.js. */
  embedFile: string;
  /** The embed's version, the only `?v=` served (pinned, immutable). @default package.json's version */
  embedVersion?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unversioned embed URLs are re-checked every 5 minutes, so a fix reaches merchants the same day. */
export const EMBED_SHORT_CACHE = 'public, max-age=300';

export function mountStatic(
  app: Hono<AppEnv>,
  files: StaticFiles,
  config: ServerConfig,
  imgOrigins: string[] = [],
): void {
  const page = (file: string, kind: PageKind) => async (c: Context<AppEnv>) => {
    const res = await sendFile(c, resolveIn(files.hostedDir, [file]), {
      'Cache-Control': 'no-cache',
      ...pageHeaders(kind, config, imgOrigins),
    });
    if (!res) throw notFound('The hosted page is not built: run `npm run build`');
    return res;
  };
  app.get('/', page('index.html', 'hosted'));
  app.get('/index.html', page('index.html', 'hosted'));
  app.get('/console', page('console.html', 'console'));
  app.get('/console.html', page('console.html', 'console'));

  // Vite names assets by content hash: cache them for good.
  app.get('/assets/*', async (c) => {
    const parts = c.req.path.split('/').slice(2);
    const res = await sendFile(c, resolveIn(files.hostedDir, ['assets', ...parts]), {
      'Cache-Control': IMMUTABLE,
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (!res) throw notFound();
    return res;
  });

  // A pinned URL (?v=<this version>) is immutable; any other version is refused, so a pinned URL
  // never gets (and caches for a year) code of another version. The bare URL gets a short max-age
  // so updates propagate.
  const embedVersion = files.embedVersion ?? VERSION;
  app.get('/ramp-checkout.js', async (c) => {
    const v = c.req.query('v') ?? '';
    if (v !== '' && v !== embedVersion)
      throw notFound(
        `ramp-checkout.js version ${JSON.stringify(v.slice(0, 40))} is not served here: this server has ${embedVersion}`,
      );
    const versioned = v !== '';
    const res = await sendFile(c, files.embedFile, {
      'Cache-Control': versioned ? IMMUTABLE : EMBED_SHORT_CACHE,
      // Merchant pages load it from their own origin, possibly with crossorigin + integrity.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Access-Control-Allow-Origin': '*',
    });
    if (!res) throw notFound('The embed script is not built: run `npm run build`');
    return res;
  });

  // The script-tag demo merchant page (public/demo), same-origin variant of `scripts/merchant-demo.mjs`.
  app.get('/demo/:name', async (c, next) => {
    const name = c.req.param('name');
    if (!Object.hasOwn(TYPES, extname(name))) return next();
    const res = await sendFile(c, resolveIn(files.hostedDir, ['demo', name]), {
      'Cache-Control': 'no-cache',
      ...(extname(name) === '.html' ? pageHeaders('demo', config, imgOrigins) : {}),
    });
    return res ?? next();
  });

  // Other files of the hosted build by name (demo pages, icons), one level only.
  app.get('/:name', async (c, next) => {
    const name = c.req.param('name');
    if (!Object.hasOwn(TYPES, extname(name))) return next();
    const res = await sendFile(c, resolveIn(files.hostedDir, [name]), {
      'Cache-Control': 'no-cache',
      ...(extname(name) === '.html' ? pageHeaders('demo', config, imgOrigins) : {}),
    });
    return res ?? next();
  });
}

/** A path inside `dir` made of checked names, or null. */
export function resolveIn(dir: string, names: string[]): string | null {
  if (names.length === 0 || names.length > 3 || !names.every((n) => NAME_RE.test(n) && !n.includes('..'))) {
    return null;
  }
  const root = resolve(dir);
  const full = resolve(root, ...names);
  return full.startsWith(root + sep) ? full : null;
}

async function sendFile(
  c: Context,
  file: string | null,
  headers: Record<string, string>,
): Promise<Response | null> {
  if (!file) return null;
  let info;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const h = { ...headers, ETag: etag, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' };
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers: h });
  const body = c.req.method === 'HEAD' ? null : new Uint8Array(await readFile(file));
  return new Response(body, { status: 200, headers: h });
}
