// The /api/ramp handler: policy first (path, allowlist, who may call, query), then the route.
// Discovery goes through the cache, writes are sent once, transaction reads need the tracking
// token of their session and the console listings the console token.
import type { Context } from 'hono';
import { RampError } from '../api';
import type { RampClient } from '../api';
import type { Category, Cursor } from '../api/types';
import { parseQuoteBody, readJsonBody } from './bodies';
import { loadBootstrap } from './bootstrap';
import { clientIp, rawTarget } from './client';
import type { ServerConfig } from './config';
import { NO_STORE } from './context';
import type { AppEnv } from './context';
import type { Discovery } from './discovery';
import { HttpError, notFound } from './http-error';
import { isLegacyPath, legacyReplacement } from './legacy';
import type { Logger } from './log';
import type { Orders } from './orders';
import { API_PREFIX, MAX_QUERY_LENGTH, checkPath, matchRoute, validateQuery } from './policy';
import type { RouteRule } from './policy';
import { RateLimiter } from './ratelimit';
import { transactionOfSession } from './by-session';
import { createCustomerIds } from './customer-id';
import { createSessionHandler } from './sessions';
import { createTokenSigner, safeEqual } from './tokens';
import type { TrackingClaims } from './tokens';
import { createDeadline, withinDeadline } from './deadline';
import type { Deadline } from './deadline';
import type { CallScope, Upstream } from './upstream';
import { transactionView } from './views';

const PUBLIC_DISCOVERY = 'public, max-age=30';

export interface ProxyDeps {
  config: ServerConfig;
  upstream: Upstream;
  discovery: Discovery;
  log: Logger;
  now: () => number;
  /** The ledger's order recording (sessions.ts). */
  orders?: Orders;
}

export function createProxy({ config, upstream, discovery, log, now, orders }: ProxyDeps) {
  const signer = createTokenSigner(config.sessionSecret, { now });
  const customers = createCustomerIds(config.sessionSecret, { trustProxy: config.trustProxy });
  const createSession = createSessionHandler({ config, upstream, signer, log, now, customers, orders });
  const quoteLimiter = new RateLimiter(config.rateLimits.quote, { now });
  const sessionLimiter = new RateLimiter(config.rateLimits.session, { now });
  // Failed console logins per client: guessing the token is hopeless anyway, this keeps it quiet.
  const adminFailures = new RateLimiter({ burst: 10, perMinute: 10 }, { now });

  const rateLimit = (limiter: RateLimiter, c: Context) => {
    const d = limiter.take(clientIp(c, config.trustProxy) ?? 'unknown');
    if (!d.ok) {
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests: retry in ${d.retryAfterSec} s`, {
        headers: { 'Retry-After': String(d.retryAfterSec) },
      });
    }
  };

  const requireAdmin = (c: Context) => {
    if (config.adminToken === null) throw notFound();
    const m = /^Bearer ([\x21-\x7E]{1,512})$/i.exec(c.req.header('authorization') ?? '');
    if (m && safeEqual(m[1]!, config.adminToken)) return;
    rateLimit(adminFailures, c);
    throw new HttpError(401, 'UNAUTHORIZED', 'A valid console token is required', {
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  };

  // The console reads any transaction with its token; a shopper's browser sends a tracking token.
  const isConsoleCall = (c: Context) =>
    !c.req.header('x-ramp-tracking') && /^Bearer /i.test(c.req.header('authorization') ?? '');

  // One answer for "no token", "bad token" and "not your transaction": existence is never revealed.
  const noTransaction = () => notFound('No transaction found for this tracking token');

  const requireTracking = (c: Context): TrackingClaims => {
    const claims = signer.verify(c.req.header('x-ramp-tracking'));
    if (!claims) throw noTransaction();
    return claims;
  };

  const discoveryJson = <T>(c: Context, r: { value: T; status: string }, wrap: (v: T) => unknown) =>
    c.json(wrap(r.value), 200, { 'Cache-Control': PUBLIC_DISCOVERY, 'X-Cache': r.status });

  const readOwned = async (
    call: (cl: RampClient) => ReturnType<RampClient['transaction']>,
    scope: CallScope,
  ) => {
    try {
      return await upstream.read(call, scope);
    } catch (e) {
      if (e instanceof RampError && e.status === 404 && e.code === 'NOT_FOUND') throw noTransaction();
      throw e;
    }
  };

  async function handle(
    c: Context<AppEnv>,
    rule: RouteRule,
    params: Record<string, string>,
    q: Record<string, string>,
    scope: CallScope,
  ) {
    const read = <T>(call: (cl: RampClient) => Promise<T>) => upstream.read(call, scope);
    const cursor = (): Cursor => (q.after ? { after: q.after } : q.before ? { before: q.before } : {});
    const limit = q.limit === undefined ? undefined : Number(q.limit);
    const category = q.category as Category;
    switch (rule.id) {
      case 'countries': {
        const countries = await discovery.countries({ category, partners: q.partners });
        return discoveryJson(c, countries, (list) => ({ countries: list }));
      }
      case 'defaults':
        return discoveryJson(
          c,
          await discovery.defaults({ country: params.country!, category: params.category as Category }),
          (d) => d,
        );
      case 'currencies':
        return discoveryJson(
          c,
          await discovery.currencies({
            category,
            country: q.country!,
            type: q.type as 'FIAT' | 'CRYPTO',
            network: q.network,
            partner: q.partner,
            paymentType: q.paymentType,
            providerCurrencyCode: q.providerCurrencyCode,
            subdivision: q.subdivision,
          }),
          (currencies) => ({ currencies }),
        );
      case 'paymentMethods':
        return discoveryJson(
          c,
          await discovery.paymentMethods({
            category,
            country: q.country!,
            currencyCode: q.currencyCode!,
            partners: q.partners,
            paymentType: q.paymentType,
            subdivision: q.subdivision,
          }),
          (methods) => methods,
        );
      case 'routes': {
        // The mirrored path is in the direction's order; the client rebuilds the same path from these.
        const onramp = params.category === 'CRYPTO_ONRAMP';
        return discoveryJson(
          c,
          await discovery.routes({
            category: params.category as Category,
            country: params.country!,
            fiatCurrency: (onramp ? params.source : params.destination)!,
            cryptoCurrency: (onramp ? params.destination : params.source)!,
            partners: q.partners,
            paymentMethod: q.paymentMethod,
            paymentType: q.paymentType,
            subdivision: q.subdivision,
          }),
          (routes) => routes,
        );
      }
      case 'bootstrap': {
        const body = await loadBootstrap(discovery, {
          category: (q.category as Category | undefined) ?? 'CRYPTO_ONRAMP',
          country: q.country,
          acceptLanguage: c.req.header('accept-language'),
        });
        return c.json(body, 200, { 'Cache-Control': 'private, max-age=30', Vary: 'Accept-Language' });
      }
      case 'quote': {
        rateLimit(quoteLimiter, c);
        const body = parseQuoteBody(await readJsonBody(c.req.raw));
        // The spec asks for a customer id on quotes as on sessions (see customer-id.ts).
        const externalCustomerId = customers.forRequest(c);
        const quotes = await upstream.write((cl) => cl.quote({ ...body, externalCustomerId }), scope);
        return c.json({ quotes }, 200, NO_STORE);
      }
      case 'session':
        rateLimit(sessionLimiter, c);
        return c.json(await createSession(c, scope.deadline as Deadline), 200, NO_STORE);
      case 'transactionBySession': {
        const claims = requireTracking(c);
        if (claims.sid !== params.sessionId) throw noTransaction();
        const tx = await transactionOfSession(upstream, claims, scope).catch((e: unknown) => {
          if (e instanceof RampError && e.status === 404 && e.code === 'NOT_FOUND') throw noTransaction();
          throw e;
        });
        return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
      }
      case 'transaction': {
        if (isConsoleCall(c)) {
          requireAdmin(c);
          const tx = await read((cl) => cl.transaction(params.transactionId!));
          return c.json({ transaction: tx }, 200, NO_STORE);
        }
        const claims = requireTracking(c);
        const tx = await readOwned((cl) => cl.transaction(params.transactionId!), scope);
        if (tx.sessionId !== claims.sid) throw noTransaction();
        return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
      }
      case 'transactions': {
        const page = await read((cl) =>
          cl.transactions({ from: q.from, status: q.status, limit, ...cursor() }),
        );
        return c.json({ ...pageMeta(page), transactions: page.items }, 200, NO_STORE);
      }
      case 'financialAccounts': {
        const page = await read((cl) =>
          cl.financialAccounts({ customerId: q.customerId, limit, ...cursor() }),
        );
        return c.json({ ...pageMeta(page), financialAccounts: page.items }, 200, NO_STORE);
      }
      case 'financialAccountTransactions': {
        const page = await read((cl) =>
          cl.financialAccountTransactions({
            customerId: q.customerId,
            financialAccountId: q.financialAccountId,
            startDate: q.startDate,
            endDate: q.endDate,
            limit,
            ...cursor(),
          }),
        );
        return c.json({ ...pageMeta(page), financialAccountTransactions: page.items }, 200, NO_STORE);
      }
      case 'adminSession':
        return c.body(null, 204, NO_STORE);
    }
  }

  const api = async (c: Context<AppEnv>) => {
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
    const m = matchRoute(c.req.method, sub);
    if (m.kind === 'none') throw notFound();
    if (m.kind === 'method-not-allowed') {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Use ${m.allow.join(' or ')}`, {
        headers: { Allow: m.allow.join(', ') },
      });
    }
    // Who may call comes before what they asked: nothing is validated (or revealed) for strangers.
    if (m.rule.access === 'admin' || (m.rule.access === 'tracking-or-admin' && isConsoleCall(c)))
      requireAdmin(c);
    else if (m.rule.access !== 'public') requireTracking(c);
    const q = validateQuery(m.rule, url.searchParams);
    // One deadline for everything this request makes the upstream do; the browser gets its answer
    // by then at the latest, and upstream calls stop when it leaves.
    const deadline = createDeadline(config.requestDeadlineMs, c.req.raw.signal);
    if (m.rule.id === 'session') {
      // Session creation answers SESSION_PENDING at the deadline itself (its upstream call goes on).
      try {
        return await handle(c, m.rule, m.params, q, { deadline });
      } finally {
        deadline.dispose();
      }
    }
    return withinDeadline(deadline, handle(c, m.rule, m.params, q, { deadline }));
  };

  return api;
}

const pageMeta = (p: { count: number; remaining?: number; totalCount?: number }) => ({
  count: p.count,
  remaining: p.remaining,
  totalCount: p.totalCount,
});
