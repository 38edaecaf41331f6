// Test support with no build-tool imports (usable by vitest, Playwright and the benchmarks alike):
// creating a session the way the widget does, its terms quoted first, and paying for it.
import { BTC_WALLET, buySession } from '../../api/test-sessions';

/** Where the browser asks for quotes and creates sessions. */
export const QUOTE_PATH = '/api/ramp/payments/crypto/quote';
export const SESSION_PATH = '/api/ramp/crypto/session/widget';

export const QUOTE_BODY = {
  countryCode: 'US',
  sourceCurrencyCode: 'USD',
  sourceAmount: 100,
  destinationCurrencyCode: 'BTC',
};

/** A buy with the shopper's state and no payment method (the session's default). */
export const SESSION_BODY = buySession({
  subdivision: 'US-NY',
  paymentMethodType: undefined,
  walletAddress: BTC_WALLET,
});

/** The shopper pays on the provider's page (a real HTTP origin: a listening server's sandbox): 303 when taken. */
export const payAtProvider = (widgetUrl: string): Promise<Response> =>
  fetch(widgetUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'action=pay',
    redirect: 'manual',
  });

export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

interface SessionTerms {
  sessionData: {
    serviceProvider: string;
    countryCode: string;
    subdivision?: string;
    sourceCurrencyCode: string;
    sourceAmount: string;
    destinationCurrencyCode: string;
    paymentMethodType?: string;
  };
}

const isSessionTerms = (body: unknown): body is SessionTerms => {
  const d = (body as { sessionData?: Record<string, unknown> } | null)?.sessionData;
  return (
    typeof d === 'object' &&
    d !== null &&
    ['serviceProvider', 'countryCode', 'sourceCurrencyCode', 'sourceAmount', 'destinationCurrencyCode'].every(
      (f) => typeof d[f] === 'string',
    )
  );
};

/** The quote request the widget makes before it creates a session of `body`: the same terms. */
export function quoteFor(body: SessionTerms) {
  const d = body.sessionData;
  return {
    countryCode: d.countryCode,
    ...(d.subdivision === undefined ? {} : { subdivision: d.subdivision }),
    sourceCurrencyCode: d.sourceCurrencyCode,
    sourceAmount: Number(d.sourceAmount),
    destinationCurrencyCode: d.destinationCurrencyCode,
    ...(d.paymentMethodType === undefined ? {} : { paymentMethodType: d.paymentMethodType }),
    serviceProviders: [d.serviceProvider],
  };
}

/** How a test reaches the host server (app.request, fetch to a listening server, …). */
export type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Creates a session the way the widget does: its terms quoted first (a session is bound to a quote
 * the server gave recently), then the session itself. A body without session terms (a test of a
 * malformed one) goes straight to the session route.
 */
export async function quotedSession(
  send: Send,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  if (isSessionTerms(body)) await send(QUOTE_PATH, json(quoteFor(body), cookieOnly(headers)));
  return send(SESSION_PATH, json(body, headers));
}

// The browser's cookie goes with its quote as with its session; nothing else of the session's headers.
const cookieOnly = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => /^(?:cookie|x-forwarded-for)$/i.test(k)));
