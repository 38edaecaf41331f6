// `Authorization: BASIC <apiKey>` on every API call (scheme word in any case), and the dated
// version header's form when one is sent.

import type { MiddlewareHandler } from 'hono';
import type { SandboxContext } from './context';

/** Compares in time independent of where the strings first differ. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

const VERSION_HEADERS = ['Service-Version', 'Meld-Version'];
const VERSION = /^\d{4}-\d{2}-\d{2}$/;

/** Paths a browser opens directly, without the key: the provider page and its assets. */
export const isPublicPath = (path: string): boolean =>
  path.startsWith('/provider/') || path.startsWith('/assets/');

export function authMiddleware(
  apiKey: string,
  ctx: SandboxContext,
  relativePath: (path: string) => string,
): MiddlewareHandler {
  return async (c, next) => {
    if (isPublicPath(relativePath(c.req.path))) return next();
    const match = /^basic\s+(.+)$/i.exec(c.req.header('Authorization')?.trim() ?? '');
    if (!match || !sameSecret(match[1]!, apiKey)) return ctx.fail(c, 401, 'UNAUTHORIZED');
    for (const name of VERSION_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined && !VERSION.test(value)) {
        return ctx.fail(c, 400, 'BAD_REQUEST', 'Bad request', [`[${name}] is invalid`]);
      }
    }
    return next();
  };
}
