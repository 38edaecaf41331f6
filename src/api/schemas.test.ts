import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as v from 'valibot';
import { RampError } from './errors';
import {
  countriesResponse,
  currenciesResponse,
  defaultsResponse,
  financialAccountTransactionsPage,
  financialAccountsPage,
  parseResponse,
  paymentMethodsResponse,
  quoteResponse,
  routesResponse,
  sessionResponse,
  transactionResponse,
  transactionsPage,
} from './schemas';
import { fixtures, okBodies, statusOf } from './test-fixtures';
import type { Country, Page, Quote, Route, Transaction } from './types';

/** Fixture file → the schema of its 200 response, and the label the client uses. */
const schemaByFixture: Record<string, [v.GenericSchema<unknown, unknown>, string?]> = {
  'network-partner-supported-countries': [countriesResponse],
  'network-partner-defaults': [defaultsResponse, 'defaults'],
  'network-partner-supported-currencies': [currenciesResponse],
  'network-partner-supported-payment-methods': [paymentMethodsResponse, 'paymentMethods'],
  'network-partner-supported-routes': [routesResponse, 'routes'],
  'crypto-quote': [quoteResponse],
  'crypto-session-widget': [sessionResponse, 'session'],
  'payments-transaction-get': [transactionResponse, 'transaction'],
  'payments-transaction-by-session': [transactionResponse, 'transaction'],
  'payments-transactions-search': [transactionsPage],
  'financial-accounts-search': [financialAccountsPage],
  'financial-accounts-transactions-search': [financialAccountTransactionsPage],
};
/** Upstream operations the checkout does not call. */
const unused = [
  'network-partner-supported-fiat-limits',
  'network-partner-supported-kyc-limits',
  'network-partner-supported-partners',
];

const expectMalformed = (fn: () => unknown, message: string) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RampError);
    expect((e as RampError).code).toBe('MALFORMED_RESPONSE');
    expect((e as RampError).status).toBe(502);
    expect((e as RampError).message).toContain(message);
    return;
  }
  throw new Error('expected a MALFORMED_RESPONSE');
};

describe('every 200 example of the fixtures', () => {
  it('is covered: each fixture file has a schema, or is errors or deliberately unused', () => {
    const uncovered = fixtures
      .map((f) => f.file)
      .filter((f) => !(f in schemaByFixture) && !unused.includes(f) && f !== 'errors');
    expect(uncovered).toEqual([]);
    expect(Object.keys(schemaByFixture).every((f) => fixtures.some((x) => x.file === f))).toBe(true);
  });

  for (const f of fixtures.filter((x) => x.file in schemaByFixture)) {
    const [schema, label] = schemaByFixture[f.file]!;
    const examples = f.response_examples.filter((e) => statusOf(e) === 200);
    it(`${f.file}: has 200 examples`, () => expect(examples.length).toBeGreaterThan(0));
    for (const e of examples) {
      it(`${f.file} / ${e.name ?? '200'} parses`, () => {
        expect(() => parseResponse(schema, e.body, label)).not.toThrow();
      });
    }
  }
});

describe('normalisation', () => {
  it('countries: wrapper unwrapped; subdivisions present, empty or absent; emoji flag', () => {
    const [first] = okBodies('network-partner-supported-countries');
    expect(parseResponse(countriesResponse, first)).toEqual([
      {
        countryCode: 'US',
        name: 'United States',
        flag: 'https://cdn.meld.io/images-country/US/flag.svg',
        subdivisions: ['US-CA', 'US-NY'],
      },
    ]);
    const described = parseResponse(countriesResponse, {
      countries: [
        { countryCode: 'GB', name: 'United Kingdom', flag: '🇬🇧' },
        { countryCode: 'FR', name: 'France', flag: '🇫🇷', subdivisions: [] },
      ],
    });
    expect(described[0]).toEqual({ countryCode: 'GB', name: 'United Kingdom', flag: '🇬🇧' });
    expect(described[0]).not.toHaveProperty('subdivisions');
    expect(described[1]?.subdivisions).toEqual([]);
  });

  it('unknown fields are tolerated and kept, at every level', () => {
    const [route] = parseResponse(routesResponse, [
      {
        partner: 'BANXA',
        source: 'USD',
        destination: 'BTC',
        newTopLevel: 1,
        paymentMethods: [
          { name: 'SEPA', limits: { currencyCode: 'EUR', min: 1, max: 2, extra: 'x' }, foo: [] },
        ],
      },
    ]);
    expect(route).toMatchObject({ newTopLevel: 1, paymentMethods: [{ foo: [], limits: { extra: 'x' } }] });
  });

  it('routes: limits null or missing → null, kycLimits missing → [], headlessSupported optional', () => {
    const routes: Route[] = parseResponse(routesResponse, [
      {
        partner: 'PAYBIS',
        source: 'USD',
        destination: 'BTC',
        paymentMethods: [
          { name: 'SEPA', limits: null },
          { name: 'ACH' },
          {
            name: 'CREDIT_DEBIT_CARD',
            limits: { currencyCode: 'USD', min: 20, max: 5000 },
            headlessSupported: true,
          },
        ],
      },
    ]);
    const pms = routes[0]!.paymentMethods;
    expect(pms.map((p) => p.limits)).toEqual([null, null, { currencyCode: 'USD', min: 20, max: 5000 }]);
    expect(pms[0]).not.toHaveProperty('headlessSupported');
    expect(pms[2]!.headlessSupported).toBe(true);
    expect(routes[0]!.kycLimits).toEqual([]);
    // The fixture's own variant: null limits and empty kycLimits.
    const fx = parseResponse(routesResponse, okBodies('network-partner-supported-routes')[1]);
    expect(fx[0]!.paymentMethods[1]!.limits).toBeNull();
  });

  it('payment methods: headlessSupported and logo may be missing', () => {
    const [pm] = parseResponse(paymentMethodsResponse, [{ method: 'PIX', name: 'Pix' }]);
    expect(pm).toEqual({ method: 'PIX', name: 'Pix' });
  });

  it('currencies: fiat entries without chainCode, contract or symbol', () => {
    const list = parseResponse(currenciesResponse, {
      currencies: [{ currencyCode: 'USD', name: 'US Dollar', decimalPlaces: 2, type: 'FIAT' }],
    });
    expect(list).toEqual([{ currencyCode: 'USD', name: 'US Dollar', decimalPlaces: 2, type: 'FIAT' }]);
  });

  it('optional fields sent as null read as absent', () => {
    const [c] = parseResponse(currenciesResponse, {
      currencies: [{ currencyCode: 'EUR', name: 'Euro', decimalPlaces: 2, type: 'FIAT', chainCode: null }],
    });
    expect(c!.chainCode).toBeUndefined();
  });

  it('defaults: the object, or null for a null (or empty) body', () => {
    const [obj, nul] = okBodies('network-partner-defaults');
    expect(parseResponse(defaultsResponse, obj)).toMatchObject({ countryCode: 'US', currencyCode: 'USD' });
    expect(parseResponse(defaultsResponse, nul)).toBeNull();
    expect(parseResponse(defaultsResponse, undefined)).toBeNull();
  });

  it('quote: the 2026 rampIntelligence shape', () => {
    const [q] = parseResponse(quoteResponse, okBodies('crypto-quote')[0]);
    expect(q).toMatchObject({ serviceProvider: 'BANXA', lowKyc: true, rampScore: 87.5, sourceAmount: 100 });
    expect(q).not.toHaveProperty('rampIntelligence');
  });

  it('quote: the older top-level lowKyc / customerScore shape', () => {
    const quotes: Quote[] = parseResponse(quoteResponse, {
      quotes: [
        {
          serviceProvider: 'TRANSAK',
          sourceCurrencyCode: 'USD',
          sourceAmount: 50,
          destinationCurrencyCode: 'ETH',
          destinationAmount: 0.01,
          lowKyc: false,
          customerScore: 12,
          institutionName: null,
        },
      ],
    });
    expect(quotes[0]).toMatchObject({ lowKyc: false, rampScore: 12 });
    expect(quotes[0]).not.toHaveProperty('customerScore');
  });

  it('quote: an empty list (or null quotes) is []', () => {
    expect(parseResponse(quoteResponse, { quotes: [] })).toEqual([]);
    expect(parseResponse(quoteResponse, { quotes: null })).toEqual([]);
  });

  it('transaction: wrapped and bare', () => {
    const [wrapped] = okBodies('payments-transaction-get');
    const a = parseResponse(transactionResponse, wrapped);
    const b = parseResponse(transactionResponse, (wrapped as { transaction: unknown }).transaction);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ id: 'example-transaction-id', status: 'SETTLED' });
  });

  it('listings become Page {items, count, remaining, totalCount}', () => {
    const [one, empty] = okBodies('payments-transactions-search');
    const page: Page<Transaction> = parseResponse(transactionsPage, one);
    expect(page).toMatchObject({ count: 1, remaining: 0, totalCount: 1 });
    expect(page.items[0]!.key).toBe('example-pagination-key-1');
    expect(parseResponse(transactionsPage, empty)).toEqual({
      items: [],
      count: 0,
      remaining: 0,
      totalCount: 0,
    });
    const fa = parseResponse(financialAccountsPage, okBodies('financial-accounts-search')[0]);
    expect(fa).toMatchObject({ count: 1, remaining: 0, totalCount: undefined });
    expect(fa.items[0]!.key).toBe('example-fa-key-1');
    const fat = parseResponse(
      financialAccountTransactionsPage,
      okBodies('financial-accounts-transactions-search')[0],
    );
    expect(fat.items[0]!.amount).toBe(-42.17);
  });

  it('a listing without count counts its items', () => {
    const page = parseResponse(financialAccountsPage, { financialAccounts: [{ id: 'a', key: 'k' }] });
    expect(page).toEqual({
      items: [{ id: 'a', key: 'k' }],
      count: 1,
      remaining: undefined,
      totalCount: undefined,
    });
  });
});

describe('malformed bodies are refused with a message naming the field', () => {
  it('a wrong type deep in a bare array', () => {
    const body = [
      {
        partner: 'BANXA',
        source: 'USD',
        destination: 'BTC',
        paymentMethods: [
          { name: 'CARD', limits: { currencyCode: 'USD', min: 1, max: 2 } },
          { name: 'SEPA', limits: { currencyCode: 'EUR', min: '10', max: 100 } },
        ],
      },
    ];
    expectMalformed(
      () => parseResponse(routesResponse, body, 'routes'),
      'routes[0].paymentMethods[1].limits.min: expected number, received string',
    );
  });

  it('a missing required field', () => {
    expectMalformed(
      () =>
        parseResponse(routesResponse, [{ source: 'USD', destination: 'BTC', paymentMethods: [] }], 'routes'),
      'routes[0].partner: missing',
    );
    expectMalformed(
      () => parseResponse(countriesResponse, { countries: [{ countryCode: 'US' }] }),
      'countries[0].name: missing',
    );
  });

  it('the wrong top-level shape', () => {
    expectMalformed(() => parseResponse(routesResponse, { routes: [] }, 'routes'), 'routes: expected Array');
    expectMalformed(() => parseResponse(countriesResponse, [{}]), 'countries: missing');
    expectMalformed(() => parseResponse(quoteResponse, 'oops'), 'response: expected Object, received string');
  });

  it('an enum out of range, and every issue listed in details', () => {
    try {
      parseResponse(currenciesResponse, {
        currencies: [{ currencyCode: 'X', name: 'X', decimalPlaces: 'two', type: 'TOKEN' }],
      });
      expect.unreachable();
    } catch (e) {
      expect((e as RampError).details).toEqual([
        'currencies[0].decimalPlaces: expected number, received string',
        'currencies[0].type: expected ("FIAT" | "CRYPTO"), received string',
      ]);
    }
  });

  it('a transaction without status', () => {
    expectMalformed(
      () => parseResponse(transactionResponse, { transaction: { id: 't1' } }, 'transaction'),
      'transaction.status: missing',
    );
  });

  it('a listed transaction without its pagination key', () => {
    expectMalformed(
      () => parseResponse(transactionsPage, { count: 1, transactions: [{ id: 't', status: 'SETTLED' }] }),
      'transactions[0].key: missing',
    );
  });
});

it('schema outputs are the shared types', () => {
  expectTypeOf<v.InferOutput<typeof countriesResponse>>().toExtend<Country[]>();
  expectTypeOf<v.InferOutput<typeof routesResponse>>().toExtend<Route[]>();
  expectTypeOf<v.InferOutput<typeof quoteResponse>>().toExtend<Quote[]>();
  expectTypeOf<v.InferOutput<typeof transactionsPage>>().toExtend<Page<Transaction>>();
});
