// The proxy's allowlist: one definition per route under /api/ramp (its method and path, who may
// call it, its query's rules, its handler). routes.ts makes each a Hono route with its checks as
// middleware, its 405 for other methods and its metrics label; operations.ts names its upstream
// operation. Mirrored routes' paths are exactly the upstream's. A new route is one entry here.
import { RampError } from '../../api';
import type { Category } from '../../api/types';
import { IDEMPOTENCY_HEADER, NOT_YET_CREATED_CODE, PENDING_NOT_YET_CREATED } from '../../api/proxy/contract';
import type { PendingTransaction } from '../../api/proxy/contract';
import { readJsonBody } from '../http/body';
import { NO_STORE } from '../http/context';
import type { Deadline } from '../http/deadline';
import { RE } from '../http/patterns';
import {
  QuoteBodySchema,
  SessionBodySchema,
  SessionLookupBodySchema,
  openingQuoteOf,
  parseQuoteBody,
  parseSessionLookupBody,
} from './bodies';
import { loadBootstrap } from './discovery/bootstrap';
import { cursorOf, limitOf, pageMeta } from './parts';
import { date, datetime, int, re, seg } from './policy';
import type { RouteRule } from './policy';
import { lookupSessions } from './sessions/lookup';
import { transactionOfSession } from './transactions/by-session';
import { transactionView } from './views';

const category = re(RE.category, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true);
const partners = re(RE.partners, 'comma-separated partner ids, e.g. BANXA,TRANSAK');
const paymentType = re(RE.paymentType, 'a payment type, e.g. CARD');
const subdivision = re(RE.subdivision, 'an ISO 3166-2 code, e.g. US-NY');
const limit = int(1, 100);
const cursor = re(RE.cursor, 'the key of a record from a previous page');
const customerId = re(RE.customerId, 'a customer id');

export const RULES: readonly RouteRule[] = [
  {
    id: 'countries',
    method: 'GET',
    path: ['network-partner', 'supported', 'countries'],
    query: { category, partners },
    access: 'public',
    handle: async ({ c, q, p }) => {
      const countries = await p.discoveryOf(c).countries({
        category: q.category as Category,
        partners: q.partners,
      });
      return p.discoveryJson(c, 'countries', countries, (list) => ({ countries: list }));
    },
  },
  {
    id: 'defaults',
    method: 'GET',
    path: ['network-partner', 'defaults', seg('country', RE.country), seg('category', RE.category)],
    query: {},
    access: 'public',
    handle: async ({ c, params, p }) =>
      p.discoveryJson(
        c,
        'defaults',
        await p.discoveryOf(c).defaults({ country: params.country!, category: params.category as Category }),
        (d) => d,
      ),
  },
  {
    id: 'currencies',
    method: 'GET',
    path: ['network-partner', 'supported', 'currencies'],
    query: {
      category,
      country: re(RE.country, 'a two-letter country code', true),
      type: re(RE.currencyType, 'FIAT or CRYPTO', true),
      network: re(RE.partner, 'a chain code, e.g. ETHEREUM'),
      partner: re(RE.partner, 'one partner id'),
      paymentType,
      providerCurrencyCode: re(RE.providerCurrencyCode, "a provider's currency code"),
      subdivision,
    },
    access: 'public',
    handle: async ({ c, q, p }) =>
      p.discoveryJson(
        c,
        'currencies',
        await p.discoveryOf(c).currencies({
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
  },
  {
    id: 'paymentMethods',
    method: 'GET',
    path: ['network-partner', 'supported', 'payment-methods'],
    query: {
      category,
      country: re(RE.country, 'a two-letter country code', true),
      currencyCode: re(RE.currency, 'a fiat currency code, e.g. USD', true),
      partners,
      paymentType,
      subdivision,
    },
    access: 'public',
    handle: async ({ c, q, p }) =>
      p.discoveryJson(
        c,
        'paymentMethods',
        await p.discoveryOf(c).paymentMethods({
          category: q.category as Category,
          country: q.country!,
          currencyCode: q.currencyCode!,
          partners: q.partners,
          paymentType: q.paymentType,
          subdivision: q.subdivision,
        }),
        (methods) => methods,
      ),
  },
  {
    id: 'routes',
    method: 'GET',
    path: [
      'network-partner',
      'supported',
      'routes',
      seg('category', RE.category),
      seg('country', RE.country),
      seg('source', RE.currency),
      seg('destination', RE.currency),
    ],
    query: {
      partners,
      paymentMethod: re(RE.method, 'a canonical payment method, e.g. CREDIT_DEBIT_CARD'),
      paymentType,
      subdivision,
    },
    access: 'public',
    handle: async ({ c, params, q, p }) => {
      // The mirrored path is in the direction's order; the client rebuilds the same path from these.
      const onramp = params.category === 'CRYPTO_ONRAMP';
      return p.discoveryJson(
        c,
        'routes',
        await p.discoveryOf(c).routes({
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
  },
  {
    id: 'quote',
    method: 'POST',
    path: ['payments', 'crypto', 'quote'],
    query: {},
    body: QuoteBodySchema,
    access: 'public',
    handle: async ({ c, scope, p }) => {
      await p.rateLimit(p.limiters.quote, c);
      const body = parseQuoteBody(await readJsonBody(c.req.raw));
      return c.json({ quotes: await p.quote(await p.quoteCustomer(c), body, scope) }, 200, NO_STORE);
    },
  },
  {
    id: 'session',
    method: 'POST',
    path: ['crypto', 'session', 'widget'],
    query: {},
    body: SessionBodySchema,
    headers: { [IDEMPOTENCY_HEADER]: 'a new UUID per checkout: a repeat answers the first session' },
    access: 'public',
    ownsDeadline: true,
    handle: async ({ c, scope, p }) => {
      await p.rateLimit(p.limiters.session, c);
      return c.json(await p.createSession(c, scope.deadline as Deadline), 200, NO_STORE);
    },
  },
  {
    id: 'transactionBySession',
    method: 'GET',
    path: ['payments', 'transactions', 'sessions', seg('sessionId', RE.id)],
    query: {},
    access: 'tracking',
    handle: async ({ c, params, scope, p }) => {
      await p.rateLimit(p.limiters.transaction, c);
      const claims = p.requireTracking(c);
      if (claims.sid !== params.sessionId) throw p.noTransaction();
      let tx;
      try {
        tx = await transactionOfSession(p.upstream, claims, scope);
      } catch (e) {
        // Not an error: the shopper has not acted at the partner yet (docs/CONTRACTS.md §1).
        if (e instanceof RampError && e.code === NOT_YET_CREATED_CODE)
          return c.json(
            { transaction: null, pending: PENDING_NOT_YET_CREATED } satisfies PendingTransaction,
            200,
            NO_STORE,
          );
        if (e instanceof RampError && e.status === 404 && e.code === 'NOT_FOUND') throw p.noTransaction();
        throw e;
      }
      return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
    },
  },
  {
    id: 'transaction',
    method: 'GET',
    path: ['payments', 'transactions', seg('transactionId', RE.id)],
    query: {},
    access: 'tracking-or-admin',
    handle: async ({ c, params, scope, p }) => {
      if (p.isConsoleCall(c)) {
        const tx = await p.upstream.read((cl) => cl.transaction(params.transactionId!), scope);
        return c.json({ transaction: tx }, 200, NO_STORE);
      }
      await p.rateLimit(p.limiters.transaction, c);
      const claims = p.requireTracking(c);
      const tx = await p.readOwned((cl) => cl.transaction(params.transactionId!), scope);
      if (tx.sessionId !== claims.sid) throw p.noTransaction();
      return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
    },
  },
  {
    id: 'sessionLookup',
    method: 'POST',
    path: ['sessions', 'lookup'],
    query: {},
    body: SessionLookupBodySchema,
    // Each tracking token of the body is checked: one that reads no order is answered null.
    access: 'public',
    own: true,
    handle: async ({ c, p }) => {
      // One allowance of tracking reads for the whole batch, as for one transaction read.
      await p.rateLimit(p.limiters.transaction, c);
      const { trackingTokens } = parseSessionLookupBody(await readJsonBody(c.req.raw));
      return c.json(await lookupSessions(trackingTokens, p.verifyTracking, p.orders), 200, NO_STORE);
    },
  },
  {
    id: 'transactions',
    method: 'GET',
    path: ['payments', 'transactions'],
    query: {
      from: date,
      limit,
      status: re(RE.status, 'a status, e.g. SETTLED'),
      // Not in the description's table, but the upstream's transaction search filters by them.
      serviceProviders: partners,
      types: re(RE.transactionTypes, 'comma-separated transaction types, e.g. CRYPTO_PURCHASE'),
      externalCustomerIds: re(RE.customerId, 'a customer id'),
      before: cursor,
      after: cursor,
    },
    access: 'admin',
    exclusive: ['before', 'after'],
    handle: async ({ c, q, scope, p }) => {
      const page = await p.upstream.read(
        (cl) =>
          cl.transactions({
            from: q.from,
            status: q.status,
            serviceProviders: q.serviceProviders?.split(','),
            types: q.types?.split(','),
            externalCustomerIds: q.externalCustomerIds?.split(','),
            limit: limitOf(q),
            ...cursorOf(q),
          }),
        scope,
      );
      return c.json({ ...pageMeta(page), transactions: page.items }, 200, NO_STORE);
    },
  },
  {
    id: 'financialAccounts',
    method: 'GET',
    path: ['financial-accounts'],
    query: { customerId, limit, before: cursor, after: cursor },
    access: 'admin',
    exclusive: ['before', 'after'],
    handle: async ({ c, q, scope, p }) => {
      const page = await p.upstream.read(
        (cl) => cl.financialAccounts({ customerId: q.customerId, limit: limitOf(q), ...cursorOf(q) }),
        scope,
      );
      return c.json({ ...pageMeta(page), financialAccounts: page.items }, 200, NO_STORE);
    },
  },
  {
    id: 'financialAccountTransactions',
    method: 'GET',
    path: ['financial-accounts', 'transactions'],
    query: {
      customerId,
      // Not in the description's table, but the upstream's bank-linking listing filters by it.
      financialAccountId: re(RE.id, 'a financial account id'),
      startDate: datetime,
      endDate: datetime,
      limit,
      before: cursor,
      after: cursor,
    },
    access: 'admin',
    exclusive: ['before', 'after'],
    handle: async ({ c, q, scope, p }) => {
      const page = await p.upstream.read(
        (cl) =>
          cl.financialAccountTransactions({
            customerId: q.customerId,
            financialAccountId: q.financialAccountId,
            startDate: q.startDate,
            endDate: q.endDate,
            limit: limitOf(q),
            ...cursorOf(q),
          }),
        scope,
      );
      return c.json({ ...pageMeta(page), financialAccountTransactions: page.items }, 200, NO_STORE);
    },
  },
  {
    id: 'bootstrap',
    method: 'GET',
    path: ['bootstrap'],
    query: {
      category: re(RE.category, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP'),
      country: re(RE.country, 'a two-letter country code'),
      // The opening quote (proxy/bodies.ts openingQuoteOf): a quote's body, checked as one.
      subdivision: re(RE.fullSubdivision, 'an ISO 3166-2 code, e.g. US-NY'),
      sourceCurrencyCode: re(RE.currency, 'a currency code, e.g. USD'),
      destinationCurrencyCode: re(RE.currency, 'a currency code, e.g. BTC'),
      sourceAmount: re(RE.amount, 'a positive decimal, e.g. 100'),
      paymentMethodType: re(RE.method, 'a payment method, e.g. CREDIT_DEBIT_CARD'),
      serviceProviders: partners,
    },
    access: 'public',
    own: true,
    handle: async ({ c, q, scope, p }) => {
      const wanted = openingQuoteOf(q);
      const opening = wanted && p.openingQuote(c, wanted, scope);
      const body = await loadBootstrap(p.discoveryOf(c), {
        category: (q.category as Category | undefined) ?? 'CRYPTO_ONRAMP',
        country: q.country,
        acceptLanguage: c.req.header('accept-language'),
      });
      p.funnel?.mark('opened', null, body.country);
      if (!opening) {
        return c.json(body, 200, { 'Cache-Control': 'private, max-age=30', Vary: 'Origin, Accept-Language' });
      }
      const quote = await opening;
      return c.json(quote ? { ...body, quote } : body, 200, NO_STORE);
    },
  },
  {
    id: 'adminSession',
    method: 'GET',
    path: ['admin', 'session'],
    query: {},
    access: 'admin',
    own: true,
    handle: async ({ c }) => c.body(null, 204, NO_STORE),
  },
];
