// GET /api/ramp/bootstrap: our proxy's one extension of the upstream contract, the first screen's
// data in one response. The proxy builds it from answers it validated; the browser reads its outline
// (readBootstrap, proxy-readers.ts). When the widget opens with every choice of a quote made (the
// hosted page's full prefill), the request names that quote and the answer brings it too, so the
// first price needs no round trip of its own.
import { subdivisionFits } from '../domain/codes';
import type { InferOutput } from 'valibot';
import type { BootstrapAnswerSchema } from './proxy/discovery';
import type { QuoteRequest } from './types';

/**
 * A checkout's first data, asked for by the host server while it makes the page (the hosted page's
 * server, or the merchant's through `ramp.bootstrap(request, options)`), for the widget's `bootstrap`
 * option: the widget then shows it at once instead of asking for it.
 */
export interface RampBootstrap {
  /** The request it answers, as the server made it: `…/bootstrap?<query>`. */
  request: string;
  /** The answer, as GET /api/ramp/bootstrap sends it (checked by the widget before use). */
  answer: unknown;
}

/** GET /api/ramp/bootstrap's answer (api/proxy/discovery.ts: its schema, what the server sends). */
export type Bootstrap = InferOutput<typeof BootstrapAnswerSchema>;

/** The choices the widget opens with, as far as a quote goes (its options, before any list is read). */
export interface OpeningChoices {
  /** @default 'buy' */
  direction?: 'buy' | 'sell';
  country?: string;
  subdivision?: string;
  fiatCurrency?: string;
  cryptoCurrency?: string;
  paymentMethod?: string;
  amount?: string;
  partners?: readonly string[];
}

/** A plain decimal, as the widget's amount option takes it ("100", "0.05"). */
const DECIMAL = /^\d+(?:\.\d+)?$/;

/**
 * The quote those choices ask for once the lists confirm them (checkout/requests.ts quoteRequest
 * makes the same one), when every choice is made; undefined otherwise. The US prices by state: no
 * quote without one.
 */
export function openingQuote(c: OpeningChoices): QuoteRequest | undefined {
  const amount = c.amount !== undefined && DECIMAL.test(c.amount) ? Number(c.amount) : 0;
  if (!c.country || !c.fiatCurrency || !c.cryptoCurrency || !c.paymentMethod || !(amount > 0))
    return undefined;
  const fits = subdivisionFits(c.country, c.subdivision);
  if (c.country === 'US' && !fits) return undefined;
  const buy = c.direction !== 'sell';
  return {
    countryCode: c.country,
    ...(fits ? { subdivision: c.subdivision } : {}),
    sourceCurrencyCode: buy ? c.fiatCurrency : c.cryptoCurrency,
    sourceAmount: amount,
    destinationCurrencyCode: buy ? c.cryptoCurrency : c.fiatCurrency,
    paymentMethodType: c.paymentMethod,
    ...(c.partners?.length ? { serviceProviders: [...c.partners] } : {}),
  };
}

/**
 * The query of a bootstrap request, in its one order: the widget's request and the hosted page's
 * preload of it (server/http/preload.ts) must name the same URL, or the browser fetches it twice.
 */
export function bootstrapQuery(
  category: string,
  country: string | undefined,
  quote?: QuoteRequest,
): Record<string, string> {
  const q: Record<string, string> = { category };
  if (country) q.country = country;
  if (!quote) return q;
  if (quote.subdivision) q.subdivision = quote.subdivision;
  q.sourceCurrencyCode = quote.sourceCurrencyCode;
  q.destinationCurrencyCode = quote.destinationCurrencyCode;
  q.sourceAmount = String(quote.sourceAmount);
  if (quote.paymentMethodType) q.paymentMethodType = quote.paymentMethodType;
  if (quote.serviceProviders?.length) q.serviceProviders = quote.serviceProviders.join(',');
  return q;
}
