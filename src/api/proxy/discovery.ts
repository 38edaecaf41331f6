// The proxy's discovery routes on the wire: each answer in the upstream's documented shape, its items
// as the readers of schemas.ts normalise them, and the proxy's own GET /bootstrap (the first screen's
// data in one answer). The browser imports only types from here (api/bootstrap.ts Bootstrap).
import * as v from 'valibot';
import {
  countryDefaultSchema,
  countrySchema,
  currencySchema,
  paymentMethodSchema,
  quoteSchema,
  routeSchema,
} from '../schemas';
import type { Country, CountryDefault, Currency, PaymentMethod, Quote } from '../types';
import { QuoteBodySchema } from './payments';

/** A reader's schema typed by the vocabulary it reads into (types.ts): what the answer's type says. */
const as = <T>(schema: v.GenericSchema<unknown, T>): v.GenericSchema<unknown, T> => schema;
const country = as<Country>(countrySchema);
const countryDefault = as<CountryDefault>(countryDefaultSchema);
const currency = as<Currency>(currencySchema);
const paymentMethod = as<PaymentMethod>(paymentMethodSchema);

export const CountriesAnswerSchema = v.object({ countries: v.array(countrySchema) });
/** Null when the country has no default. */
export const DefaultsAnswerSchema = v.nullable(countryDefaultSchema);
export const CurrenciesAnswerSchema = v.object({ currencies: v.array(currencySchema) });
export const PaymentMethodsAnswerSchema = v.array(paymentMethodSchema);
export const RoutesAnswerSchema = v.array(routeSchema);

export const BootstrapAnswerSchema = v.object({
  countries: v.array(country),
  /** The resolved country: the asked one when supported, else from Accept-Language, else a fallback. */
  country: v.string(),
  subdivisions: v.nullable(v.array(v.string())),
  defaults: v.nullable(countryDefault),
  fiatCurrencies: v.array(currency),
  cryptoCurrencies: v.array(currency),
  /** The payment methods of `fiatCurrency`. */
  paymentMethods: v.array(paymentMethod),
  /** The country's default fiat currency when offered, else the first one. */
  fiatCurrency: v.string(),
  /** The quote the request named (bootstrapQuery), when it came in time; absent otherwise. */
  quote: v.optional(v.object({ request: QuoteBodySchema, quotes: v.array(as<Quote>(quoteSchema)) })),
});
