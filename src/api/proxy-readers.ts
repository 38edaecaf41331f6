// How the browser reads our proxy's answers. The proxy has validated and normalised the upstream's
// answers (upstreamReaders, schemas.ts) and re-serialised them in the upstream's documented shapes
// (src/server/proxy/routes.ts), so the browser checks only their outline: the wrapper and the kind of each
// part. That keeps the response schemas, and the parsing they cost, off the shopper's device. A body
// of another outline (a misrouted baseUrl, a proxy of another version) is a MALFORMED_RESPONSE.
import type { Bootstrap } from './bootstrap';
import type { Reader, Readers } from './client';
import { malformedResponse } from './errors';
import type { Page, Transaction } from './types';
import { isRecord } from '../domain/json';

type Json = Record<string, unknown>;

const fail = (what: string): never => {
  throw malformedResponse(`Malformed response: ${what}`);
};

const record = <T>(x: unknown, what: string): T =>
  isRecord(x) ? (x as T) : fail(`${what}: expected object`);

const list = <T>(x: unknown, what: string): T[] =>
  Array.isArray(x) ? (x as T[]) : fail(`${what}: expected array`);

/** `{ [field]: [...] }` → the list. */
const wrappedList =
  <T>(field: string): Reader<T[]> =>
  (data) =>
    list<T>(record<Json>(data, 'response')[field] ?? [], field);

/** `{ count, remaining, totalCount, [field]: [...] }` → a Page. */
const page =
  <T>(field: string): Reader<Page<T>> =>
  (data) => {
    const r = record<Json>(data, 'response');
    const items = list<T>(r[field], field);
    const n = (k: string) => (typeof r[k] === 'number' ? r[k] : undefined);
    return {
      items,
      count: n('count') ?? items.length,
      remaining: n('remaining'),
      totalCount: n('totalCount'),
    };
  };

/** `{ transaction: {...} }` → the transaction. */
const transaction: Reader<Transaction> = (data) =>
  record(record<Json>(data, 'response').transaction, 'transaction');

export const proxyReaders: Readers = {
  countries: wrappedList('countries'),
  defaults: (data) => (data === null || data === undefined ? null : record(data, 'defaults')),
  currencies: wrappedList('currencies'),
  paymentMethods: (data) => list(data, 'paymentMethods'),
  routes: (data) => list(data, 'routes'),
  quote: () => wrappedList('quotes'),
  session: (data) => record(data, 'session'),
  transaction,
  transactions: page('transactions'),
  financialAccounts: page('financialAccounts'),
  financialAccountTransactions: page('financialAccountTransactions'),
};

/** The proxy's own /bootstrap answer. */
export function readBootstrap(data: unknown): Bootstrap {
  const b = record<Json>(data, 'bootstrap');
  for (const k of ['countries', 'fiatCurrencies', 'cryptoCurrencies', 'paymentMethods'])
    list(b[k], `bootstrap.${k}`);
  for (const k of ['country', 'fiatCurrency'])
    if (typeof b[k] !== 'string') fail(`bootstrap.${k}: expected string`);
  if (b.quote !== undefined) {
    const q = record<Json>(b.quote, 'bootstrap.quote');
    record(q.request, 'bootstrap.quote.request');
    list(q.quotes, 'bootstrap.quote.quotes');
  }
  return { ...b, subdivisions: b.subdivisions ?? null, defaults: b.defaults ?? null } as unknown as Bootstrap;
}
