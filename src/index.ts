// ramp-checkout: the library's public exports.
export { RampCheckout } from './widget/RampCheckout';
export { OptionsError, validateOptions } from './widget/config';
export type { LaunchMode, RampCheckoutOptions } from './widget/config';
export { ERROR_CODES } from './widget/events';
export type {
  QuoteSummary,
  RampCheckoutErrorCode,
  RampCheckoutEvent,
  RampCheckoutEventType,
  RampCheckoutStatus,
  TransactionFacts,
} from './widget/events';
export type { ThemeMode, ThemeOption, ThemeTokens } from './ui/theme';
