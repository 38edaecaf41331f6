// The one check of the admin token (RAMP_ADMIN_TOKEN): the console's listings, the merchant's routes
// (intents, orders, webhook deliveries) and /metrics. Unset, those routes do not exist (404); a wrong
// token is 401, and a client's wrong tokens are throttled (guessing the token is hopeless anyway; the
// limit keeps it quiet). Per instance: the throttle needs no shared state.
import type { Context } from 'hono';
import type { ServerConfig } from '../config/config';
import type { RateLimiterStore } from './rate-limit';
import { clientIp, limitKey, requireClientIp } from './client-address';
import { HttpError, notFound } from './errors';
import { RateLimiter } from './rate-limit';
import { safeEqual } from './tokens';

/** Wrong console tokens a client may send at once, and per minute after that. */
export const ADMIN_FAILURES = { burst: 10, perMinute: 10 };

/** Resolves when the request carries the console token; else throws 401 (429 past the failures' limit), or 404 without a console. */
export type RequireAdmin = (c: Context) => Promise<void>;

export function createRequireAdmin(
  config: Pick<ServerConfig, 'adminToken' | 'trustProxy'>,
  o: { now: () => number; limiter?: (limiter: RateLimiterStore) => RateLimiterStore },
): RequireAdmin {
  const limiter = new RateLimiter(ADMIN_FAILURES, { now: o.now });
  const failures = (o.limiter ?? ((l) => l))(limiter);
  const throttled = (d: { ok: false; retryAfterSec: number }) =>
    new HttpError(429, 'RATE_LIMITED', `Too many requests: retry in ${d.retryAfterSec} s`, {
      headers: { 'Retry-After': String(d.retryAfterSec) },
    });
  return async (c) => {
    if (config.adminToken === null) throw notFound();
    // The limiter first: a throttled client's token is not even compared, right or wrong.
    const address = clientIp(c, config.trustProxy);
    const ip = address === undefined ? undefined : limitKey(address);
    if (ip !== undefined && !limiter.peek(ip).ok) {
      const d = await failures.take(ip); // refused, and counted as a refusal
      if (!d.ok) throw throttled(d);
    }
    const m = /^Bearer ([\x21-\x7E]{1,512})$/i.exec(c.req.header('authorization') ?? '');
    if (m && safeEqual(m[1]!, config.adminToken)) return;
    const d = await failures.take(limitKey(requireClientIp(c, config.trustProxy)));
    if (!d.ok) throw throttled(d);
    throw new HttpError(401, 'UNAUTHORIZED', 'A valid console token is required', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  };
}
