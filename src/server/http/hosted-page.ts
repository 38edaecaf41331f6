// The hosted page made for its URL, per request: when the URL says which bootstrap request the widget
// will make (http/preload.ts), the page goes out with that request's answer in it (http/first-data.ts)
// and, where the page's renderer is built, its first screen rendered in place of the shell
// (http/first-screen.ts). Late, failed or not knowable: the next handler sends the page file as built.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Hono, MiddlewareHandler } from 'hono';
import { API_PREFIX } from '../../api/proxy/contract';
import type { ServerConfig } from '../config/config';
import type { AppEnv } from './context';
import { pickEncoding } from './encoding';
import { loadFirstData, withFirstData } from './first-data';
import { withFirstScreen } from './first-screen';
import type { FirstScreenInput, RenderFirstScreen } from '../../api/first-screen';
import { pageHeaders } from './headers';
import type { Logger } from './log';
import { bootstrapRequestPath } from './preload';

/** A page made per request is compressed fast (the build's files have the slowest, smallest brotli). */
const FAST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * A link to fix is logged once per distinct problem, at most this many (a link is anyone's to make:
 * a stream of made-up values must not fill the log), each cut to NOTICE_CHARS.
 */
const MAX_NOTICES = 100;
const NOTICE_CHARS = 200;

export interface HostedPageDeps {
  app: Hono<AppEnv>;
  /** The hosted build's folder. */
  root: string;
  firstScreen?: () => Promise<RenderFirstScreen | undefined>;
  config: ServerConfig;
  imgOrigins: string[];
  log?: Logger;
}

export function hostedPageMaker(deps: HostedPageDeps): MiddlewareHandler<AppEnv> {
  const { app, root, config, imgOrigins, log } = deps;
  // The page's stylesheets (plain names, http/first-screen.ts), inlined into a page rendered on the
  // server; named by their content, so read once.
  const sheets = new Map<string, string | undefined>();
  const stylesheet = (name: string) => {
    if (!sheets.has(name)) {
      try {
        sheets.set(name, readFileSync(join(root, 'assets', name), 'utf8'));
      } catch {
        sheets.set(name, undefined);
      }
    }
    return sheets.get(name);
  };
  const told = new Set<string>();
  const tellMerchant = (notices: readonly string[]) => {
    const fresh: string[] = [];
    for (const notice of notices) {
      const n = notice.length > NOTICE_CHARS ? `${notice.slice(0, NOTICE_CHARS - 1)}…` : notice;
      if (told.has(n) || told.size >= MAX_NOTICES) continue;
      told.add(n);
      fresh.push(n);
    }
    if (fresh.length) log?.warn('hosted page link to fix', { issues: fresh });
  };
  // The hosted page with its first data in it (http/first-data.ts), when its URL says which and the
  // answer comes in time; else the next handler sends the page file as it is.
  return async (c, next) => {
    const url = new URL(c.req.url);
    const path = bootstrapRequestPath(url.searchParams);
    const data = path && (await loadFirstData((r) => app.fetch(r, c.env), c.req.raw, path));
    const html = data && (await readFile(`${root}/index.html`, 'utf8').catch(() => undefined));
    const withJson = data && html !== undefined ? withFirstData(html, data) : undefined;
    if (!data || withJson === undefined) return next();
    // And its first screen, rendered, where the renderer is built and the page would show it.
    const rendered = await renderFirstScreen(deps.firstScreen, stylesheet, withJson, log, {
      search: url.search,
      firstData: data,
      apiBaseUrl: API_PREFIX,
      acceptLanguage: c.req.header('accept-language'),
    });
    // A link's language the checkout cannot speak: the shopper gets theirs, the merchant is told.
    if (rendered?.notices.length) tellMerchant(rendered.notices);
    const page = rendered?.html ?? withJson;
    const body = Buffer.from(page);
    const encoding = pickEncoding(c.req.header('accept-encoding'), ['br', 'gzip']);
    const headers = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      // The page carries this shopper's opening quote: not for shared caches, asked again each time.
      'Cache-Control': 'private, no-store',
      // Its first data and first screen follow the shopper's languages.
      Vary: 'Accept-Encoding, Accept-Language',
      ...(rendered ? { 'Content-Language': rendered.language } : {}),
      ...pageHeaders('hosted', config, imgOrigins, rendered?.styleHashes),
    });
    if (encoding) headers.set('Content-Encoding', encoding);
    const sent =
      encoding === 'br' ? brotliCompressSync(body, FAST_BROTLI) : encoding === 'gzip' ? gzipSync(body) : body;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(sent), { status: 200, headers });
  };
}

/** The page with its first screen rendered in it, or undefined when it cannot be (logged when it fails). */
async function renderFirstScreen(
  load: HostedPageDeps['firstScreen'],
  readAsset: (name: string) => string | undefined,
  page: string,
  log: Logger | undefined,
  input: FirstScreenInput,
): Promise<{ html: string; styleHashes: string[]; language: string; notices: string[] } | undefined> {
  try {
    const screen = await (await load?.())?.(input);
    const made = screen && withFirstScreen(page, screen, readAsset);
    return made && { ...made, language: screen.language, notices: screen.notices };
  } catch (e) {
    log?.error('first screen not rendered', { error: e instanceof Error ? e.message : String(e) });
    return undefined;
  }
}
