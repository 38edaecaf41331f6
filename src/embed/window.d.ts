// `window.RampCheckout` for this project's code and tests. Not part of the package's types: a merchant
// who wants it declares it the same way (README, "Script tag"), so installing the package never
// changes a React app's `Window`.
import type { RampCheckoutGlobal, RampCheckoutStub } from './types';

declare global {
  interface Window {
    RampCheckout?: RampCheckoutGlobal | RampCheckoutStub;
  }
}
