// The proxy's routes under /api/ramp, as Hono routes made from the allowlist's definitions
// (allowlist.ts): first the path's checks for every request below /api/ramp, then for each route its
// checks as middleware (its path's parameters, who may call it, its query) and its handler; a path
// of the allowlist asked with another method gets 405 with Allow, any other path 404. Everything
// about a route is in its one definition: the pattern, the 405, the metrics label come from it.
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { API_PREFIX } from '../../api/proxy/contract';
import { rawTarget } from '../http/client-address';
import type { AppEnv } from '../http/context';
import { bodyPending, bodyTimeout } from '../http/body';
import { createDeadline, deadlineError, withinDeadline } from '../http/deadline';
import { HttpError, notFound } from '../http/errors';
import { RULES } from './allowlist';
import { isLegacyPath, legacyReplacement } from './legacy';
import { createProxyParts } from './parts';
import type { ProxyDeps, ProxyParts } from './parts';
import { MAX_QUERY_LENGTH, checkPath, honoPath, routedPattern, validateQuery } from './policy';
import type { RouteRule } from './policy';

export function createProxy(deps: ProxyDeps): Hono<AppEnv> {
  const parts = createProxyParts(deps);
  const { answers } = deps;

  const proxy = new Hono<AppEnv>();

  // Every request below /api/ramp that no earlier route took: paths that could mean something else
  // after decoding, overlong queries and the removed legacy endpoints are refused before routing.
  const checkRequest: MiddlewareHandler<AppEnv> = async (c, next) => {
    const url = new URL(c.req.url);
    const raw = rawTarget(c)
      ?.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
      .split('?')[0];
    const bad = checkPath(url.pathname) ?? (raw === undefined ? null : checkPath(raw));
    if (bad) throw bad;
    if (url.search.length > MAX_QUERY_LENGTH) {
      throw new HttpError(414, 'URI_TOO_LONG', 'The query string is too long');
    }
    const sub = url.pathname.slice(API_PREFIX.length) || '/';
    if (isLegacyPath(sub)) {
      const replacement = legacyReplacement(sub);
      throw new HttpError(
        410,
        'GONE',
        replacement
          ? `This legacy endpoint was removed: use ${replacement}`
          : 'This legacy endpoint was removed: use the category-scoped /api/ramp/network-partner endpoints',
        { extra: { replacement } },
      );
    }
    await next();
  };
  proxy.use(`${API_PREFIX}/network-partner/*`, answers.middleware);
  proxy.use(`${API_PREFIX}/*`, checkRequest);

  for (const [, rules] of byPath(RULES)) defineRoutes(proxy, rules, parts, deps.config.requestDeadlineMs);
  proxy.all(`${API_PREFIX}/*`, () => {
    throw notFound();
  });
  return proxy;
}

/** The rules of each path, in the allowlist's order (a path may take several methods). */
function byPath(rules: readonly RouteRule[]): Map<string, RouteRule[]> {
  const paths = new Map<string, RouteRule[]>();
  for (const rule of rules) paths.set(honoPath(rule), [...(paths.get(honoPath(rule)) ?? []), rule]);
  return paths;
}

/**
 * One path's routes: each method's route (its path's check, who may call, its query, its handler
 * within the request's deadline), then 405 with Allow for any other method.
 */
function defineRoutes(proxy: Hono<AppEnv>, rules: RouteRule[], p: ProxyParts, deadlineMs: number): void {
  // Routed as the RegExpRouter can take it (policy.ts routedPattern); labelled by the rule's path.
  const { pattern, literals } = routedPattern(rules[0]!, RULES);
  const label = honoPath(rules[0]!);
  const pathOf: MiddlewareHandler<AppEnv> = async (c, next) => {
    const params = c.req.param() as Record<string, string>;
    if (!literals.every((l) => params[l.name] === l.value)) throw notFound();
    if (literals.length > 0) c.set('route', label);
    await next();
  };
  for (const rule of rules) {
    proxy.on(
      rule.method,
      pattern,
      pathOf,
      // The path's parameters must match their patterns, as if the path were not allowlisted at all.
      async (c, next) => {
        const params = c.req.param() as Record<string, string>;
        for (const seg of rule.path) {
          if (typeof seg !== 'string' && !seg.re.test(params[seg.name] ?? '')) throw notFound();
        }
        await next();
      },
      // Who may call comes before what they asked: nothing is validated (or revealed) for strangers.
      access(rule.access, p),
      validator('query', (_, c) => validateQuery(rule, new URL(c.req.url).searchParams)),
      async (c) => {
        const params = c.req.param() as Record<string, string>;
        // One deadline for everything this request makes the upstream do; the browser gets its answer
        // by then at the latest, and upstream calls stop when it leaves. Passed while the body is
        // still on its way, it is the client's delay (408), not the upstream's.
        const deadline = createDeadline(deadlineMs, c.req.raw.signal, () =>
          rule.body && bodyPending(c.req.raw) ? bodyTimeout() : deadlineError(),
        );
        const work = rule.handle({ c, params, q: c.req.valid('query'), scope: { deadline }, p });
        if (!rule.ownsDeadline) return withinDeadline(deadline, work);
        try {
          return await work;
        } finally {
          deadline.dispose();
        }
      },
    );
  }
  const methods = rules.map((r) => r.method);
  proxy.all(pattern, pathOf, () => {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}`, {
      headers: { Allow: methods.join(', ') },
    });
  });
}

/** Who may call: anyone, the shopper's tracking token, the console token, or either of the last two. */
function access(kind: RouteRule['access'], p: ProxyParts): MiddlewareHandler<AppEnv> {
  const checks: Record<RouteRule['access'], (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => unknown> = {
    public: () => undefined,
    tracking: (c) => p.requireTracking(c),
    admin: (c) => p.requireAdmin(c),
    'tracking-or-admin': (c) => (p.isConsoleCall(c) ? p.requireAdmin(c) : p.requireTracking(c)),
  };
  const check = checks[kind];
  return async (c, next) => {
    await check(c);
    await next();
  };
}
