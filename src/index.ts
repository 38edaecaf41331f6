// ramp-checkout: the library's public exports.
export { RampCheckout } from './widget/RampCheckout';
export { OptionsError, validateOptions } from './widget/config';
export type { LaunchMode, RampCheckoutOptions } from './widget/config';
export type { QuoteSummary, RampCheckoutEvent, RampCheckoutEventType } from './widget/events';
export type { ThemeMode, ThemeOption, ThemeTokens } from './ui/theme';
