// The widget: the React component, its options and events. Entry points (embed, hosted) build on this.
export { RampCheckout, CheckoutRoot } from './RampCheckout';
export { restartKey } from './useLiveOptions';
export type { WidgetEnv } from './RampCheckout';
export { OptionsError, optionsFromQuery, validateOptions } from './config';
export type { LaunchMode, RampCheckoutOptions, ValidOptions } from './config';
export { ERROR_CODES, EVENT_TYPES, createEmitter, errorCode } from './events';
export type {
  EventEmitter,
  EventListener,
  QuoteSummary,
  RampCheckoutErrorCode,
  RampCheckoutEvent,
  RampCheckoutStatus,
  TransactionFacts,
  RampCheckoutEventType,
} from './events';
