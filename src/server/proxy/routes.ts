// The proxy's routes under /api/ramp, mounted from the allowlist's declarations (allowlist.ts,
// api/routes/mount.ts): first the path's checks for every request below /api/ramp, then each route
// (its parameters, who may call it, its query, its handler within the request's deadline) and its
// path's 405 with Allow; any other path 404.
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import { API_PREFIX } from '../../api/proxy/contract';
import { mountRoutes } from '../../api/routes/mount';
import { rawTarget } from '../http/client-address';
import type { AppEnv } from '../http/context';
import { bodyPending, bodyTimeout, readJsonBody } from '../http/body';
import { createDeadline, deadlineError, withinDeadline } from '../http/deadline';
import { HttpError, notFound } from '../http/errors';
import { RULES } from './allowlist';
import { isLegacyPath, legacyReplacement } from './legacy';
import { createProxyParts } from './parts';
import type { ProxyDeps, ProxyParts } from './parts';
import { MAX_QUERY_LENGTH, checkPath } from './policy';

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

  const deadlineMs = deps.config.requestDeadlineMs;
  mountRoutes(proxy, RULES, {
    deps: parts,
    prefix: API_PREFIX,
    access: access(parts),
    readBody: (c) => readJsonBody(c.req.raw),
    routedAs: (c, label) => c.set('route', label),
    checkAnswers: deps.config.selfCheck,
    // One deadline for everything this request makes the upstream do; the browser gets its answer
    // by then at the latest, and upstream calls stop when it leaves. Passed while the body is still
    // on its way, it is the client's delay (408), not the upstream's.
    run: async (route, c, work) => {
      const deadline = createDeadline(deadlineMs, c.req.raw.signal, () =>
        route.body && bodyPending(c.req.raw) ? bodyTimeout() : deadlineError(),
      );
      const answer = work({ scope: { deadline } });
      if (!route.ownsDeadline) return withinDeadline(deadline, answer);
      try {
        return await answer;
      } finally {
        deadline.dispose();
      }
    },
  });
  proxy.all(`${API_PREFIX}/*`, () => {
    throw notFound();
  });
  return proxy;
}

/** Who may call: anyone, the shopper's tracking token, the console token, or either of the last two. */
function access(p: ProxyParts) {
  return {
    tracking: (c: Context<AppEnv>) => p.requireTracking(c),
    admin: (c: Context<AppEnv>) => p.requireAdmin(c),
    'tracking-or-admin': (c: Context<AppEnv>) =>
      p.isConsoleCall(c) ? p.requireAdmin(c) : p.requireTracking(c),
  };
}
