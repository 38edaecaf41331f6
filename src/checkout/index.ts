// The checkout step machine: pure state, events, guards and validators, plus a per-instance store.
export { next } from './machine';
export { initialState, startStep } from './initial';
export type { CheckoutInit, Prefill } from './initial';
export type { CheckoutEvent, CheckoutEventType } from './events';
export {
  DEFAULT_DECIMALS,
  DEFAULT_QUOTE_TTL_MS,
  LOCKABLE_FIELDS,
  NO_FACTS,
  STEPS,
  flowCodes,
  stepIndex,
} from './state';
export type {
  CheckoutState,
  Facts,
  CryptoRef,
  Launch,
  LaunchSession,
  LockableField,
  Prefs,
  Selection,
  Step,
  Tracking,
} from './state';
export { firstUnmet, guardStatus, walletTagFor } from './guards';
export type { GuardStatus } from './guards';
export { DEPENDS_ON, dependentsOf } from './dependencies';
export type { Piece } from './dependencies';
export { idempotencyKeyFor } from './idempotency';
export { syncEvents } from './sync';
export type { SyncLists } from './sync';
export * from './selectors';
export type { CheckoutSummary } from './selectors';
export { MAX_DECIMALS, MAX_INTEGER_DIGITS, parseAmount, validateAmount } from './amount';
export type {
  AmountCheck,
  AmountLimits,
  AmountProblem,
  AmountRules,
  ParsedAmount,
  ParseProblem,
} from './amount';
export { addressFamily, validateAddress } from '../domain/address';
export type { AddressCheck, AddressProblem } from '../domain/address';
export { TIMELINE, TRANSACTION_STATUSES, resolveStatusView, timelineFor } from './status';
export type { StatusAction, StatusTone, StatusView, TimelineKey, TimelineStep } from './status';
export { createCheckoutStore } from './store';
export type { CheckoutStore, CheckoutStoreApi, CheckoutStoreOptions, TransitionListener } from './store';
export { loadCheckout, saveCheckout } from './persistence';
export { decimalOf, offerFigures } from './offerFigures';
export type { OfferFigures } from './offerFigures';
export {
  RECENT_ORDERS_MAX,
  asRecentOrder,
  kept,
  lastTransaction,
  quoteOfOrder,
  recentOrderOf,
  withOrder,
  withStates,
} from './recentOrders';
export type { OrderState, RecentOrder, RecentOrdersStore } from './recentOrders';
export type { PersistedCheckout, StorageLike } from './persistence';
export { statusLinks, usedBefore } from './links';
export type { StatusLinks } from './links';
export { EXPLORER_TEMPLATES, explorerUrl } from './explorers';
export { validateWalletTag, walletTagRule } from '../domain/wallet-tag';
export type { TagCheck, TagRule } from '../domain/wallet-tag';
export * from './verification';
