// The proxy's routes under /api/ramp, as Hono routes made from the allowlist (policy.ts): first the
// path's checks for every request below /api/ramp, then for each allowlisted route who may call it
// and its query, then its handler; a path of the allowlist asked with another method gets 405, any
// other path 404. Discovery goes through the cache, writes are sent once, transaction reads need
// the tracking token of their session and the console listings the console token.
import { Hono } from 'hono';
import type { Context, MiddlewareHandler } from 'hono';
import { RampError } from '../../api';
import type { Bootstrap, RampClient } from '../../api';
import type { Category, Cursor, QuoteRequest, SessionResponse } from '../../api/types';
import { openingQuoteOf, parseQuoteBody } from './bodies';
import { readJsonBody } from '../http/body';
import { loadBootstrap } from './discovery/bootstrap';
import { limitKey, rawTarget, requireClientIp } from '../http/client-address';
import type { ServerConfig } from '../config/config';
import { NO_STORE } from '../http/context';
import type { AppEnv } from '../http/context';
import type { RequireAdmin } from '../http/admin';
import { RateLimiter, withLocalFallback } from '../http/rate-limit';
import type { Discovery } from './discovery/discovery';
import type { FreshAnswers } from './discovery/fresh-answers';
import { HttpError, notFound } from '../http/errors';
import { isLegacyPath, legacyReplacement } from './legacy';
import type { Logger } from '../http/log';
import type { Orders } from '../merchant/orders';
import { MAX_QUERY_LENGTH, RULES, checkPath, honoPath, routedPattern, validateQuery } from './policy';
import type { RoutedLiteral } from './policy';
import type { RouteId, RouteRule } from './policy';
import { transactionOfSession } from './transactions/by-session';
import {
  API_PREFIX,
  NOT_YET_CREATED_CODE,
  PENDING_NOT_YET_CREATED,
  TRACKING_HEADER,
} from '../../api/proxy/contract';
import type { PendingTransaction } from '../../api/proxy/contract';
import { createCustomerIds } from './sessions/customer-id';
import { createQuoteBinding } from './quotes/quote-binding';
import { createLateOpenings } from './quotes/late-openings';
import { createSessionHandler } from './sessions/sessions';
import type { RateLimiterStore, Stores } from '../storage/stores/types';
import { createTokenSigner } from '../http/tokens';
import type { TrackingClaims } from '../http/tokens';
import { createDeadline, withinDeadline } from '../http/deadline';
import type { Deadline } from '../http/deadline';
import type { CallScope, Upstream } from '../upstream/client';
import { transactionView } from './views';

const PUBLIC_DISCOVERY = 'public, max-age=30';

export interface ProxyDeps {
  config: ServerConfig;
  upstream: Upstream;
  discovery: Discovery;
  log: Logger;
  now: () => number;
  /** Rate limits and idempotency: in process, or shared by several instances (stores/). */
  stores: Stores;
  /** Fresh discovery answers for repeats (fresh-answers.ts; the sandbox's control clears them). */
  answers: FreshAnswers;
  /** The ledger's order recording (sessions.ts). */
  orders?: Orders;
  /** The admin token's check (http/admin.ts), shared with the merchant's routes. */
  requireAdmin: RequireAdmin;
}

export function createProxy({
  config,
  upstream,
  discovery: discoveryAll,
  log,
  now,
  stores,
  answers,
  orders,
  requireAdmin,
}: ProxyDeps): Hono<AppEnv> {
  const signer = createTokenSigner(config.sessionSecret, { now });
  const customers = createCustomerIds(config.sessionSecret, {
    trustProxy: config.trustProxy,
    basePath: config.basePath,
  });
  // The terms of recent quotes, which a session must match (in Redis: shared by every instance).
  const binding = createQuoteBinding(stores.records('quote-terms'), config.quoteBindingTtlMs);
  const createSession = createSessionHandler({
    config,
    upstream,
    signer,
    log,
    now,
    customers,
    orders,
    idempotency: stores.idempotency<SessionResponse>('session'),
    binding,
    discovery: discoveryAll,
  });
  const quoteLimiter = stores.rateLimiter('quote', config.rateLimits.quote);
  const sessionLimiter = stores.rateLimiter('session', config.rateLimits.session);
  // Tracking reads keep working while Redis is down (http/rate-limit.ts withLocalFallback).
  const transactionLimiter = withLocalFallback(
    stores.rateLimiter('transaction', config.rateLimits.transaction),
    new RateLimiter(config.rateLimits.transaction, { now }),
  );

  const rateLimit = async (limiter: RateLimiterStore, c: Context) => {
    const d = await limiter.take(limitKey(requireClientIp(c, config.trustProxy)));
    if (!d.ok) {
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests: retry in ${d.retryAfterSec} s`, {
        headers: { 'Retry-After': String(d.retryAfterSec) },
      });
    }
  };

  const lateOpenings = createLateOpenings();
  /**
   * Quotes for a request, remembered for the session that follows (one path for both routes that
   * quote). The spec asks for a customer id on quotes as on sessions (see customer-id.ts); a new
   * browser's cookie goes with the answer. A late opening quote for the same is joined.
   */
  const quote = async (externalCustomerId: string, body: QuoteRequest, scope: CallScope) => {
    const joined = await lateOpenings.join(externalCustomerId, body);
    if (joined) return joined;
    const quotes = await upstream.write((cl) => cl.quote({ ...body, externalCustomerId }), scope);
    await binding.remember(body, quotes);
    return quotes;
  };

  /**
   * The bootstrap's opening quote: asked beside its discovery reads, within the quote allowance, and
   * waited for OPENING_QUOTE_WAIT_MS at most. Never a failure of the bootstrap: without it (refused,
   * failed or late) the widget asks for the quote itself and shows why it has none.
   */
  const openingQuote = async (
    c: Context<AppEnv>,
    request: QuoteRequest,
    scope: CallScope,
  ): Promise<Bootstrap['quote']> => {
    const customerId = customers.forRequest(c);
    const asked = (async () => {
      await rateLimit(quoteLimiter, c);
      return { request, quotes: await quote(customerId, request, scope) };
    })().catch((e: unknown) => {
      log.info('opening quote not given', {
        reason: e instanceof Error ? e.message.slice(0, 200) : 'unknown',
      });
      return undefined;
    });
    const late = new Promise<undefined>((resolve) => {
      const timer = setTimeout(() => {
        // The widget will ask for it: its ask joins this one (quotes/late-openings.ts).
        lateOpenings.keep(
          customerId,
          request,
          asked.then((a) => a?.quotes),
        );
        resolve(undefined);
      }, OPENING_QUOTE_WAIT_MS);
      void asked.finally(() => clearTimeout(timer));
    });
    return Promise.race([asked, late]);
  };

  // The console reads any transaction with its token; a shopper's browser sends a tracking token.
  const isConsoleCall = (c: Context) =>
    !c.req.header(TRACKING_HEADER) && /^Bearer /i.test(c.req.header('authorization') ?? '');

  // One answer for "no token", "bad token" and "not your transaction": existence is never revealed.
  const noTransaction = () => notFound('No transaction found for this tracking token');

  const requireTracking = (c: Context): TrackingClaims => {
    const claims = signer.verify(c.req.header(TRACKING_HEADER));
    if (!claims) throw noTransaction();
    return claims;
  };

  // A cached answer is serialised once, not on every hit: its body is kept beside the cached value.
  const bodies = new Map<string, WeakMap<object, string>>();
  const discoveryJson = <T>(
    c: Context<AppEnv>,
    op: string,
    r: { value: T; status: string; freshUntil?: number },
    wrap: (v: T) => unknown,
  ) => {
    c.set('cacheStatus', r.status);
    const v = r.value;
    const memo = typeof v === 'object' && v !== null ? bodies.get(op) : undefined;
    let body = memo?.get(v as object);
    if (body === undefined) {
      body = JSON.stringify(wrap(v));
      if (typeof v === 'object' && v !== null) {
        if (!bodies.has(op)) bodies.set(op, new WeakMap());
        bodies.get(op)!.set(v, body);
      }
    }
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': PUBLIC_DISCOVERY };
    if (r.freshUntil !== undefined) answers.keep(c, body, headers, r.freshUntil);
    return c.body(body, 200, { ...headers, 'X-Cache': r.status });
  };

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

  /** What a handler gets: the request, its route's parameters and checked query, its upstream scope. */
  interface Call {
    c: Context<AppEnv>;
    params: Record<string, string>;
    q: Record<string, string>;
    scope: CallScope;
  }
  const read = <T>({ scope }: Call, call: (cl: RampClient) => Promise<T>) => upstream.read(call, scope);
  // Cache misses (what reaches the upstream) count against this client's allowance.
  const discoveryOf = (c: Context<AppEnv>) =>
    discoveryAll.forClient(() => limitKey(requireClientIp(c, config.trustProxy)));
  const cursor = (q: Record<string, string>): Cursor =>
    q.after ? { after: q.after } : q.before ? { before: q.before } : {};
  const limitOf = (q: Record<string, string>) => (q.limit === undefined ? undefined : Number(q.limit));

  const handlers: Record<RouteId, (call: Call) => Promise<Response>> = {
    countries: async ({ c, q }) => {
      const countries = await discoveryOf(c).countries({
        category: q.category as Category,
        partners: q.partners,
      });
      return discoveryJson(c, 'countries', countries, (list) => ({ countries: list }));
    },
    defaults: async ({ c, params }) =>
      discoveryJson(
        c,
        'defaults',
        await discoveryOf(c).defaults({ country: params.country!, category: params.category as Category }),
        (d) => d,
      ),
    currencies: async ({ c, q }) =>
      discoveryJson(
        c,
        'currencies',
        await discoveryOf(c).currencies({
          category: q.category as Category,
          country: q.country!,
          type: q.type as 'FIAT' | 'CRYPTO',
          network: q.network,
          partner: q.partner,
          paymentType: q.paymentType,
          providerCurrencyCode: q.providerCurrencyCode,
          subdivision: q.subdivision,
        }),
        (currencies) => ({ currencies }),
      ),
    paymentMethods: async ({ c, q }) =>
      discoveryJson(
        c,
        'paymentMethods',
        await discoveryOf(c).paymentMethods({
          category: q.category as Category,
          country: q.country!,
          currencyCode: q.currencyCode!,
          partners: q.partners,
          paymentType: q.paymentType,
          subdivision: q.subdivision,
        }),
        (methods) => methods,
      ),
    routes: async ({ c, params, q }) => {
      // The mirrored path is in the direction's order; the client rebuilds the same path from these.
      const onramp = params.category === 'CRYPTO_ONRAMP';
      return discoveryJson(
        c,
        'routes',
        await discoveryOf(c).routes({
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
    },
    bootstrap: async ({ c, q, scope }) => {
      const wanted = openingQuoteOf(q);
      const opening = wanted && openingQuote(c, wanted, scope);
      const body = await loadBootstrap(discoveryOf(c), {
        category: (q.category as Category | undefined) ?? 'CRYPTO_ONRAMP',
        country: q.country,
        acceptLanguage: c.req.header('accept-language'),
      });
      if (!opening) {
        return c.json(body, 200, { 'Cache-Control': 'private, max-age=30', Vary: 'Origin, Accept-Language' });
      }
      const quote = await opening;
      return c.json(quote ? { ...body, quote } : body, 200, NO_STORE);
    },
    quote: async ({ c, scope }) => {
      await rateLimit(quoteLimiter, c);
      const body = parseQuoteBody(await readJsonBody(c.req.raw));
      return c.json({ quotes: await quote(customers.forRequest(c), body, scope) }, 200, NO_STORE);
    },
    session: async ({ c, scope }) => {
      await rateLimit(sessionLimiter, c);
      return c.json(await createSession(c, scope.deadline as Deadline), 200, NO_STORE);
    },
    transactionBySession: async ({ c, params, scope }) => {
      await rateLimit(transactionLimiter, c);
      const claims = requireTracking(c);
      if (claims.sid !== params.sessionId) throw noTransaction();
      let tx;
      try {
        tx = await transactionOfSession(upstream, claims, scope);
      } catch (e) {
        // Not an error: the shopper has not acted at the partner yet (docs/CONTRACTS.md §1).
        if (e instanceof RampError && e.code === NOT_YET_CREATED_CODE)
          return c.json(
            { transaction: null, pending: PENDING_NOT_YET_CREATED } satisfies PendingTransaction,
            200,
            NO_STORE,
          );
        if (e instanceof RampError && e.status === 404 && e.code === 'NOT_FOUND') throw noTransaction();
        throw e;
      }
      return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
    },
    transaction: async (call) => {
      const { c, params, scope } = call;
      if (isConsoleCall(c)) {
        const tx = await read(call, (cl) => cl.transaction(params.transactionId!));
        return c.json({ transaction: tx }, 200, NO_STORE);
      }
      await rateLimit(transactionLimiter, c);
      const claims = requireTracking(c);
      const tx = await readOwned((cl) => cl.transaction(params.transactionId!), scope);
      if (tx.sessionId !== claims.sid) throw noTransaction();
      return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
    },
    transactions: async (call) => {
      const { c, q } = call;
      const page = await read(call, (cl) =>
        cl.transactions({
          from: q.from,
          status: q.status,
          serviceProviders: q.serviceProviders?.split(','),
          types: q.types?.split(','),
          externalCustomerIds: q.externalCustomerIds?.split(','),
          limit: limitOf(q),
          ...cursor(q),
        }),
      );
      return c.json({ ...pageMeta(page), transactions: page.items }, 200, NO_STORE);
    },
    financialAccounts: async (call) => {
      const { c, q } = call;
      const page = await read(call, (cl) =>
        cl.financialAccounts({ customerId: q.customerId, limit: limitOf(q), ...cursor(q) }),
      );
      return c.json({ ...pageMeta(page), financialAccounts: page.items }, 200, NO_STORE);
    },
    financialAccountTransactions: async (call) => {
      const { c, q } = call;
      const page = await read(call, (cl) =>
        cl.financialAccountTransactions({
          customerId: q.customerId,
          financialAccountId: q.financialAccountId,
          startDate: q.startDate,
          endDate: q.endDate,
          limit: limitOf(q),
          ...cursor(q),
        }),
      );
      return c.json({ ...pageMeta(page), financialAccountTransactions: page.items }, 200, NO_STORE);
    },
    adminSession: async ({ c }) => c.body(null, 204, NO_STORE),
  };

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

  /** One allowlisted route: who may call it, its query, then its handler within the request's deadline. */
  const route =
    (rule: RouteRule, literals: RoutedLiteral[]) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      const params = c.req.param() as Record<string, string>;
      if (literals.length > 0) {
        if (!literalsMatch(params, literals)) throw notFound();
        c.set('route', honoPath(rule));
      }
      // The path's parameters must match their patterns, as if the path were not allowlisted at all.
      for (const seg of rule.path) {
        if (typeof seg !== 'string' && !seg.re.test(params[seg.name] ?? '')) throw notFound();
      }
      // Who may call comes before what they asked: nothing is validated (or revealed) for strangers.
      if (rule.access === 'admin' || (rule.access === 'tracking-or-admin' && isConsoleCall(c)))
        await requireAdmin(c);
      else if (rule.access !== 'public') requireTracking(c);
      const q = validateQuery(rule, new URL(c.req.url).searchParams);
      // One deadline for everything this request makes the upstream do; the browser gets its answer
      // by then at the latest, and upstream calls stop when it leaves.
      const deadline = createDeadline(config.requestDeadlineMs, c.req.raw.signal);
      const work = handlers[rule.id]({ c, params, q, scope: { deadline } });
      if (rule.id !== 'session') return withinDeadline(deadline, work);
      // Session creation answers SESSION_PENDING at the deadline itself (its upstream call goes on).
      try {
        return await work;
      } finally {
        deadline.dispose();
      }
    };

  const allowed = new Map<string, { pattern: string; literals: RoutedLiteral[]; methods: string[] }>();
  for (const rule of RULES) {
    const { pattern, literals } = routedPattern(rule);
    proxy.on(rule.method, pattern, route(rule, literals));
    const path = honoPath(rule);
    const methods = allowed.get(path)?.methods ?? [];
    allowed.set(path, { pattern, literals, methods: [...methods, rule.method] });
  }
  // An allowlisted path asked with another method; then anything else below /api/ramp.
  for (const { pattern, literals, methods } of allowed.values()) {
    proxy.all(pattern, (c) => {
      if (!literalsMatch(c.req.param() as Record<string, string>, literals)) throw notFound();
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Use ${methods.join(' or ')}`, {
        headers: { Allow: methods.join(', ') },
      });
    });
  }
  proxy.all(`${API_PREFIX}/*`, () => {
    throw notFound();
  });
  return proxy;
}

/** How long a bootstrap waits for its opening quote before it answers without it. */
export const OPENING_QUOTE_WAIT_MS = 1_500;

const literalsMatch = (params: Record<string, string>, literals: RoutedLiteral[]) =>
  literals.every((l) => params[l.name] === l.value);

const pageMeta = (p: { count: number; remaining?: number; totalCount?: number }) => ({
  count: p.count,
  remaining: p.remaining,
  totalCount: p.totalCount,
});
