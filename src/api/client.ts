// The one typed client of the upstream contract. The server uses it against the upstream (absolute
// baseUrl, key) and reads the answers with `upstreamReaders` (schemas.ts: validated, normalised); the
// browser uses it against our proxy (baseUrl '/api/ramp', no key) and reads the proxy's answers,
// already validated, with `proxyReaders` (proxy-readers.ts: their outline only, no schema shipped).
import {
  REDACTED,
  RampError,
  abortedError,
  malformedResponse,
  networkError,
  timeoutError,
  toRampError,
} from './errors';
import {
  COUNTRIES_PATH,
  CURRENCIES_PATH,
  DEFAULTS_PATH,
  FINANCIAL_ACCOUNTS_PATH,
  FINANCIAL_ACCOUNT_TRANSACTIONS_PATH,
  PAYMENT_METHODS_PATH,
  QUOTE_PATH,
  ROUTES_PATH,
  SESSION_PATH,
  TRANSACTIONS_PATH,
  TRANSACTION_BY_SESSION_PATH,
  TRANSACTION_PATH,
  fill,
} from './proxy/paths';
import type { DroppedItems } from './schemas';
import type {
  Category,
  Country,
  CountryDefault,
  Currency,
  CurrencyType,
  Cursor,
  FinancialAccount,
  FinancialAccountTransaction,
  FinancialAccountTransactionsQuery,
  FinancialAccountsQuery,
  Page,
  PaymentMethod,
  Quote,
  QuoteRequest,
  Route,
  SessionRequest,
  SessionResponse,
  Transaction,
  TransactionsQuery,
} from './types';

/**
 * Reads a JSON body as an operation's value, or throws a MALFORMED_RESPONSE RampError naming what is
 * wrong. `dropped` hears of list items that were left out (the rest is returned).
 */
export type Reader<T> = (data: unknown, dropped?: (d: DroppedItems) => void) => T;

/** How a client reads each operation's answer. */
export interface Readers {
  countries: Reader<Country[]>;
  defaults: Reader<CountryDefault | null>;
  currencies: Reader<Currency[]>;
  paymentMethods: Reader<PaymentMethod[]>;
  routes: Reader<Route[]>;
  /** The quotes answering `request` (an item may leave out what the request says). */
  quote(request: QuoteRequest): Reader<Quote[]>;
  session: Reader<SessionResponse>;
  transaction: Reader<Transaction>;
  transactions: Reader<Page<Transaction>>;
  financialAccounts: Reader<Page<FinancialAccount>>;
  financialAccountTransactions: Reader<Page<FinancialAccountTransaction>>;
}

export interface RampClientOptions {
  /** '/api/ramp' in the browser, the upstream's absolute address on the server. */
  baseUrl: string;
  /** `upstreamReaders` against the upstream, `proxyReaders` against our proxy. */
  readers: Readers;
  /** Sent as `Authorization: BASIC <apiKey>`. Server side only. */
  apiKey?: string;
  /** Sent in `versionHeader` on every request, e.g. '2026-02-03'. */
  serviceVersion?: string;
  /** @default 'Service-Version' */
  versionHeader?: string;
  fetch?: typeof fetch;
  /** Per request, body included; 0 disables. @default 15000 */
  timeoutMs?: number;
  /** Aborts every call of this client (beside each call's own signal), e.g. a request's deadline. */
  signal?: AbortSignal;
  /**
   * Told when a list answer had items that could not be used and were left out (the rest is
   * returned). Reports hold field paths and kinds, never values.
   */
  onDropped?: (d: DroppedItems, operation: string) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface RequestOptions<T> extends CallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  read: Reader<T>;
}

/** Comma-separated partner ids, or a list of them. */
export type Partners = string | readonly string[];

export interface CountriesParams {
  category: Category;
  partners?: Partners;
}
export interface DefaultsParams {
  country: string;
  category: Category;
}
export interface CurrenciesParams {
  category: Category;
  country: string;
  type: CurrencyType;
  network?: string;
  partner?: string;
  paymentType?: string;
  providerCurrencyCode?: string;
  subdivision?: string;
}
export interface PaymentMethodsParams {
  category: Category;
  country: string;
  /** The fiat code: pay-with on buy, payout on sell. */
  currencyCode: string;
  partners?: Partners;
  paymentType?: string;
  subdivision?: string;
}
export interface RoutesParams {
  category: Category;
  country: string;
  fiatCurrency: string;
  cryptoCurrency: string;
  partners?: Partners;
  paymentMethod?: string;
  paymentType?: string;
  subdivision?: string;
}

export interface RampClient {
  countries(p: CountriesParams, o?: CallOptions): Promise<Country[]>;
  /** null when the country has no default (a null body or a 404 NOT_FOUND). */
  defaults(p: DefaultsParams, o?: CallOptions): Promise<CountryDefault | null>;
  currencies(p: CurrenciesParams, o?: CallOptions): Promise<Currency[]>;
  paymentMethods(p: PaymentMethodsParams, o?: CallOptions): Promise<PaymentMethod[]>;
  /** May be [] (no partner, or pair reversed for the category); check before rendering rails. */
  routes(p: RoutesParams, o?: CallOptions): Promise<Route[]>;
  /** [] when the upstream answers 200 with no quotes; a RampError NO_VALID_QUOTES when it says so. */
  quote(req: QuoteRequest, o?: CallOptions): Promise<Quote[]>;
  createSession(req: SessionRequest, o?: CallOptions): Promise<SessionResponse>;
  transaction(id: string, o?: CallOptions): Promise<Transaction>;
  transactionBySession(sessionId: string, o?: CallOptions): Promise<Transaction>;
  transactions(q: TransactionsQuery & Cursor, o?: CallOptions): Promise<Page<Transaction>>;
  financialAccounts(q: FinancialAccountsQuery & Cursor, o?: CallOptions): Promise<Page<FinancialAccount>>;
  financialAccountTransactions(
    q: FinancialAccountTransactionsQuery & Cursor,
    o?: CallOptions,
  ): Promise<Page<FinancialAccountTransaction>>;
  /** The primitive: `path` is appended to baseUrl; the body is read by `read`. */
  request<T>(method: string, path: string, o: RequestOptions<T>): Promise<T>;
}

/** Marks a body that is not JSON. */
const NOT_JSON = Symbol();

function queryString(query: Record<string, QueryValue> = {}): string {
  const sp = new URLSearchParams();
  for (const [k, val] of Object.entries(query)) {
    const s = typeof val === 'object' && val !== null ? val.join(',') : val;
    if (s !== undefined && s !== null && s !== '') sp.append(k, String(s));
  }
  const qs = sp.toString();
  return qs ? `?${qs}` : '';
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

export function createRampClient(o: RampClientOptions): RampClient {
  const base = o.baseUrl.replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? 15_000;
  const versionHeader = o.versionHeader ?? 'Service-Version';
  // Called as a plain function: a bound-to-window fetch throws "Illegal invocation" when called as a method.
  const doFetch: typeof fetch = o.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function send<T>(method: string, path: string, ro: RequestOptions<T>): Promise<T> {
    const { signal } = ro;
    const shared = o.signal;
    if (signal?.aborted || shared?.aborted) throw abortedError();
    // A plain object (names in lower case, as Headers keeps them): a Headers instance costs the
    // server's fetch a copy and a validation of each header per call.
    const headers: Record<string, string> = {};
    for (const name in ro.headers) headers[name.toLowerCase()] = ro.headers[name]!;
    headers.accept = 'application/json';
    if (ro.body !== undefined) headers['content-type'] = 'application/json';
    if (o.apiKey) headers.authorization = `BASIC ${o.apiKey}`;
    if (o.serviceVersion) headers[versionHeader.toLowerCase()] = o.serviceVersion;

    const timed = timeoutMs > 0 && Number.isFinite(timeoutMs);
    // A controller of its own only to join two signals or to time the call: with one signal and no
    // timer (the server's calls under a request deadline that ends first), the call runs on it.
    const ctl = timed || (signal && shared) ? new AbortController() : undefined;
    const onAbort = () => ctl?.abort(signal?.aborted ? signal.reason : shared?.reason);
    if (ctl) {
      signal?.addEventListener('abort', onAbort, { once: true });
      shared?.addEventListener('abort', onAbort, { once: true });
    }
    let timedOut = false;
    const timer = timed
      ? setTimeout(
          () => {
            timedOut = true;
            ctl?.abort();
          },
          Math.min(timeoutMs, 2 ** 31 - 1),
        )
      : undefined;
    try {
      let res: Response;
      let text: string;
      try {
        res = await doFetch(base + path + queryString(ro.query), {
          method,
          headers,
          body: ro.body === undefined ? undefined : JSON.stringify(ro.body),
          signal: ctl ? ctl.signal : (signal ?? shared),
        });
        text = await res.text();
      } catch (e) {
        if (timedOut) throw timeoutError(timeoutMs);
        if (signal?.aborted || shared?.aborted) throw abortedError();
        // A fetch that knows better (origin-check.ts) has said what went wrong already.
        throw e instanceof RampError ? e : networkError(e);
      }
      const data = parseJson(text);
      if (!res.ok) throw toRampError(res.status, data === NOT_JSON ? undefined : data);
      if (data === NOT_JSON) throw malformedResponse('Malformed response: the body is not JSON');
      const onDropped = o.onDropped;
      return ro.read(data, onDropped && ((d) => onDropped(d, `${method} ${path}`)));
    } finally {
      clearTimeout(timer);
      if (ctl) {
        signal?.removeEventListener('abort', onAbort);
        shared?.removeEventListener('abort', onAbort);
      }
    }
  }

  async function request<T>(method: string, path: string, ro: RequestOptions<T>): Promise<T> {
    try {
      return await send(method, path, ro);
    } catch (e) {
      // The upstream may echo credentials back; they must never reach a message, a log or the browser.
      if (o.apiKey && e instanceof RampError) {
        const scrub = (s: string) => s.split(o.apiKey as string).join(REDACTED);
        e.message = scrub(e.message);
        if (e.details) e.details = e.details.map(scrub);
        if (e.provider?.message) e.provider.message = scrub(e.provider.message);
      }
      throw e;
    }
  }

  const get = <T>(
    path: string,
    read: Reader<T>,
    query: Record<string, QueryValue> | undefined,
    co: CallOptions = {},
  ) => request('GET', path, { ...co, query, read });
  const r = o.readers;

  return {
    request,

    countries: ({ category, partners }, co) => get(COUNTRIES_PATH, r.countries, { category, partners }, co),

    defaults: async ({ country, category }, co) => {
      try {
        return await get(fill(DEFAULTS_PATH, { country, category }), r.defaults, undefined, co);
      } catch (e) {
        // Documented for countries without defaults, alongside the null body.
        if (e instanceof RampError && e.status === 404 && e.code === 'NOT_FOUND') return null;
        throw e;
      }
    },

    currencies: (p, co) => get(CURRENCIES_PATH, r.currencies, { ...p }, co),

    paymentMethods: (p, co) => get(PAYMENT_METHODS_PATH, r.paymentMethods, { ...p }, co),

    routes: ({ category, country, fiatCurrency, cryptoCurrency, ...query }, co) => {
      const [source, destination] =
        category === 'CRYPTO_ONRAMP' ? [fiatCurrency, cryptoCurrency] : [cryptoCurrency, fiatCurrency];
      return get(fill(ROUTES_PATH, { category, country, source, destination }), r.routes, query, co);
    },

    quote: (body, co) => request('POST', QUOTE_PATH, { ...co, body, read: r.quote(body) }),

    createSession: (body, co) => request('POST', SESSION_PATH, { ...co, body, read: r.session }),

    transaction: (id, co) => get(fill(TRANSACTION_PATH, { transactionId: id }), r.transaction, undefined, co),

    transactionBySession: (sessionId, co) =>
      get(fill(TRANSACTION_BY_SESSION_PATH, { sessionId }), r.transaction, undefined, co),

    transactions: (q, co) => get(TRANSACTIONS_PATH, r.transactions, { ...q }, co),

    financialAccounts: (q, co) => get(FINANCIAL_ACCOUNTS_PATH, r.financialAccounts, { ...q }, co),

    financialAccountTransactions: (q, co) =>
      get(FINANCIAL_ACCOUNT_TRANSACTIONS_PATH, r.financialAccountTransactions, { ...q }, co),
  };
}
