import { describe, expect, it } from 'vitest';
import { RampError } from './errors';
import { proxyReaders as read, readBootstrap } from './proxy-readers';
import type { QuoteRequest } from './types';

const malformed = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(RampError);
    expect((e as RampError).code).toBe('MALFORMED_RESPONSE');
    return (e as RampError).message;
  }
  throw new Error('expected MALFORMED_RESPONSE');
};

describe("the browser's reading of the proxy's answers", () => {
  it('unwraps the documented wrappers', () => {
    expect(read.countries({ countries: [{ id: 'US' }] })).toEqual([{ id: 'US' }]);
    expect(read.currencies({ currencies: [] })).toEqual([]);
    expect(
      read.quote({} as QuoteRequest)({
        quotes: [{ a: 1 }],
      }),
    ).toEqual([{ a: 1 }]);
    expect(read.transaction({ transaction: { id: 't1' } })).toEqual({ id: 't1' });
    expect(read.paymentMethods([{ paymentMethod: 'CARD' }])).toHaveLength(1);
    expect(read.defaults(null)).toBeNull();
  });

  it('reads a page with its counts, the item count standing in when absent', () => {
    expect(read.transactions({ transactions: [{ id: 'a' }, { id: 'b' }], remaining: 3 })).toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      count: 2,
      remaining: 3,
      totalCount: undefined,
    });
  });

  it('refuses another outline as MALFORMED_RESPONSE, naming the part', () => {
    expect(malformed(() => read.countries('<!doctype html>'))).toMatch(/response: expected object/);
    expect(malformed(() => read.countries({ countries: {} }))).toMatch(/countries: expected array/);
    expect(malformed(() => read.routes({ routes: [] }))).toMatch(/routes: expected array/);
    expect(malformed(() => read.transaction({ id: 't1' }))).toMatch(/transaction: expected object/);
    expect(malformed(() => read.session([]))).toMatch(/session: expected object/);
    expect(malformed(() => read.financialAccounts({ items: [] }))).toMatch(
      /financialAccounts: expected array/,
    );
  });

  it('reads the bootstrap, its lists and codes checked', () => {
    const b = {
      countries: [],
      country: 'US',
      fiatCurrencies: [],
      cryptoCurrencies: [],
      paymentMethods: [],
      fiatCurrency: 'USD',
    };
    expect(readBootstrap(b)).toEqual({ ...b, subdivisions: null, defaults: null });
    expect(malformed(() => readBootstrap({ ...b, cryptoCurrencies: null }))).toMatch(
      /bootstrap.cryptoCurrencies: expected array/,
    );
    expect(malformed(() => readBootstrap({ ...b, country: 1 }))).toMatch(
      /bootstrap.country: expected string/,
    );
  });
});
