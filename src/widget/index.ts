// The widget: the React component, its options and events. Entry points (embed, hosted) build on this.
export { RampCheckout, CheckoutRoot } from './RampCheckout';
export type { WidgetEnv } from './RampCheckout';
export { OptionsError, optionsFromQuery, validateOptions } from './config';
export type { LaunchMode, RampCheckoutOptions, ValidOptions } from './config';
export { EVENT_TYPES, createEmitter } from './events';
export type {
  EventEmitter,
  EventListener,
  QuoteSummary,
  RampCheckoutEvent,
  RampCheckoutEventType,
} from './events';
