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
import { QuoteBodySchema } from './payments';

export const CountriesAnswerSchema = v.object({ countries: v.array(countrySchema) });
/** Null when the country has no default. */
export const DefaultsAnswerSchema = v.nullable(countryDefaultSchema);
export const CurrenciesAnswerSchema = v.object({ currencies: v.array(currencySchema) });
export const PaymentMethodsAnswerSchema = v.array(paymentMethodSchema);
export const RoutesAnswerSchema = v.array(routeSchema);

export const BootstrapAnswerSchema = v.object({
  countries: v.array(countrySchema),
  /** The resolved country: the asked one when supported, else from Accept-Language, else a fallback. */
  country: v.string(),
  subdivisions: v.nullable(v.array(v.string())),
  defaults: v.nullable(countryDefaultSchema),
  fiatCurrencies: v.array(currencySchema),
  cryptoCurrencies: v.array(currencySchema),
  /** The payment methods of `fiatCurrency`. */
  paymentMethods: v.array(paymentMethodSchema),
  /** The country's default fiat currency when offered, else the first one. */
  fiatCurrency: v.string(),
  /** The quote the request named (bootstrapQuery), when it came in time; absent otherwise. */
  quote: v.optional(v.object({ request: QuoteBodySchema, quotes: v.array(quoteSchema) })),
});
