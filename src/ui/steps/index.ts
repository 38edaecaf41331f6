// The step screens and what they need from the widget around them.
export { CheckoutProvider, useCheckoutState, useCheckoutStore, useHost } from './context';
export type { CheckoutHost, LaunchMode, LaunchedMode, UiSignal } from './context';
export {
  CheckoutDataProvider,
  quoteRefreshMs,
  useCheckoutData,
  useCheckoutDataSource,
  useSend,
} from './data';
export type { CheckoutData } from './data';
export { useListDefaults } from './useListDefaults';
export { useDataReports } from './useDataReports';
export { BackContext, NavigatedContext } from './StepFrame';
export { usePageHistory } from './usePageHistory';
export { OrderScreen } from './OrderScreen';
export { WalletStep } from './WalletStep';
export { LaunchStep } from './LaunchStep';
export { StatusStep } from './StatusStep';
