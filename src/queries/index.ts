// Data access of the widget: react-query hooks over src/api that return view models.
export { rampKeys } from './keys';
export type { RoutesKeyInput } from './keys';
export { RampClientProvider, useRampClient } from './client';
export { bootstrapQueryOptions, seedFromBootstrap, seedFromPage } from './bootstrap';
export {
  DISCOVERY_STALE_MS,
  countriesQueryOptions,
  currenciesQueryOptions,
  defaultsQueryOptions,
  paymentMethodsQueryOptions,
  routesQueryOptions,
} from './discovery';
export { useDiscovery } from './useDiscovery';
export type { DiscoveryInput, DiscoveryView } from './useDiscovery';
export { QUOTE_DEBOUNCE_MS, quoteQueryOptions, useQuotes } from './quotes';
export type { QuotesOptions, QuotesView } from './quotes';
export { useCreateSession } from './session';
export type { CreateSession } from './session';
export { NOT_YET_CREATED_CODE as NOT_YET_CREATED } from '../api/proxy/contract';
export {
  isTerminal,
  readTransaction,
  seedTransaction,
  transactionQueryOptions,
  useTransaction,
} from './transactions';
export { useRecentOrders } from './orderStates';
export type { PollTiming, TrackedTransaction, TrackingInput, TransactionView } from './transactions';
export {
  cryptoKey,
  findCrypto,
  methodLimits,
  offeredMethods,
  preferredFiat,
  preferredMethod,
  routedMethods,
} from './offers';
export { REQUEST_BUDGET_MS, pollDelay, retryDelay, retryTransient } from './retry';
export { asRampError } from './view';
export type { ListView } from './view';
export { knownRate } from './rate';
export { findSourceAmount, MAX_TARGET_QUOTES } from './target';
export type { TargetResult, TargetSearch } from './target';
