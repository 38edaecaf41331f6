// The proxy's allowlist: one declaration per route under /api/ramp (api/routes/spec.ts: its method and
// path, who may call it, its parameters, query and body, its answers, its handler). routes.ts mounts
// them (checks, 405, labels), operations.ts names their upstream operations, the OpenAPI document
// describes them. Mirrored routes' paths are exactly the upstream's (api/proxy/paths.ts). A new route
// is one entry here.
import { RampError } from '../../api';
import { IDEMPOTENCY_HEADER, NOT_YET_CREATED_CODE, PENDING_NOT_YET_CREATED } from '../../api/proxy/contract';
import {
  BootstrapAnswerSchema,
  CountriesAnswerSchema,
  CurrenciesAnswerSchema,
  DefaultsAnswerSchema,
  PaymentMethodsAnswerSchema,
  RoutesAnswerSchema,
} from '../../api/proxy/discovery';
import {
  FinancialAccountTransactionsAnswerSchema,
  FinancialAccountsAnswerSchema,
  QuoteBodySchema,
  QuotesAnswerSchema,
  SessionAnswerSchema,
  SessionBodySchema,
  TransactionAnswerSchema,
  TransactionsAnswerSchema,
} from '../../api/proxy/payments';
import { CHECKOUT_PATHS } from '../../api/proxy/paths';
import { HOST_PATHS } from '../../api/proxy/host-paths';
import { RE } from '../../api/proxy/patterns';
import { SessionLookupAnswerSchema, SessionLookupBodySchema } from '../../api/proxy/session-lookup';
import { date, datetime, int, oneOf, routesOf, text } from '../../api/routes/spec';
import type { Answer } from '../../api/routes/spec';
import type { Context } from 'hono';
import type { AppEnv } from '../http/context';
import { NO_STORE } from '../http/context';
import type { Deadline } from '../http/deadline';
import { openingQuoteOf, parseQuoteBody, parseSessionBody } from './bodies';
import { loadBootstrap } from './discovery/bootstrap';
import { cursorOf, pageMeta } from './parts';
import type { ProxyParts } from './parts';
import { lookupSessions } from './sessions/lookup';
import { transactionOfSession } from './transactions/by-session';
import { transactionView } from './views';

export const CATEGORIES = ['CRYPTO_ONRAMP', 'CRYPTO_OFFRAMP'] as const;

/** Each handler's upstream calls run in the request's scope (its deadline: routes.ts). */
const route = routesOf<ProxyParts, Context<AppEnv>, { scope: { deadline: Deadline } }>();

const category = oneOf(CATEGORIES, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP');
const partners = text(RE.partners, 'comma-separated partner ids, e.g. BANXA,TRANSAK');
const paymentType = text(RE.paymentType, 'a payment type, e.g. CARD');
const subdivision = text(RE.subdivision, 'an ISO 3166-2 code, e.g. US-NY');
const country = text(RE.country, 'a two-letter country code', true);
const limit = int(1, 100);
const cursor = text(RE.cursor, 'the key of a record from a previous page');
const customerId = text(RE.customerId, 'a customer id');

const ok = (schema: Answer['schema'], description = 'Success'): Answer => ({ description, schema });
/** The errors every route may answer (each route adds its own). */
const ERRORS = {
  400: { description: 'Invalid path parameter, query or body' },
  429: { description: 'Too many requests: retry after Retry-After seconds' },
  502: { description: 'The ramp service failed or sent what could not be read' },
  504: { description: 'The ramp service did not answer in time' },
};
const NOT_YOURS = { 404: { description: 'No transaction found for this tracking token' } };
const NO_CONSOLE_TOKEN = { 401: { description: 'No console token, or a wrong one' } };

export const RULES = [
  route({
    id: 'countries',
    method: 'GET',
    path: CHECKOUT_PATHS.countries,
    summary: 'The countries where a category is offered',
    query: { category: oneOf(CATEGORIES, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true), partners },
    access: 'public',
    mirrors: true,
    answers: { 200: ok(CountriesAnswerSchema), ...ERRORS },
    handle:
      ({ discoveryOf, discoveryJson }) =>
      async ({ c, query }) =>
        discoveryJson(
          c,
          'countries',
          await discoveryOf(c).countries({ category: query.category, partners: query.partners }),
          (list) => ({ countries: list }),
        ),
  }),
  route({
    id: 'defaults',
    method: 'GET',
    path: CHECKOUT_PATHS.defaults,
    summary: "A country's default fiat currency and payment methods for a category (null: none)",
    params: { country, category: oneOf(CATEGORIES, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true) },
    access: 'public',
    mirrors: true,
    answers: { 200: ok(DefaultsAnswerSchema), ...ERRORS },
    handle:
      ({ discoveryOf, discoveryJson }) =>
      async ({ c, params }) =>
        discoveryJson(c, 'defaults', await discoveryOf(c).defaults(params), (d) => d),
  }),
  route({
    id: 'currencies',
    method: 'GET',
    path: CHECKOUT_PATHS.currencies,
    summary: 'The fiat or crypto currencies of a country and category',
    query: {
      category: oneOf(CATEGORIES, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true),
      country,
      type: oneOf(['FIAT', 'CRYPTO'], 'FIAT or CRYPTO', true),
      network: text(RE.partner, 'a chain code, e.g. ETHEREUM'),
      partner: text(RE.partner, 'one partner id'),
      paymentType,
      providerCurrencyCode: text(RE.providerCurrencyCode, "a provider's currency code"),
      subdivision,
    },
    access: 'public',
    mirrors: true,
    answers: { 200: ok(CurrenciesAnswerSchema), ...ERRORS },
    handle:
      ({ discoveryOf, discoveryJson }) =>
      async ({ c, query }) =>
        discoveryJson(c, 'currencies', await discoveryOf(c).currencies(query), (currencies) => ({
          currencies,
        })),
  }),
  route({
    id: 'paymentMethods',
    method: 'GET',
    path: CHECKOUT_PATHS.paymentMethods,
    summary: 'The payment methods of a country, category and fiat currency',
    query: {
      category: oneOf(CATEGORIES, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true),
      country,
      currencyCode: text(RE.currency, 'a fiat currency code, e.g. USD', true),
      partners,
      paymentType,
      subdivision,
    },
    access: 'public',
    mirrors: true,
    answers: { 200: ok(PaymentMethodsAnswerSchema), ...ERRORS },
    handle:
      ({ discoveryOf, discoveryJson }) =>
      async ({ c, query }) =>
        discoveryJson(c, 'paymentMethods', await discoveryOf(c).paymentMethods(query), (methods) => methods),
  }),
  route({
    id: 'routes',
    method: 'GET',
    path: CHECKOUT_PATHS.routes,
    summary: "The partners' routes for a pair, with each payment method's limits",
    params: {
      category: oneOf(CATEGORIES, 'CRYPTO_ONRAMP or CRYPTO_OFFRAMP', true),
      country,
      source: text(RE.currency, 'a currency code', true),
      destination: text(RE.currency, 'a currency code', true),
    },
    query: {
      partners,
      paymentMethod: text(RE.method, 'a canonical payment method, e.g. CREDIT_DEBIT_CARD'),
      paymentType,
      subdivision,
    },
    access: 'public',
    mirrors: true,
    answers: { 200: ok(RoutesAnswerSchema), ...ERRORS },
    handle:
      ({ discoveryOf, discoveryJson }) =>
      async ({ c, params, query }) => {
        // The mirrored path is in the direction's order; the client rebuilds the same path from these.
        const onramp = params.category === 'CRYPTO_ONRAMP';
        const routes = await discoveryOf(c).routes({
          category: params.category,
          country: params.country,
          fiatCurrency: onramp ? params.source : params.destination,
          cryptoCurrency: onramp ? params.destination : params.source,
          ...query,
        });
        return discoveryJson(c, 'routes', routes, (list) => list);
      },
  }),
  route({
    id: 'quote',
    method: 'POST',
    path: CHECKOUT_PATHS.quote,
    summary: "Every partner's quote for an amount, with each partner's completion rate here",
    body: { schema: QuoteBodySchema, parse: parseQuoteBody },
    access: 'public',
    mirrors: true,
    answers: { 200: ok(QuotesAnswerSchema), ...ERRORS },
    handle:
      ({ rateLimit, limiters, quote, quoteCustomer }) =>
      async ({ c, body, scope }) => {
        await rateLimit(limiters.quote, c);
        const request = await body();
        return c.json({ quotes: await quote(await quoteCustomer(c), request, scope) }, 200, NO_STORE);
      },
  }),
  route({
    id: 'session',
    method: 'POST',
    path: CHECKOUT_PATHS.session,
    summary: "Creates the partner's checkout session and the order it is recorded as",
    body: { schema: SessionBodySchema, parse: parseSessionBody },
    headers: { [IDEMPOTENCY_HEADER]: 'a new UUID per checkout: a repeat answers the first session' },
    access: 'public',
    mirrors: true,
    ownsDeadline: true,
    answers: {
      200: ok(SessionAnswerSchema, 'The session and the tracking token that reads its order'),
      ...ERRORS,
      409: { description: 'The Idempotency-Key was used for another body, or its session is being settled' },
      410: { description: "The checkout's intent expired" },
      422: { description: 'The body departs from its intent, or its quote' },
      503: { description: 'SESSION_PENDING: retry with the same Idempotency-Key' },
    },
    handle:
      ({ rateLimit, limiters, createSession }) =>
      async ({ c, body, scope }) => {
        await rateLimit(limiters.session, c);
        return c.json(await createSession(c, body, scope.deadline), 200, NO_STORE);
      },
  }),
  route({
    id: 'transactionBySession',
    method: 'GET',
    path: CHECKOUT_PATHS.transactionBySession,
    summary: "The shopper's transaction of a session (pending before they act at the partner)",
    params: { sessionId: text(RE.id, 'a session id', true) },
    access: 'tracking',
    mirrors: true,
    answers: { 200: ok(TransactionAnswerSchema), ...ERRORS, ...NOT_YOURS },
    handle:
      ({ rateLimit, limiters, requireTracking, noTransaction, upstream }) =>
      async ({ c, params, scope }) => {
        await rateLimit(limiters.transaction, c);
        const claims = requireTracking(c);
        if (claims.sid !== params.sessionId) throw noTransaction();
        let tx;
        try {
          tx = await transactionOfSession(upstream, claims, scope);
        } catch (e) {
          // Not an error: the shopper has not acted at the partner yet (docs/CONTRACTS.md §1).
          if (e instanceof RampError && e.code === NOT_YET_CREATED_CODE)
            return c.json({ transaction: null, pending: PENDING_NOT_YET_CREATED }, 200, NO_STORE);
          if (e instanceof RampError && e.status === 404 && e.code === 'NOT_FOUND') throw noTransaction();
          throw e;
        }
        return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
      },
  }),
  route({
    id: 'transaction',
    method: 'GET',
    path: CHECKOUT_PATHS.transaction,
    summary: "A transaction: the shopper's own (tracking token), or any (console token)",
    params: { transactionId: text(RE.id, 'a transaction id', true) },
    access: 'tracking-or-admin',
    mirrors: true,
    answers: { 200: ok(TransactionAnswerSchema), ...ERRORS, ...NOT_YOURS, ...NO_CONSOLE_TOKEN },
    handle:
      ({ isConsoleCall, upstream, rateLimit, limiters, requireTracking, readOwned, noTransaction }) =>
      async ({ c, params, scope }) => {
        if (isConsoleCall(c)) {
          const tx = await upstream.read((cl) => cl.transaction(params.transactionId), scope);
          return c.json({ transaction: tx }, 200, NO_STORE);
        }
        await rateLimit(limiters.transaction, c);
        const claims = requireTracking(c);
        const tx = await readOwned((cl) => cl.transaction(params.transactionId), scope);
        if (tx.sessionId !== claims.sid) throw noTransaction();
        return c.json({ transaction: transactionView(tx) }, 200, NO_STORE);
      },
  }),
  route({
    id: 'sessionLookup',
    method: 'POST',
    path: CHECKOUT_PATHS.sessionLookup,
    summary: "The states of the shopper's own orders, by their tracking tokens",
    body: { schema: SessionLookupBodySchema },
    // Each tracking token of the body is checked: one that reads no order is answered null.
    access: 'public',
    answers: { 200: ok(SessionLookupAnswerSchema), ...ERRORS },
    handle:
      ({ rateLimit, limiters, verifyTracking, orders }) =>
      async ({ c, body }) => {
        // One allowance of tracking reads for the whole batch, as for one transaction read.
        await rateLimit(limiters.transaction, c);
        const { trackingTokens } = await body();
        return c.json(await lookupSessions(trackingTokens, verifyTracking, orders), 200, NO_STORE);
      },
  }),
  route({
    id: 'transactions',
    method: 'GET',
    path: CHECKOUT_PATHS.transactions,
    summary: "The service's transaction search, newest first (console)",
    query: {
      from: date,
      limit,
      status: text(RE.status, 'a status, e.g. SETTLED'),
      // Not in the description's table, but the upstream's transaction search filters by them.
      serviceProviders: partners,
      types: text(RE.transactionTypes, 'comma-separated transaction types, e.g. CRYPTO_PURCHASE'),
      externalCustomerIds: text(RE.customerId, 'a customer id'),
      before: cursor,
      after: cursor,
    },
    exclusive: ['before', 'after'],
    access: 'admin',
    mirrors: true,
    answers: { 200: ok(TransactionsAnswerSchema), ...ERRORS, ...NO_CONSOLE_TOKEN },
    handle:
      ({ upstream }) =>
      async ({ c, query, scope }) => {
        const page = await upstream.read(
          (cl) =>
            cl.transactions({
              from: query.from,
              status: query.status,
              serviceProviders: query.serviceProviders?.split(','),
              types: query.types?.split(','),
              externalCustomerIds: query.externalCustomerIds?.split(','),
              limit: query.limit,
              ...cursorOf(query),
            }),
          scope,
        );
        return c.json({ ...pageMeta(page), transactions: page.items }, 200, NO_STORE);
      },
  }),
  route({
    id: 'financialAccounts',
    method: 'GET',
    path: CHECKOUT_PATHS.financialAccounts,
    summary: "A customer's linked bank accounts (console)",
    query: { customerId, limit, before: cursor, after: cursor },
    exclusive: ['before', 'after'],
    access: 'admin',
    mirrors: true,
    answers: { 200: ok(FinancialAccountsAnswerSchema), ...ERRORS, ...NO_CONSOLE_TOKEN },
    handle:
      ({ upstream }) =>
      async ({ c, query, scope }) => {
        const page = await upstream.read(
          (cl) =>
            cl.financialAccounts({ customerId: query.customerId, limit: query.limit, ...cursorOf(query) }),
          scope,
        );
        return c.json({ ...pageMeta(page), financialAccounts: page.items }, 200, NO_STORE);
      },
  }),
  route({
    id: 'financialAccountTransactions',
    method: 'GET',
    path: CHECKOUT_PATHS.financialAccountTransactions,
    summary: "The transactions of a customer's linked bank accounts (console)",
    query: {
      customerId,
      // Not in the description's table, but the upstream's bank-linking listing filters by it.
      financialAccountId: text(RE.id, 'a financial account id'),
      startDate: datetime,
      endDate: datetime,
      limit,
      before: cursor,
      after: cursor,
    },
    exclusive: ['before', 'after'],
    access: 'admin',
    mirrors: true,
    answers: { 200: ok(FinancialAccountTransactionsAnswerSchema), ...ERRORS, ...NO_CONSOLE_TOKEN },
    handle:
      ({ upstream }) =>
      async ({ c, query, scope }) => {
        const { before: _b, after: _a, ...filters } = query;
        const page = await upstream.read(
          (cl) => cl.financialAccountTransactions({ ...filters, ...cursorOf(query) }),
          scope,
        );
        return c.json({ ...pageMeta(page), financialAccountTransactions: page.items }, 200, NO_STORE);
      },
  }),
  route({
    id: 'bootstrap',
    method: 'GET',
    path: CHECKOUT_PATHS.bootstrap,
    summary: "The first screen's data in one answer, with its opening quote when the query names one",
    query: {
      category,
      country: text(RE.country, 'a two-letter country code'),
      // The opening quote (proxy/bodies.ts openingQuoteOf): a quote's body, checked as one.
      subdivision: text(RE.fullSubdivision, 'an ISO 3166-2 code, e.g. US-NY'),
      sourceCurrencyCode: text(RE.currency, 'a currency code, e.g. USD'),
      destinationCurrencyCode: text(RE.currency, 'a currency code, e.g. BTC'),
      sourceAmount: text(RE.amount, 'a positive decimal, e.g. 100'),
      paymentMethodType: text(RE.method, 'a payment method, e.g. CREDIT_DEBIT_CARD'),
      serviceProviders: partners,
    },
    access: 'public',
    answers: { 200: ok(BootstrapAnswerSchema), ...ERRORS },
    handle:
      ({ openingQuote, discoveryOf, funnel }) =>
      async ({ c, query, scope }) => {
        const wanted = openingQuoteOf(query);
        const opening = wanted && openingQuote(c, wanted, scope);
        const body = await loadBootstrap(discoveryOf(c), {
          category: query.category ?? 'CRYPTO_ONRAMP',
          country: query.country,
          acceptLanguage: c.req.header('accept-language'),
        });
        funnel?.mark('opened', null, body.country);
        if (!opening) {
          return c.json(body, 200, {
            'Cache-Control': 'private, max-age=30',
            Vary: 'Origin, Accept-Language',
          });
        }
        const quote = await opening;
        return c.json(quote ? { ...body, quote } : body, 200, NO_STORE);
      },
  }),
  route({
    id: 'adminSession',
    method: 'GET',
    path: HOST_PATHS.adminSession,
    summary: "Whether the console's token is accepted (204)",
    access: 'admin',
    answers: { 204: { description: 'The token is accepted' }, ...NO_CONSOLE_TOKEN },
    handle:
      () =>
      async ({ c }) =>
        c.body(null, 204, NO_STORE),
  }),
];

export type ProxyRouteId = (typeof RULES)[number]['id'];
