import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES } from '../checkout/status';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  TRADE_TYPES,
  defaultState,
  parseConsoleUrl,
  serializeConsoleUrl,
  type ConsoleState,
} from './urlState';

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const dateArb = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const instantArb = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => `${d.toISOString().slice(0, 19)}Z`);
const keyArb = fc.stringMatching(/^[A-Za-z0-9_\-=.:+/~]{1,80}$/);
const cursorArb = fc.oneof(
  fc.constant({}),
  keyArb.map((after) => ({ after })),
  keyArb.map((before) => ({ before })),
);
const limitArb = fc.constantFrom(...PAGE_SIZES);
const customerArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);

/** Drops undefined fields, as the parser does. */
const clean = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const stateArb: fc.Arbitrary<ConsoleState> = fc.oneof(
  fc
    .record({
      status: opt(fc.constantFrom(...TRANSACTION_STATUSES)),
      from: opt(dateArb),
      partner: opt(fc.stringMatching(/^[A-Z0-9_]{2,32}$/)),
      type: opt(fc.constantFrom(...TRADE_TYPES)),
      customer: opt(customerArb),
      id: opt(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/)),
      wallet: opt(fc.stringMatching(/^[A-Za-z0-9:._-]{8,64}$/)),
      limit: limitArb,
    })
    .chain((filters) =>
      // One transaction by id has no pages.
      (filters.id === undefined ? cursorArb : fc.constant({})).map((cursor) => ({
        view: 'payments' as const,
        filters: clean(filters),
        cursor,
      })),
    ),
  fc
    .record({ customerId: opt(customerArb), limit: limitArb })
    .chain((filters) =>
      cursorArb.map((cursor) => ({ view: 'accounts' as const, filters: clean(filters), cursor })),
    ),
  fc
    .record({ customerId: opt(customerArb), a: opt(instantArb), b: opt(instantArb), limit: limitArb })
    .map(({ a, b, ...rest }) => {
      // A valid range has start <= end.
      const [startDate, endDate] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
      return clean({ ...rest, startDate, endDate });
    })
    .chain((filters) =>
      cursorArb.map((cursor) => ({ view: 'account-transactions' as const, filters, cursor })),
    ),
);

describe('console URL state', () => {
  it('round-trips every valid state through the query string', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const search = serializeConsoleUrl(state);
        expect(parseConsoleUrl(search)).toEqual(state);
        expect(serializeConsoleUrl(parseConsoleUrl(`?${search}`))).toBe(search);
      }),
    );
  });

  it('reads the documented form of a shared page', () => {
    expect(parseConsoleUrl('?view=payments&status=SETTLED&from=2026-09-01&limit=20&after=abc_DEF-1')).toEqual(
      {
        view: 'payments',
        filters: { status: 'SETTLED', from: '2026-09-01', limit: 20 },
        cursor: { after: 'abc_DEF-1' },
      },
    );
  });

  it('reads the partner, type, customer, id and wallet filters of payments', () => {
    const wallet = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(
      parseConsoleUrl(
        `?view=payments&partner=TRANSAK&type=sell&customer=shop-user-1&id=txn_1&wallet=${wallet}&after=k`,
      ),
    ).toEqual({
      view: 'payments',
      filters: { partner: 'TRANSAK', type: 'sell', customer: 'shop-user-1', id: 'txn_1', wallet, limit: 20 },
      // One transaction by id: there is no page to move to.
      cursor: {},
    });
    expect(
      serializeConsoleUrl({
        view: 'payments',
        filters: { wallet, id: 'txn_1', customer: 'c1', type: 'buy', partner: 'BANXA', limit: 20 },
        cursor: {},
      }),
    ).toBe(`view=payments&partner=BANXA&type=buy&customer=c1&id=txn_1&wallet=${wallet}`);
  });

  it('writes filters and cursor in a fixed order, leaving defaults out', () => {
    expect(
      serializeConsoleUrl({
        view: 'payments',
        filters: { from: '2026-09-01', status: 'SETTLED', limit: 50 },
        cursor: { before: 'k1' },
      }),
    ).toBe('view=payments&status=SETTLED&from=2026-09-01&limit=50&before=k1');
    expect(serializeConsoleUrl(defaultState('accounts'))).toBe('view=accounts');
  });

  it('starts on the Overview of the last 30 days when the address says nothing', () => {
    expect(parseConsoleUrl('')).toEqual({
      view: 'overview',
      filters: { period: 30, limit: DEFAULT_PAGE_SIZE },
      cursor: {},
    });
  });

  it("keeps the Overview's period, country and partner in the address, dropping what is not valid", () => {
    const state = parseConsoleUrl('?view=overview&period=7&country=US&partner=BANXA');
    expect(state).toEqual({
      view: 'overview',
      filters: { period: 7, country: 'US', partner: 'BANXA', limit: DEFAULT_PAGE_SIZE },
      cursor: {},
    });
    expect(serializeConsoleUrl(state)).toBe('view=overview&partner=BANXA&country=US&period=7');
    expect(parseConsoleUrl('?view=overview&period=12&country=usa&partner=a b')).toEqual(
      defaultState('overview'),
    );
    expect(serializeConsoleUrl(defaultState('overview'))).toBe('view=overview');
  });

  it.each([
    ['an unknown view', '?view=admin', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['an unknown status', '?status=settled', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    [
      'a date that does not exist',
      '?from=2026-02-30',
      { view: 'payments', filters: { limit: 20 }, cursor: {} },
    ],
    [
      'a date with a time',
      '?from=2026-02-01T00:00:00Z',
      { view: 'payments', filters: { limit: 20 }, cursor: {} },
    ],
    ['a page size not offered', '?limit=7', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    [
      'a page size that is not a number',
      '?limit=20abc',
      { view: 'payments', filters: { limit: 20 }, cursor: {} },
    ],
    ['both cursors', '?after=a&before=b', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['a lower-case partner', '?partner=transak', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['an unknown type', '?type=CRYPTO_SELL', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['a customer with spaces', '?customer=a%20b', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['an id with a slash', '?id=a%2Fb', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['a wallet too short', '?wallet=0x12', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    ['a malformed cursor', '?after=%3Cscript%3E', { view: 'payments', filters: { limit: 20 }, cursor: {} }],
    [
      'a customer id with spaces',
      '?view=accounts&customerId=cus%20x',
      { view: 'accounts', filters: { limit: 20 }, cursor: {} },
    ],
    [
      'a start date not in UTC seconds form',
      '?view=account-transactions&startDate=2026-09-01T00:00Z&endDate=2026-09-02T00:00:00Z',
      { view: 'account-transactions', filters: { endDate: '2026-09-02T00:00:00Z', limit: 20 }, cursor: {} },
    ],
    [
      'an inverted date range',
      '?view=account-transactions&startDate=2026-09-02T00:00:00Z&endDate=2026-09-01T00:00:00Z',
      { view: 'account-transactions', filters: { limit: 20 }, cursor: {} },
    ],
  ])('drops %s and uses the default', (_, search, expected) => {
    expect(parseConsoleUrl(search)).toEqual(expected);
  });

  it("ignores another view's parameters", () => {
    expect(parseConsoleUrl('?view=accounts&status=SETTLED&customerId=cus_alice')).toEqual({
      view: 'accounts',
      filters: { customerId: 'cus_alice', limit: 20 },
      cursor: {},
    });
  });

  it('never throws, whatever the query string', () => {
    fc.assert(
      fc.property(fc.string(), (search) => {
        const state = parseConsoleUrl(search);
        expect(parseConsoleUrl(serializeConsoleUrl(state))).toEqual(state);
      }),
    );
  });
});
