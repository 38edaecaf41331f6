// The /api/ramp handler: policy first (path, allowlist, who may call, query), then the route.
// Discovery goes through the cache, writes are sent once, transaction reads need the tracking
// token of their session and the console listings the console token.
import type { Context } from 'hono';
import { RampError } from '../../api';
import type { RampClient } from '../../api';
import type { Category, Cursor, SessionResponse } from '../../api/types';
import { parseQuoteBody } from './bodies';
import { readJsonBody } from '../http/body';
import { loadBootstrap } from './discovery/bootstrap';
import { rawTarget, requireClientIp } from '../http/client-address';
import type { ServerConfig } from '../config/config';
import { NO_STORE } from '../http/context';
import type { AppEnv } from '../http/context';
import type { RequireAdmin } from '../http/admin';
import { RateLimiter, withLocalFallback } from '../http/rate-limit';
import type { Discovery } from './discovery/discovery';
import type { HotAnswers } from '../http/hot-answers';
import { HttpError, notFound } from '../http/errors';
import { isLegacyPath, legacyReplacement } from './legacy';
import type { Logger } from '../http/log';
import type { Orders } from '../merchant/orders';
import { MAX_QUERY_LENGTH, checkPath, matchRoute, routePattern, validateQuery } from './policy';
import type { RouteRule } from './policy';
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
import { createResponder } from '../http/respond';
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
  /** Where fresh discovery answers are kept whole for repeats (app.ts answers them first). */
  hot?: HotAnswers;
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
  hot,
  orders,
  requireAdmin,
}: ProxyDeps) {
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
    const d = await limiter.take(requireClientIp(c, config.trustProxy));
    if (!d.ok) {
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests: retry in ${d.retryAfterSec} s`, {
        headers: { 'Retry-After': String(d.retryAfterSec) },
      });
    }
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

  const responder = createResponder(config);
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
    const headers = responder.headers(c, { 'Cache-Control': PUBLIC_DISCOVERY, 'X-Cache': r.status });
    const memo = typeof v === 'object' && v !== null ? bodies.get(op) : undefined;
    let body = memo?.get(v as object);
    if (body === undefined) {
      body = JSON.stringify(wrap(v));
      if (typeof v === 'object' && v !== null) {
        if (!bodies.has(op)) bodies.set(op, new WeakMap());
        bodies.get(op)!.set(v, body);
      }
    }
    if (r.freshUntil !== undefined && hot) {
      hot.keep(c, body, { ...headers, 'X-Cache': 'HIT' }, r.freshUntil);
    }
    return responder.complete(body, 200, headers);
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

  async function handle(
    c: Context<AppEnv>,
    rule: RouteRule,
    params: Record<string, string>,
    q: Record<string, string>,
    scope: CallScope,
  ) {
    const read = <T>(call: (cl: RampClient) => Promise<T>) => upstream.read(call, scope);
    // Cache misses (what reaches the upstream) count against this client's allowance.
    const discovery = discoveryAll.forClient(() => requireClientIp(c, config.trustProxy));
    const cursor = (): Cursor => (q.after ? { after: q.after } : q.before ? { before: q.before } : {});
    const limit = q.limit === undefined ? undefined : Number(q.limit);
    const category = q.category as Category;
    switch (rule.id) {
      case 'countries': {
        const countries = await discovery.countries({ category, partners: q.partners });
        return discoveryJson(c, 'countries', countries, (list) => ({ countries: list }));
      }
      case 'defaults':
        return discoveryJson(
          c,
          'defaults',
          await discovery.defaults({ country: params.country!, category: params.category as Category }),
          (d) => d,
        );
      case 'currencies':
        return discoveryJson(
          c,
          'currencies',
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
          'paymentMethods',
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
          'routes',
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
        await rateLimit(quoteLimiter, c);
        const body = parseQuoteBody(await readJsonBody(c.req.raw));
        // The spec asks for a customer id on quotes as on sessions (see customer-id.ts).
        // The answer is built whole (respond.ts), so the cookie of a new browser goes in with it.
        const customer = customers.issue(c);
        const externalCustomerId = customer.id;
        const quotes = await upstream.write((cl) => cl.quote({ ...body, externalCustomerId }), scope);
        await binding.remember(body, quotes);
        const headers = customer.setCookie ? { ...NO_STORE, 'Set-Cookie': customer.setCookie } : NO_STORE;
        return responder.respond(c, JSON.stringify({ quotes }), 200, headers);
      }
      case 'session':
        await rateLimit(sessionLimiter, c);
        return c.json(await createSession(c, scope.deadline as Deadline), 200, NO_STORE);
      case 'transactionBySession': {
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
      }
      case 'transaction': {
        if (isConsoleCall(c)) {
          await requireAdmin(c);
          const tx = await read((cl) => cl.transaction(params.transactionId!));
          return c.json({ transaction: tx }, 200, NO_STORE);
        }
        await rateLimit(transactionLimiter, c);
        const claims = requireTracking(c);
        const tx = await readOwned((cl) => cl.transaction(params.transactionId!), scope);
        if (tx.sessionId !== claims.sid) throw noTransaction();
        return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
      }
      case 'transactions': {
        const page = await read((cl) =>
          cl.transactions({
            from: q.from,
            status: q.status,
            serviceProviders: q.serviceProviders?.split(','),
            types: q.types?.split(','),
            externalCustomerIds: q.externalCustomerIds?.split(','),
            limit,
            ...cursor(),
          }),
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
    if (m.kind === 'route') c.set('route', routePattern(m.rule));
    if (m.kind === 'none') throw notFound();
    if (m.kind === 'method-not-allowed') {
      throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Use ${m.allow.join(' or ')}`, {
        headers: { Allow: m.allow.join(', ') },
      });
    }
    // Who may call comes before what they asked: nothing is validated (or revealed) for strangers.
    if (m.rule.access === 'admin' || (m.rule.access === 'tracking-or-admin' && isConsoleCall(c)))
      await requireAdmin(c);
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
