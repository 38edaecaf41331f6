// The hosted page's first data on its way with the page: a `Link: rel=preload` header naming the
// bootstrap request the page is about to make, so the browser asks for it while it is still
// downloading the scripts instead of after running them (one round trip less on a slow phone).
// Only when the page's URL says exactly which request that is (the country is given; no intent,
// which brings its own values): a wrong guess would cost a request and a console warning. With a
// full prefill, that request names the opening quote too, so the first price comes with it.
import { bootstrapQuery, openingQuote } from '../../api/bootstrap';
import type { OpeningChoices } from '../../api/bootstrap';
import { categoryOf } from '../../api/types';
import { API_PREFIX } from '../../api/proxy/contract';

const DIRECTIONS = ['buy', 'sell'] as const;
type Direction = (typeof DIRECTIONS)[number];

/** What the widget sends to /bootstrap for this query string (src/queries/bootstrap.ts), if certain. */
export function bootstrapRequestPath(query: URLSearchParams): string | undefined {
  const once = (name: string) => (query.getAll(name).length > 1 ? null : query.get(name));
  const country = once('country')?.trim().toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country) || query.has('intent')) return undefined;
  const listed = (once('directions') ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  const direction = (once('direction')?.trim() || listed[0] || 'buy') as Direction;
  if (!DIRECTIONS.includes(direction) || listed.some((d) => !DIRECTIONS.includes(d as Direction))) {
    return undefined; // the page will show what is wrong with its link instead
  }
  // The widget asks for the quote its options make along with the first data (api/bootstrap.ts):
  // read from the same parameters, as its options take them (codes upper-cased, text trimmed).
  const upper = (name: string) => once(name)?.trim().toUpperCase() || undefined;
  const quote = openingQuote({
    direction,
    country,
    subdivision: upper('subdivision'),
    fiatCurrency: upper('fiatCurrency'),
    cryptoCurrency: upper('cryptoCurrency'),
    paymentMethod: upper('paymentMethod'),
    amount: (once('amount') ?? once('defaultAmount'))?.trim(),
    partners: upper('partners')?.split(',').filter(Boolean),
  });
  const qs = new URLSearchParams(bootstrapQuery(categoryOf(direction), country, quote));
  return `${API_PREFIX}/bootstrap?${qs.toString()}`;
}

/** The widget options that decide its first request (the widget's names and forms). */
export interface BootstrapOptions extends Omit<OpeningChoices, 'country' | 'amount'> {
  country: string;
  directions?: Direction[];
  network?: string;
  amount?: string | number;
  defaultAmount?: string | number;
}

/** What the widget sends to /bootstrap for these options, if certain (as `bootstrapRequestPath`). */
export function bootstrapRequestFor(options: BootstrapOptions): string | undefined {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options) as [string, unknown][]) {
    if (Array.isArray(value)) query.set(name, value.join(','));
    else if (typeof value === 'string' || typeof value === 'number') query.set(name, String(value));
  }
  return bootstrapRequestPath(query);
}

/** The Link header value that preloads it (`crossorigin`: matched by the page's own fetch). */
export function bootstrapPreloadLink(query: URLSearchParams): string | undefined {
  const path = bootstrapRequestPath(query);
  return path && `<${path}>; rel=preload; as=fetch; crossorigin`;
}
