// An opening quote still on its way when the bootstrap answered without it (OPENING_QUOTE_WAIT_MS in
// parts.ts): the widget then asks for the same quote itself, and joins the one in flight (same
// shopper, same request) rather than the service being asked twice. Kept until it settles and
// JOIN_AFTER_MS after, in this process (a request another instance takes asks the service itself).
import type { Quote, QuoteRequest } from '../../../api/types';

/** How long a late opening quote can still be joined once it came: well within a quote's life. */
export const JOIN_AFTER_MS = 5_000;

export interface LateOpenings {
  keep(customerId: string, request: QuoteRequest, quotes: Promise<Quote[] | undefined>): void;
  /** The kept quotes for this shopper and request (undefined when it failed), or undefined: none kept. */
  join(customerId: string, request: QuoteRequest): Promise<Quote[] | undefined> | undefined;
}

// The same request whatever order its fields came in (query string or JSON body).
const keyOf = (customerId: string, request: QuoteRequest) =>
  `${customerId}\n${JSON.stringify(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1)))}`;

export function createLateOpenings(): LateOpenings {
  const kept = new Map<string, Promise<Quote[] | undefined>>();
  return {
    keep(customerId, request, quotes) {
      const key = keyOf(customerId, request);
      const settled = quotes.catch(() => undefined);
      kept.set(key, settled);
      void settled.then(() => {
        const timer = setTimeout(() => kept.get(key) === settled && kept.delete(key), JOIN_AFTER_MS);
        timer.unref?.();
      });
    },
    // Nothing kept (nearly always): no key to make for every quote.
    join: (customerId, request) => (kept.size ? kept.get(keyOf(customerId, request)) : undefined),
  };
}
