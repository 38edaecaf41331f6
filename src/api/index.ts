export * from './types';
export { RampError, toRampError, isNoValidQuotes, isRetryableStatus } from './errors';
export type { RampErrorInit } from './errors';
export { createRampClient } from './client';
export { ORIGIN_NOT_ALLOWED, withOriginCheck } from './origin-check';
export type { OriginCheckOptions } from './origin-check';
export { proxyReaders, readBootstrap } from './proxy-readers';
export type {
  CallOptions,
  CountriesParams,
  CurrenciesParams,
  DefaultsParams,
  Partners,
  PaymentMethodsParams,
  QueryValue,
  RampClient,
  RampClientOptions,
  Reader,
  Readers,
  RequestOptions,
  RoutesParams,
} from './client';
export { paginate } from './pagination';
export type { PaginateOptions } from './pagination';
export {
  countriesResponse,
  countryDefaultSchema,
  countrySchema,
  currenciesResponse,
  currencySchema,
  defaultsResponse,
  errorBodySchema,
  financialAccountSchema,
  financialAccountTransactionSchema,
  financialAccountTransactionsPage,
  financialAccountsPage,
  limitsSchema,
  parseResponse,
  paymentMethodSchema,
  readWith,
  upstreamReaders,
  paymentMethodsResponse,
  quoteResponse,
  quoteSchema,
  quoteItemSchema,
  quoteResponseFor,
  itemList,
  routeSchema,
  routesResponse,
  sessionResponse,
  transactionResponse,
  transactionSchema,
  transactionsPage,
} from './schemas';
export type { Bootstrap, OpeningChoices } from './bootstrap';
export { bootstrapQuery, openingQuote } from './bootstrap';
export type { DroppedItems, QuoteItem } from './schemas';
