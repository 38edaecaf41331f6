// Test support: random request paths for the property tests of the path policy, mixing allowlisted
// pieces with traversal, encodings, unicode, empty segments and overlong names.
import fc from 'fast-check';
import { RULES } from '../proxy/allowlist';
import * as v from 'valibot';
import type { RouteSpec } from '../../api/routes/spec';

const PIECES = [
  'api',
  'ramp',
  'network-partner',
  'supported',
  'defaults',
  'routes',
  'countries',
  'currencies',
  'payments',
  'transactions',
  'sessions',
  'crypto',
  'quote',
  'session',
  'widget',
  'financial-accounts',
  'bootstrap',
  'admin',
  'service-providers',
  'US',
  'us',
  'CRYPTO_ONRAMP',
  'CRYPTO_OFFRAMP',
  'USD',
  'BTC',
  'sess_1',
  '',
  '.',
  '..',
  '%2e%2e',
  '%2E',
  '%2f',
  '%5c',
  '\\',
  '%00',
  '\u0000',
  'é',
  '%C0%AE',
  '😀',
  'a'.repeat(300),
];

export const pathArb = fc.oneof(
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 })), { maxLength: 9 })
    .map((segs) => `/${segs.join('/')}`),
  fc.string({ maxLength: 40 }).map((s) => `/${s}`),
);
export const methodArb = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'PROPFIND',
);

/**
 * The allowlist read as a plain model (the property tests compare the server's router with it): the
 * rule whose path a request below /api/ramp reproduces segment by segment, with its parameters.
 */
export type AllowlistMatch =
  | { kind: 'route'; rule: RouteSpec; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'none' };

export function matchAllowlist(method: string, subpath: string): AllowlistMatch {
  const parts = subpath.split('/').slice(1);
  const m = method === 'HEAD' ? 'GET' : method;
  const allow: string[] = [];
  for (const rule of RULES) {
    const segments = rule.path.split('/').slice(1);
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = segments.every((seg, i) => {
      const v = parts[i]!;
      if (!seg.startsWith(':')) return seg === v;
      params[seg.slice(1)] = v;
      return paramFits(rule, seg.slice(1), v);
    });
    if (!fits) continue;
    if (rule.method === m) return { kind: 'route', rule, params };
    allow.push(rule.method);
  }
  return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'none' };
}

/** The upstream path of a matched rule: the allowlisted segments, unchanged. */
export const upstreamPath = (rule: RouteSpec, params: Record<string, string>): string =>
  rule.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');

/** Whether a path parameter's value passes its check. */
const paramFits = (rule: RouteSpec, name: string, value: string): boolean => {
  const param = rule.params?.[name];
  return param !== undefined && v.safeParse(param.check, value).success;
};
