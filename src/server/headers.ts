// Response headers: CORS for /api/ramp, the Content-Security-Policy of each kind of page and the
// security headers every response carries.
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from './config';
import { isHttps } from './client';
import { isComplete } from './respond';

export const CORS_ALLOW_HEADERS = 'Content-Type, Idempotency-Key, X-Ramp-Tracking, X-Ramp-Intent';
export const CORS_EXPOSE_HEADERS = 'X-Request-Id, Retry-After';
export const CORS_MAX_AGE = '600';

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

/** What securityHeaders() and cors() give an /api/ramp answer for any origin (respond.ts builds them whole). */
export const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Content-Security-Policy': API_CSP,
  'X-Frame-Options': 'DENY',
  Vary: 'Origin',
};

/** Headers on every response; a route that set its own CSP (pages, the sandbox) keeps it. */
export function securityHeaders(config: ServerConfig): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (isComplete(c.res)) return;
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'no-referrer');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=()');
    if (!h.has('Cross-Origin-Resource-Policy')) {
      // The sandbox stands in for a third party: its icons load on merchant pages of other origins.
      const sandbox = c.req.path.startsWith('/sandbox/');
      h.set('Cross-Origin-Resource-Policy', sandbox ? 'cross-origin' : 'same-origin');
    }
    if (!h.has('Content-Security-Policy')) {
      h.set('Content-Security-Policy', API_CSP);
      h.set('X-Frame-Options', 'DENY');
    }
    if (isHttps(c, config.trustProxy)) h.set('Strict-Transport-Security', 'max-age=31536000');
  };
}

/**
 * CORS for /api/ramp: a grant only for the configured merchant origins. An unknown origin gets no
 * Access-Control-Allow-Origin at all, so its browser withholds the response.
 */
export function cors(config: ServerConfig): MiddlewareHandler {
  const allowed = new Set(config.allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const granted = origin !== undefined && allowed.has(origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const res = new Response(null, { status: 204, headers: { Vary: 'Origin' } });
      if (granted) {
        res.headers.set('Access-Control-Allow-Origin', origin);
        res.headers.set('Access-Control-Allow-Methods', 'GET, POST');
        res.headers.set('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
        res.headers.set('Access-Control-Max-Age', CORS_MAX_AGE);
      }
      return res;
    }
    await next();
    if (isComplete(c.res)) return;
    c.res.headers.append('Vary', 'Origin');
    if (granted) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    }
  };
}
