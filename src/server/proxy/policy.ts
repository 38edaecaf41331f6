// The proxy's policy: what a route definition says (allowlist.ts holds them) and the checks made
// before anything touches the upstream: the path's form, the query against its route's rules (each
// parameter a valibot check). A request either matches one route exactly or is refused.
import type { Context } from 'hono';
import * as v from 'valibot';
import { API_PREFIX } from '../../api/proxy/contract';
import type { AppEnv } from '../http/context';
import type { CallScope } from '../upstream/client';
import type { ProxyParts } from './parts';
import { HttpError, badRequest } from '../http/errors';

export const MAX_PATH_LENGTH = 512;
export const MAX_QUERY_LENGTH = 2048;

export const CATEGORIES = ['CRYPTO_ONRAMP', 'CRYPTO_OFFRAMP'] as const;

/** A query parameter: its valibot check (whose message says what is expected), and its kind for tests' models. */
export type QueryRule = (
  | { kind: 're'; re: RegExp; hint: string }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'date' }
  | { kind: 'datetime' }
) & { required?: boolean; check: v.GenericSchema<string> };

export type Segment = string | { name: string; re: RegExp };

/** What a route's handler gets: the request, its path's parameters, its checked query, its upstream scope. */
export interface Call {
  c: Context<AppEnv>;
  params: Record<string, string>;
  q: Record<string, string>;
  scope: CallScope;
  /** What every handler shares (parts.ts). */
  p: ProxyParts;
}

/** One proxy route: everything about it is here (routes.ts makes it a Hono route, its 405 and its labels). */
export interface RouteRule {
  /** Names the route; in snake case, the upstream operation's metrics label (operations.ts). */
  id: string;
  method: 'GET' | 'POST';
  /** Segments after /api/ramp; for mirrored routes, exactly the upstream path. */
  path: Segment[];
  query: Record<string, QueryRule>;
  /** public: anyone; tracking: X-Ramp-Tracking of the owning session; admin: the console bearer token. */
  /** `tracking-or-admin`: the shopper's tracking token, or the console token. */
  access: 'public' | 'tracking' | 'admin' | 'tracking-or-admin';
  /** The JSON body's schema (the one its handler parses with), for POST routes. */
  body?: v.GenericSchema;
  /** Request headers the route requires: name → what it carries (the handler checks them). */
  headers?: Record<string, string>;
  /** Query parameters of which at most one may be given. */
  exclusive?: [string, string];
  /** The proxy's own route (no upstream path of the same name): no upstream operation label. */
  own?: true;
  /**
   * The handler answers at the request's deadline itself (session creation answers SESSION_PENDING
   * then, its upstream call going on); every other route's answer is cut at the deadline.
   */
  ownsDeadline?: true;
  handle(call: Call): Promise<Response>;
}

const value = (ok: (s: string) => boolean, message: string) => v.pipe(v.string(), v.check(ok, message));

export const re = (r: RegExp, hint: string, required = false): QueryRule => ({
  kind: 're',
  re: r,
  hint,
  required,
  check: value((s) => r.test(s), `expected ${hint}`),
});
export const int = (min: number, max: number): QueryRule => ({
  kind: 'int',
  min,
  max,
  check: value((s) => {
    const n = /^\d{1,6}$/.test(s) ? Number(s) : NaN;
    return n >= min && n <= max;
  }, `expected an integer from ${min} to ${max}`),
});
export const date: QueryRule = { kind: 'date', check: value(isDate, 'expected a date YYYY-MM-DD') };
export const datetime: QueryRule = {
  kind: 'datetime',
  check: value(
    (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(s) && isDate(s.slice(0, 10)) && validTime(s),
    'expected a UTC timestamp YYYY-MM-DDThh:mm:ssZ',
  ),
};
export const seg = (name: string, r: RegExp): Segment => ({ name, re: r });

/**
 * Refuses paths that could mean something else after decoding or normalisation: percent-encoding
 * (%2e%2e, %2f, %5c, …), backslashes, empty or dot segments, control or non-ASCII characters and
 * overlong paths. None of the allowlisted paths needs any of these.
 */
export function checkPath(path: string): HttpError | null {
  if (path.length > MAX_PATH_LENGTH)
    return new HttpError(414, 'URI_TOO_LONG', 'The request path is too long');
  if (!path.startsWith('/')) return badRequest('INVALID_PATH', 'The request path must start with /');
  // Printable ASCII only, and none of: % (encodings) \ (alternate separator).
  if (!/^[\x21-\x7E]*$/.test(path) || path.includes('%') || path.includes('\\')) {
    return badRequest('INVALID_PATH', 'The request path contains characters that are not accepted');
  }
  const segments = path.split('/').slice(1);
  if (segments.slice(0, -1).some((s) => s === '') || segments.some((s) => s === '.' || s === '..')) {
    return badRequest('INVALID_PATH', 'The request path contains empty or dot segments');
  }
  return null;
}

/** A rule's path as a Hono route pattern under /api/ramp, parameters as `:name` (also the metrics label). */
export function honoPath(rule: RouteRule): string {
  return `${API_PREFIX}/${rule.path.map((p) => (typeof p === 'string' ? p : `:${p.name}`)).join('/')}`;
}

/** A literal segment a rule is routed by as a parameter (`name`), and the value it must have. */
export interface RoutedLiteral {
  name: string;
  value: string;
}

/**
 * The pattern a rule is routed by. Hono's fastest router (its RegExpRouter) takes no literal segment
 * where another route has a parameter (`transactions/sessions/:sessionId` beside
 * `transactions/:transactionId`); given one, Hono routes every request with its trie router instead,
 * which cost the cached discovery read about a tenth of its throughput. Such a literal is routed as
 * a parameter named for its place (`:_2`), and the route checks its value (`literals`).
 */
export function routedPattern(
  rule: RouteRule,
  rules: readonly RouteRule[],
): { pattern: string; literals: RoutedLiteral[] } {
  const literals: RoutedLiteral[] = [];
  const key = (s: Segment) => (typeof s === 'string' ? s : ':');
  const parts = rule.path.map((seg, i) => {
    if (typeof seg !== 'string') return `:${seg.name}`;
    const prefix = rule.path.slice(0, i).map(key).join('/');
    const beside = rules.some(
      (r) => typeof r.path[i] === 'object' && r.path.slice(0, i).map(key).join('/') === prefix,
    );
    if (!beside) return seg;
    literals.push({ name: `_${i}`, value: seg });
    return `:_${i}`;
  });
  return { pattern: `${API_PREFIX}/${parts.join('/')}`, literals };
}

/**
 * Validates the query string against the rule: unknown, repeated or empty parameters are refused,
 * required ones must be present and every value must match its validator.
 */
export function validateQuery(rule: RouteRule, search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  const problems: string[] = [];
  for (const [name, value] of search) {
    const q = Object.hasOwn(rule.query, name) ? rule.query[name] : undefined;
    if (!q) {
      problems.push(`${name.slice(0, 40)}: unknown parameter`);
      continue;
    }
    if (Object.hasOwn(out, name)) {
      problems.push(`${name}: given more than once`);
      continue;
    }
    const err = checkValue(q, value);
    if (err) problems.push(`${name}: ${err}`);
    else out[name] = value;
  }
  for (const [name, q] of Object.entries(rule.query)) {
    if (q.required && !Object.hasOwn(out, name) && !problems.some((p) => p.startsWith(`${name}:`))) {
      problems.push(`${name}: required`);
    }
  }
  if (rule.exclusive) {
    const [a, b] = rule.exclusive;
    if (Object.hasOwn(out, a) && Object.hasOwn(out, b)) problems.push(`${a}, ${b}: give at most one of them`);
  }
  if (problems.length > 0) {
    throw badRequest('INVALID_QUERY_PARAMETER', `Invalid query: ${problems[0]}`, problems);
  }
  return out;
}

function checkValue(q: QueryRule, value: string): string | null {
  const result = v.safeParse(q.check, value);
  return result.success ? null : result.issues[0].message;
}

function isDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

function validTime(s: string): boolean {
  const [h, m, sec] = s.slice(11, 19).split(':').map(Number) as [number, number, number];
  return h < 24 && m < 60 && sec < 60;
}
