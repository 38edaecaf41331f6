// ramp-checkout: the library's public exports, and every type they speak of.
export { RampCheckout } from './widget/RampCheckout';
export { OptionsError, validateOptions } from './widget/config';
export type { LaunchMode, RampCheckoutOptions, ValidOptions } from './widget/config';
export { ERROR_CODES } from './widget/events';
export type {
  OrderSummary,
  QuoteSummary,
  RampCheckoutErrorCode,
  RampCheckoutEvent,
  RampCheckoutEventType,
  RampCheckoutStatus,
  TransactionFacts,
} from './widget/events';
export type { Direction, TransactionStatus } from './api/types';
export type { RampBootstrap } from './api/bootstrap';
export type { LockableField, Step } from './checkout/state';
export type { ThemeMode, ThemeOption, ThemeTokens } from './ui/theme/tokens';
export type { Language, MessageOverrides } from './ui/i18n/languages';
export type { MessageKey } from './ui/i18n/en';
// The script-tag embed's `window.RampCheckout` (the embed itself is dist/embed, not this module).
export type {
  MountCallback,
  MountTarget,
  RampCheckoutCommand,
  RampCheckoutGlobal,
  RampCheckoutHandle,
  RampCheckoutStub,
} from './embed/types';
