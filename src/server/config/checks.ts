// The checks the options are made of (entries.ts): each says in its message what to fix, and
// converts what it accepts into what the server uses.
import * as v from 'valibot';
import type { RateRule } from './config';

const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Printable ASCII without spaces: what a header value (a key, a token) may hold. */
export const PRINTABLE = /^[\x21-\x7E]+$/;
// Headers the upstream client sets itself or that would break the request if overridden.
const RESERVED_HEADERS = new Set([
  'authorization',
  'host',
  'content-type',
  'content-length',
  'accept',
  'cookie',
  'connection',
  'transfer-encoding',
]);

/** A string `ok` accepts; `message` says what is wanted. */
export const text = (ok: (s: string) => boolean, message: string) =>
  v.pipe(v.string(message), v.check(ok, message));

export const integer = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`;
  return v.pipe(
    v.number(message),
    v.check((n) => Number.isInteger(n) && n >= min && n <= max, message),
  );
};

export const flag = v.boolean('must be true or false');

const HOPS = 'must be the number of reverse proxies in front of the server (0 to 10), or true/false for 1/0';
/** How many reverse proxies to trust, from the right of X-Forwarded-For; true and false are 1 and 0. */
export const proxyHops = v.pipe(
  v.union([v.boolean(), v.number()], HOPS),
  v.transform((x) => (x === true ? 1 : x === false ? 0 : x)),
  v.check((n) => Number.isInteger(n) && n >= 0 && n <= 10, HOPS),
);

/** `<per minute>` or `<per minute>/<burst>`, e.g. "120" or "120/30"; a rate alone keeps the default's burst. */
export const rate = (fallback: string) =>
  v.pipe(
    text(
      (s) => /^\d{1,6}(?:\/\d{1,6})?$/.test(s) && s.split('/').every((n) => Number(n) >= 1),
      'must be "<requests per minute>" or "<requests per minute>/<burst>", e.g. "120/30"',
    ),
    v.transform((s): RateRule => {
      const [perMinute, burst] = s.split('/').map(Number) as [number, number | undefined];
      const fallbackBurst = Number(fallback.split('/')[1]);
      return { perMinute, burst: burst ?? Math.max(1, Math.min(perMinute, fallbackBurst)) };
    }),
  );

/** An absolute http(s) URL without credentials, query or fragment; no trailing slash. */
export const httpUrl = (credentials: string) =>
  v.pipe(
    v.string('must be an absolute http(s) URL, e.g. https://api.example.com'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const url = URL.canParse(dataset.value) ? new URL(dataset.value) : null;
      const error = !url
        ? 'must be an absolute http(s) URL, e.g. https://api.example.com'
        : url.protocol !== 'https:' && url.protocol !== 'http:'
          ? 'must use http or https'
          : url.username || url.password
            ? credentials
            : url.search || url.hash
              ? 'must not have a query string or fragment'
              : null;
      if (url && !error) return url.href.replace(/\/+$/, '');
      addIssue({ message: error! });
      return NEVER;
    }),
  );

const ORIGIN =
  'each entry must be an origin, scheme://host[:port] with no path or trailing slash, e.g. https://shop.example';
const isOrigin = (s: string) => {
  const url = URL.canParse(s) ? new URL(s) : null;
  return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === s;
};
/** A list of origins, each exactly scheme://host[:port]; repeats are dropped. */
export const origins = v.pipe(
  v.array(
    v.pipe(
      v.string(ORIGIN),
      v.check(isOrigin, (issue) =>
        issue.input === '*' ? 'must list origins explicitly; "*" is not accepted' : ORIGIN,
      ),
    ),
    'must be a list of origins, e.g. ["https://shop.example"]',
  ),
  v.transform((list) => [...new Set(list)]),
);

const PUBLIC_URL =
  'must be scheme://host[:port], optionally with the path the server is mounted at (https://shop.example/ramp), no query';
/**
 * An origin, optionally with the path the server is mounted at (`/ramp`; a trailing slash is
 * dropped). No query, fragment, dot segments or encodings: the path prefixes every URL.
 */
export const publicUrl = v.pipe(
  v.string(PUBLIC_URL),
  v.check(
    (s) => !s.includes(','),
    'must be one URL, e.g. https://pay.shop.example or https://shop.example/ramp',
  ),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const entry = dataset.value;
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const basePath = url?.pathname.replace(/\/+$/, '') ?? '';
    if (
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      // What the URL parser would change (case, dot segments, encodings, a query) is refused.
      (entry !== `${url.origin}${basePath}` && entry !== `${url.origin}${basePath}/`) ||
      !/^(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*$/.test(basePath)
    ) {
      addIssue({ message: PUBLIC_URL });
      return NEVER;
    }
    return { origin: url.origin, basePath };
  }),
);

/** A shared-store URL whose scheme `protocols` accepts (never repeated: it may hold a password). */
export const storeUrl = (protocols: RegExp, message: string) =>
  text((s) => protocols.test(URL.canParse(s) ? new URL(s).protocol : ''), message);

export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** An HTTP header name that the upstream client does not set itself. */
export const headerName = v.pipe(
  text(
    (s) => TOKEN_RE.test(s) && s.length <= 64,
    'must be an HTTP header name (letters, digits and -), e.g. Service-Version',
  ),
  v.check(
    (s) => !RESERVED_HEADERS.has(s.toLowerCase()),
    (i) => `must not be ${String(i.input)}: that header is set by the server itself`,
  ),
);
