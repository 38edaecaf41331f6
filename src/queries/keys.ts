// Every query key of the widget, from one factory, so invalidation and cache seeding (bootstrap)
// address the same entries the hooks read. Keys hold only plain, serialisable inputs.
import type { Category, CurrencyType, QuoteRequest } from '../api/types';

export interface RoutesKeyInput {
  category: Category;
  country: string;
  fiatCurrency: string;
  cryptoCurrency: string;
  subdivision?: string;
  partners?: readonly string[];
}

export const rampKeys = {
  all: ['ramp'] as const,
  bootstrap: (category: Category, country: string | undefined, quote?: QuoteRequest) =>
    [...rampKeys.all, 'bootstrap', category, country ?? null, quote ?? null] as const,
  countries: (category: Category) => [...rampKeys.all, 'countries', category] as const,
  defaults: (country: string, category: Category) =>
    [...rampKeys.all, 'defaults', country, category] as const,
  currencies: (category: Category, country: string, type: CurrencyType) =>
    [...rampKeys.all, 'currencies', category, country, type] as const,
  paymentMethods: (category: Category, country: string, currencyCode: string) =>
    [...rampKeys.all, 'paymentMethods', category, country, currencyCode] as const,
  routes: (r: RoutesKeyInput) =>
    [
      ...rampKeys.all,
      'routes',
      r.category,
      r.country,
      r.fiatCurrency,
      r.cryptoCurrency,
      r.subdivision ?? null,
      r.partners?.join(',') ?? null,
    ] as const,
  quotes: (request: QuoteRequest) => [...rampKeys.all, 'quotes', request] as const,
  transaction: (sessionId: string) => [...rampKeys.all, 'transaction', sessionId] as const,
  orderStates: (sessionIds: readonly string[]) => [...rampKeys.all, 'orderStates', sessionIds] as const,
};
