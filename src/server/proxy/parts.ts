// What the proxy's route handlers are made from, built once per server from its parts: the limiters,
// the quote and session paths, the tracking check, the cached discovery answers and upstream reads.
// Each route (allowlist.ts) takes the ones it uses; routes.ts mounts them.
import type { Context } from 'hono';
import { RampError } from '../../api';
import type { Bootstrap, RampClient } from '../../api';
import type { Cursor, Quote, QuoteRequest, SessionResponse } from '../../api/types';
import { INTENT_HEADER, TRACKING_HEADER } from '../../api/proxy/contract';
import type { ServerConfig } from '../config/config';
import type { RequireAdmin } from '../http/admin';
import { limitKey, requireClientIp } from '../http/client-address';
import type { AppEnv } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import type { Logger } from '../http/log';
import { RateLimiter, withLocalFallback } from '../http/rate-limit';
import { createTokenSigner } from '../http/tokens';
import type { TrackingClaims } from '../http/tokens';
import type { Orders } from '../merchant/orders';
import type { CheckoutFunnel } from '../merchant/funnel';
import type { CompletionRates } from '../merchant/completion';
import type { RateLimiterStore } from '../http/rate-limit';
import type { Stores } from '../storage/stores/types';
import type { CallScope, Upstream } from '../upstream/client';
import type { Discovery } from './discovery/discovery';
import type { FreshAnswers } from './discovery/fresh-answers';
import { createLateOpenings } from './quotes/late-openings';
import { createQuoteBinding } from './quotes/quote-binding';
import { createCustomerIds } from './sessions/customer-id';
import { createSessionHandler } from './sessions/sessions';

const PUBLIC_DISCOVERY = 'public, max-age=30';

/** How long a bootstrap waits for its opening quote before it answers without it. */
export const OPENING_QUOTE_WAIT_MS = 1_500;

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
  /** Marks a checkout's first data and first quote for the merchant's /stats. */
  funnel?: CheckoutFunnel;
  /** Each partner's completion rate here, added to the quotes (absent: the learning is off). */
  completion?: CompletionRates;
  /** The merchant's customer id of an intent's client secret (merchant.ts), or null. */
  intentCustomer?: (clientSecret: string) => Promise<string | null>;
}

export type ProxyParts = ReturnType<typeof createProxyParts>;

export function createProxyParts({
  config,
  upstream,
  discovery: discoveryAll,
  log,
  now,
  stores,
  answers,
  orders,
  requireAdmin,
  funnel,
  completion,
  intentCustomer,
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
    const d = await limiter.take(limitKey(requireClientIp(c, config.trustProxy)));
    if (!d.ok) {
      throw new HttpError(429, 'RATE_LIMITED', `Too many requests: retry in ${d.retryAfterSec} s`, {
        headers: { 'Retry-After': String(d.retryAfterSec) },
      });
    }
  };

  /**
   * The externalCustomerId of a quote: the merchant's customer id when the request carries its
   * intent's client secret (X-Ramp-Intent), as its session will; else this browser's (customer-id.ts).
   */
  const quoteCustomer = async (c: Context): Promise<string> => {
    const secret = c.req.header(INTENT_HEADER);
    const merchants = secret && intentCustomer ? await intentCustomer(secret) : null;
    return merchants ?? customers.forRequest(c);
  };

  const lateOpenings = createLateOpenings();
  /** Each quote with its partner's completion here (merchant/completion.ts), when the ledger has one. */
  const withCompletion = async (body: QuoteRequest, quotes: Quote[]): Promise<Quote[]> => {
    const of = await completion?.forRoute(body.countryCode, body.paymentMethodType);
    return of ? quotes.map((q) => ({ ...q, completion: of(q.serviceProvider) })) : quotes;
  };
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
    if (quotes.length > 0) funnel?.mark('quoted', externalCustomerId, body.countryCode);
    return withCompletion(body, quotes);
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
    const customerId = await quoteCustomer(c);
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

  const verifyTracking = (token: string): TrackingClaims | null => signer.verify(token);
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

  // Cache misses (what reaches the upstream) count against this client's allowance.
  const discoveryOf = (c: Context<AppEnv>) =>
    discoveryAll.forClient(() => limitKey(requireClientIp(c, config.trustProxy)));

  return {
    config,
    upstream,
    requireAdmin,
    funnel,
    customers,
    quoteCustomer,
    limiters: { quote: quoteLimiter, session: sessionLimiter, transaction: transactionLimiter },
    rateLimit,
    quote,
    openingQuote,
    createSession,
    isConsoleCall,
    noTransaction,
    verifyTracking,
    requireTracking,
    orders,
    discoveryJson,
    discoveryOf,
    readOwned,
  };
}

export const cursorOf = (q: { before?: string; after?: string }): Cursor =>
  q.after ? { after: q.after } : q.before ? { before: q.before } : {};
export const pageMeta = (p: { count: number; remaining?: number; totalCount?: number }) => ({
  count: p.count,
  remaining: p.remaining,
  totalCount: p.totalCount,
});
