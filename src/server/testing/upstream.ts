// Test support: a recording fake of the upstream service, answering with the spec's example
// payloads (src/api/__fixtures__); a test server runs over it with `upstream: 'fake'` (server.ts).
import { fixture, okBodies } from '../../api/test-fixtures';
import { buySession } from '../../api/test-sessions';

export { QUOTE_PATH, SESSION_PATH, json, quoteFor, quotedSession } from './session';
export type { Send } from './session';

export const TEST_KEY = 'test-key-Zx81-never-show-me';
export const TEST_BASE = 'https://upstream.test/v1';

/** A valid buy session body (the browser's, for SESSION_PATH). */
export const BUY_SESSION = buySession();

export interface Recorded {
  method: string;
  url: URL;
  /** Path below the base URL. */
  path: string;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
}

type Handler = (r: Recorded) => Reply | Promise<Reply>;

const fx = (file: string, name: string): unknown => {
  const e = fixture(file).response_examples.find((x) => x.name === name);
  if (!e) throw new Error(`no example ${name} in ${file}`);
  return e.body;
};

export const COUNTRIES = [
  ...(okBodies('network-partner-supported-countries') as { countries: unknown[] }[]).flatMap(
    (b) => b.countries,
  ),
  { countryCode: 'DE', name: 'Germany', flag: '🇩🇪' },
];
export const CRYPTO = [
  ...(fx('network-partner-supported-currencies', 'supportedCurrencies') as { currencies: unknown[] })
    .currencies,
  { currencyCode: 'BTC', name: 'Bitcoin', decimalPlaces: 8, type: 'CRYPTO', chainCode: 'BITCOIN' },
  { currencyCode: 'XRP', name: 'XRP', decimalPlaces: 6, type: 'CRYPTO', chainCode: 'XRP' },
];
export const FIAT = [
  { currencyCode: 'USD', name: 'US Dollar', decimalPlaces: 2, type: 'FIAT' },
  { currencyCode: 'EUR', name: 'Euro', decimalPlaces: 2, type: 'FIAT' },
];
export const PAYMENT_METHODS = fx('network-partner-supported-payment-methods', 'supportedPaymentMethods') as {
  method: string;
  name: string;
}[];
const ROUTES = fx('network-partner-supported-routes', 'supportedRoutes') as {
  source: string;
  destination: string;
}[];
const QUOTES = fx('crypto-quote', 'buyQuote');
const SESSION = fx('crypto-session-widget', 'widgetCreated') as Record<string, unknown>;
const TX = (fx('payments-transaction-get', 'cryptoPurchase') as { transaction: Record<string, unknown> })
  .transaction;

const err = (status: number, code: string, message: string): Reply => ({
  status,
  body: { code, message, requestId: 'up-req-1', timestamp: '2026-08-14T09:41:22.482+00:00' },
});

/** Default answers, keyed by `METHOD /path` (exact) or matched by the functions below. */
function defaultReply(r: Recorded, sessions: Set<string>): Reply {
  const p = r.path;
  const q = r.url.searchParams;
  if (r.method === 'GET' && p === '/network-partner/supported/countries') {
    return { status: 200, body: { countries: COUNTRIES } };
  }
  let m = /^\/network-partner\/defaults\/([A-Z]{2})\/(CRYPTO_ONRAMP|CRYPTO_OFFRAMP)$/.exec(p);
  if (r.method === 'GET' && m) {
    return { status: 200, body: m[1] === 'US' ? fx('network-partner-defaults', 'countryDefaults') : null };
  }
  if (r.method === 'GET' && p === '/network-partner/supported/currencies') {
    return { status: 200, body: { currencies: q.get('type') === 'FIAT' ? FIAT : CRYPTO } };
  }
  if (r.method === 'GET' && p === '/network-partner/supported/payment-methods') {
    return { status: 200, body: PAYMENT_METHODS };
  }
  m = /^\/network-partner\/supported\/routes\/(CRYPTO_ONRAMP|CRYPTO_OFFRAMP)\/([A-Z]{2})\/(\w+)\/(\w+)$/.exec(
    p,
  );
  if (r.method === 'GET' && m) {
    // Reversed pair for the category: 200 with [] (the description's rule 3).
    const fiatFirst = FIAT.some((f) => f.currencyCode === m![3]);
    const ok = m[1] === 'CRYPTO_ONRAMP' ? fiatFirst : !fiatFirst;
    return { status: 200, body: ok ? ROUTES : [] };
  }
  if (r.method === 'POST' && p === '/payments/crypto/quote') {
    const body = r.body as { paymentMethodType?: string };
    if (body.paymentMethodType && !PAYMENT_METHODS.some((pm) => pm.method === body.paymentMethodType)) {
      return err(400, 'NO_VALID_QUOTES', 'No valid quotes available for this request');
    }
    return { status: 200, body: QUOTES };
  }
  if (r.method === 'POST' && p === '/crypto/session/widget') {
    const body = r.body as { externalSessionId?: string };
    const ext = body.externalSessionId ?? '';
    if (sessions.has(ext)) return err(400, 'DUPLICATE_EXTERNAL_SESSION_ID', 'Duplicate externalSessionId');
    sessions.add(ext);
    const id = `sess${sessions.size}`;
    return { status: 200, body: { ...SESSION, id, externalSessionId: ext } };
  }
  m = /^\/payments\/transactions\/sessions\/([\w-]+)$/.exec(p);
  if (r.method === 'GET' && m) {
    return { status: 200, body: { transaction: { ...TX, id: `tx-${m[1]}`, sessionId: m[1] } } };
  }
  m = /^\/payments\/transactions\/tx-([\w-]+)$/.exec(p);
  if (r.method === 'GET' && m) {
    return { status: 200, body: { transaction: { ...TX, id: `tx-${m[1]}`, sessionId: m[1] } } };
  }
  if (r.method === 'GET' && p === '/payments/transactions') {
    return { status: 200, body: fx('payments-transactions-search', 'onePage') };
  }
  if (r.method === 'GET' && p === '/financial-accounts') {
    return { status: 200, body: fx('financial-accounts-search', 'page') };
  }
  if (r.method === 'GET' && p === '/financial-accounts/transactions') {
    return { status: 200, body: fx('financial-accounts-transactions-search', 'page') };
  }
  return err(404, 'NOT_FOUND', 'Resource not found');
}

export interface FakeUpstream {
  fetch: typeof fetch;
  calls: Recorded[];
  /** Overrides the answer for requests whose path starts with `prefix` (most recent override wins). */
  on(prefix: string, handler: Handler): void;
  /** Holds every request until release() is called (for single-flight tests). */
  hold(): { release: () => void };
}

export function fakeUpstream(): FakeUpstream {
  const calls: Recorded[] = [];
  const overrides: [string, Handler][] = [];
  const sessions = new Set<string>();
  let gate: Promise<void> | undefined;
  const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const rec: Recorded = {
      method: req.method,
      url,
      path: url.pathname.replace(new URL(TEST_BASE).pathname, ''),
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(rec);
    if (gate) await gate;
    const handler = [...overrides].reverse().find(([prefix]) => rec.path.startsWith(prefix))?.[1];
    // Like fetch: an abort (the client's timeout) rejects, whatever the handler is doing. On the
    // caller's own signal: the Request's copy follows it only while the Request lives (undici links
    // them through a weak reference), and a garbage collection during a hung handler cut it, so the
    // call then waited for the request's deadline (10 s) instead of its 100 ms timeout.
    const signal = init?.signal ?? req.signal;
    const aborted = new Promise<never>((_, reject) => {
      const fail = () => reject(new DOMException('The operation was aborted', 'AbortError'));
      if (signal.aborted) fail();
      signal.addEventListener('abort', fail, { once: true });
    });
    const reply = await Promise.race([handler ? handler(rec) : defaultReply(rec, sessions), aborted]);
    return new Response(reply.text ?? JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return {
    fetch: fake as typeof fetch,
    calls,
    on: (prefix, handler) => overrides.push([prefix, handler]),
    hold() {
      let release = () => {};
      gate = new Promise<void>((r) => (release = r));
      return {
        release: () => {
          gate = undefined;
          release();
        },
      };
    },
  };
}
