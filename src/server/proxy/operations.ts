// The upstream operation an upstream URL's path names, for metrics labels: each mirrored route of
// the allowlist names its own (its id in snake case), so a new route is labelled by its definition.
import type { RouteSpec } from '../../api/routes/spec';
import { RULES } from './allowlist';

/** Upstream calls that are no proxy route: the service's webhook profile (merchant/upstream-webhooks). */
const OTHER_OPERATIONS: [RegExp, string][] = [[/\/notifications\/webhooks(\/.*)?$/, 'webhook_profiles']];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rule's upstream path as a pattern matched at the URL path's end (the base URL may have a path). */
const pathPattern = (rule: RouteSpec) =>
  new RegExp(
    `${rule.path
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : escape(s)))
      .join('/')}$`,
  );

const snakeCase = (id: string) => id.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

const OPERATIONS: [RegExp, string][] = [
  ...RULES.filter((r) => r.mirrors).map((r): [RegExp, string] => [pathPattern(r), snakeCase(r.id)]),
  ...OTHER_OPERATIONS,
];

/** Every operation's name (metrics start each one's series at 0). */
export const UPSTREAM_OPERATIONS: readonly string[] = OPERATIONS.map(([, name]) => name);

/** The operation of an upstream URL's path; `other` for a path no route names. */
export function upstreamOperation(path: string): string {
  for (const [re, name] of OPERATIONS) if (re.test(path)) return name;
  return 'other';
}
