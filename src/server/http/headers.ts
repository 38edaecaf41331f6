// Response headers: CORS for /api/ramp, the Content-Security-Policy of each kind of page and the
// security headers every response carries (Hono's cors and secure-headers, configured here).
import { IDEMPOTENCY_HEADER, INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { cors as honoCors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { ServerConfig } from '../config/config';
import { isHttps } from './client-address';

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

/** `imgOrigins`: extra image sources (the embedded sandbox's icons when reached by another host name). */
export function pageCsp(kind: PageKind, allowedOrigins: string[], imgOrigins: string[] = []): string {
  const ancestors = kind === 'console' ? "'none'" : ["'self'", ...allowedOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    kind === 'demo' ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
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
): Record<string, string> {
  const h: Record<string, string> = {
    'Content-Security-Policy': pageCsp(kind, config.allowedOrigins, imgOrigins),
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
export const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
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
 * The headers of /api/ramp's answers (its own routes, the merchant's, errors), set before the route
 * runs, so the answer is made with them: the API's security headers, CORS's grant for a configured
 * merchant origin (an unknown origin gets none, so its browser withholds the response) and HSTS over
 * https. Set afterwards, as Hono's cors and secure-headers do, they would make every answer be copied
 * into a new one (on Node, a full web Response instead of the adapter's light one): the cached
 * discovery read lost a third of its throughput to that.
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
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      // Hono's cors grants methods and headers to any origin's preflight; an unknown one gets none.
      if (!allowed.has(origin ?? '')) return new Response(null, { status: 204, headers: { Vary: 'Origin' } });
      return preflight(c, next);
    }
    c.set('apiHeaders', true);
    for (const name in API_RESPONSE_HEADERS) c.header(name, API_RESPONSE_HEADERS[name]);
    if (origin !== undefined && allowed.has(origin)) c.header('Access-Control-Allow-Origin', origin);
    if (isHttps(c, config.trustProxy)) c.header('Strict-Transport-Security', 'max-age=31536000');
    await next();
  };
}
