// GET /api/ramp/bootstrap: our proxy's one extension of the upstream contract, the first screen's
// data in one response. The proxy builds it; the browser parses it with this schema.
import * as v from 'valibot';
import { countryDefaultSchema, countrySchema, currencySchema, paymentMethodSchema } from './schemas';
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

export const bootstrapSchema = v.looseObject({
  countries: v.array(countrySchema),
  country: v.string(),
  subdivisions: v.nullish(v.array(v.string()), null),
  defaults: v.nullish(countryDefaultSchema, null),
  fiatCurrencies: v.array(currencySchema),
  cryptoCurrencies: v.array(currencySchema),
  paymentMethods: v.array(paymentMethodSchema),
  fiatCurrency: v.string(),
}) satisfies v.GenericSchema<unknown, Bootstrap>;
