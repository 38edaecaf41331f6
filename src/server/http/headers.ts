// Response headers: CORS for /api/ramp, the Content-Security-Policy of each kind of page and the
// security headers every response carries (Hono's cors and secure-headers, configured here).
import { IDEMPOTENCY_HEADER, INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { cors as honoCors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { ServerConfig } from '../config/config';
import { isHttps } from './client-address';

/** Response headers as one plain record, the form Node's server takes as it is. */
export type HeaderRecord = Readonly<Record<string, string>>;

export const CORS_ALLOW_HEADERS = `Content-Type,${IDEMPOTENCY_HEADER},${TRACKING_HEADER},${INTENT_HEADER}`;
export const CORS_EXPOSE_HEADERS = 'X-Request-Id,Retry-After';
export const CORS_MAX_AGE = 600;

/** API answers are data, never documents: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export type PageKind =
  /** The hosted checkout: frameable by the merchant origins. */
  | 'hosted'
  /** The merchant console: never framed. */
  | 'console'
  /** Demo merchant pages of the hosted build: like a merchant site, they may style inline (the embed's shadow root). */
  | 'demo';

/**
 * `imgOrigins`: extra image sources (the embedded sandbox's icons when reached by another host name).
 * `styleHashes`: the inline styles a page rendered on the server carries (http/first-screen.ts), by
 * hash; `'unsafe-hashes'` lets those hashes match style attributes too, and nothing else.
 */
export function pageCsp(
  kind: PageKind,
  allowedOrigins: string[],
  imgOrigins: string[] = [],
  styleHashes: string[] = [],
): string {
  const ancestors = kind === 'console' ? "'none'" : ["'self'", ...allowedOrigins].join(' ');
  const hashed = styleHashes.length ? ["'unsafe-hashes'", ...styleHashes] : [];
  return [
    "default-src 'self'",
    "script-src 'self'",
    kind === 'demo' ? "style-src 'self' 'unsafe-inline'" : ["style-src 'self'", ...hashed].join(' '),
    ["img-src 'self' data: https:", ...imgOrigins].join(' '),
    "connect-src 'self'",
    "object-src 'none'",
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** A page's CSP and the matching legacy X-Frame-Options. */
export function pageHeaders(
  kind: PageKind,
  config: ServerConfig,
  imgOrigins: string[] = [],
  styleHashes: string[] = [],
): Record<string, string> {
  const h: Record<string, string> = {
    'Content-Security-Policy': pageCsp(kind, config.allowedOrigins, imgOrigins, styleHashes),
  };
  // X-Frame-Options cannot name several origins; with merchant origins, CSP frame-ancestors decides alone.
  if (kind === 'console') h['X-Frame-Options'] = 'DENY';
  else if (config.allowedOrigins.length === 0) h['X-Frame-Options'] = 'SAMEORIGIN';
  return h;
}

/**
 * The headers every /api/ramp answer carries whatever its origin (apiHeaders() sets them, with CORS's
 * grant for a merchant origin and HSTS over https).
 */
export const API_RESPONSE_HEADERS: HeaderRecord = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy': API_CSP,
  'X-Frame-Options': 'DENY',
  'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS,
  Vary: 'Origin',
};

/** The `next` of a middleware run after the route: the route has answered already. */
const ANSWERED = async () => {};

// Hono's secure-headers sends a dozen headers by default; these answers carry the four below (the
// others are obsolete, or, like Cross-Origin-Opener-Policy, would cut the checkout off from the
// partner's popup). A header a route set itself is kept (`overwrite: false`).
const NONE = {
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  overwrite: false,
} as const;

/**
 * The security headers of pages, files and the sandbox (Hono's secure-headers), added once the route
 * has answered; a route that set its own (pages: their CSP) keeps them. /api/ramp's own answers get
 * theirs from apiHeaders() instead, before the route.
 */
export function securityHeaders(config: ServerConfig, sandboxPath = '/sandbox'): MiddlewareHandler {
  const every = secureHeaders({
    ...NONE,
    xContentTypeOptions: true,
    referrerPolicy: 'no-referrer',
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], usb: [] },
  });
  // The sandbox stands in for a third party: its icons load on merchant pages of other origins.
  const sandbox = secureHeaders({ ...NONE, crossOriginResourcePolicy: 'cross-origin' });
  const hsts = secureHeaders({ ...NONE, strictTransportSecurity: 'max-age=31536000' });
  return async (c, next) => {
    await next();
    if (c.get('apiHeaders')) return;
    // Innermost first, as when they wrapped the route: a header set by an inner one is kept.
    if (c.req.path.startsWith(`${sandboxPath}/`)) await sandbox(c, ANSWERED);
    if (isHttps(c, config.trustProxy)) await hsts(c, ANSWERED);
    await every(c, ANSWERED);
    // An answer with no policy of its own is data: nothing may load from it or frame it. (Pages set
    // their CSP and the X-Frame-Options that goes with it, or none: the two are decided together,
    // which secure-headers' per-header `overwrite` cannot express.)
    const h = c.res.headers;
    if (!h.has('Content-Security-Policy')) {
      h.set('Content-Security-Policy', API_CSP);
      h.set('X-Frame-Options', 'DENY');
    }
  };
}

/**
 * The headers of /api/ramp's answers (its own routes, the merchant's, errors): the API's security
 * headers, CORS's grant for a configured merchant origin (an unknown origin gets none, so its browser
 * withholds the response) and HSTS over https. They are one plain record per kind of request, made
 * once and kept in the context (`apiHeaders`), and added to the answer once the route has made it,
 * wherever the route set none of its own. They are added to the answer's headers in place, not
 * through `c.header()`: after the route that copies the whole answer into a new one (on Node, a full
 * web Response instead of the adapter's light one), and the cached discovery read lost a third of
 * its throughput to that. A repeat of a fresh read is answered with the record whole (the proxy's
 * fresh answers), so that answer never builds a `Headers` at all.
 */
export function apiHeaders(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const allowed = new Set(config.allowedOrigins);
  const preflight = honoCors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: CORS_ALLOW_HEADERS.split(','),
    exposeHeaders: CORS_EXPOSE_HEADERS.split(','),
    maxAge: CORS_MAX_AGE,
  });
  const HSTS = { 'Strict-Transport-Security': 'max-age=31536000' };
  const plain: [HeaderRecord, HeaderRecord] = [API_RESPONSE_HEADERS, { ...API_RESPONSE_HEADERS, ...HSTS }];
  // One record per merchant origin and scheme: as many as RAMP_ALLOWED_ORIGINS has entries, twice.
  const granted = new Map<string, HeaderRecord>();
  const recordFor = (origin: string | undefined, https: boolean) => {
    if (origin === undefined || !allowed.has(origin)) return plain[https ? 1 : 0];
    const key = `${https ? 's' : ''} ${origin}`;
    let record = granted.get(key);
    if (!record) {
      record = { ...plain[https ? 1 : 0], 'Access-Control-Allow-Origin': origin };
      granted.set(key, record);
    }
    return record;
  };
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      // Hono's cors grants methods and headers to any origin's preflight; an unknown one gets none.
      if (!allowed.has(origin ?? '')) return new Response(null, { status: 204, headers: { Vary: 'Origin' } });
      return preflight(c, next);
    }
    const record = recordFor(origin, isHttps(c, config.trustProxy));
    c.set('apiHeaders', record);
    await next();
    if (c.get('headersComplete')) return;
    const headers = c.res.headers;
    for (const name in record) if (!headers.has(name)) headers.set(name, record[name]!);
  };
}
