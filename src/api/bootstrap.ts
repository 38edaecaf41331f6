// GET /api/ramp/bootstrap: our proxy's one extension of the upstream contract, the first screen's
// data in one response. The proxy builds it from answers it validated; the browser reads its outline
// (readBootstrap, proxy-readers.ts).
import type { Country, CountryDefault, Currency, PaymentMethod } from './types';

export interface Bootstrap {
  countries: Country[];
  /** The resolved country: the asked one when supported, else from Accept-Language, else a fallback. */
  country: string;
  subdivisions: string[] | null;
  defaults: CountryDefault | null;
  fiatCurrencies: Currency[];
  cryptoCurrencies: Currency[];
  /** The payment methods of `fiatCurrency`. */
  paymentMethods: PaymentMethod[];
  /** The country's default fiat currency when offered, else the first one. */
  fiatCurrency: string;
}
