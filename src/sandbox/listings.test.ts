import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { paginate } from '../api/pagination';
import type { Page } from '../api/types';
import { createTestSandbox } from './test-kit';

const t = createTestSandbox();

interface Listed {
  id: string;
  key: string;
  status?: string;
  createdAt?: string;
  customerId?: string;
  externalCustomerId?: string;
  serviceProvider?: string;
  transactionType?: string;
  transactionDate?: string;
}

type Listing = 'transactions' | 'financialAccounts' | 'financialAccountTransactions';
const PATHS: Record<Listing, string> = {
  transactions: '/payments/transactions',
  financialAccounts: '/financial-accounts',
  financialAccountTransactions: '/financial-accounts/transactions',
};
const timeOf = (r: Listed) => Date.parse(r.createdAt ?? r.transactionDate ?? '');

interface Envelope {
  count: number;
  remaining: number;
  totalCount?: number;
  code?: string;
  errors?: string[];
  [wrapper: string]: unknown;
}

async function page(listing: Listing, query: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const res = await t.getJson<Envelope>(`${PATHS[listing]}?${params}`);
  return { status: res.status, body: res.body, items: (res.body[listing] ?? []) as Listed[] };
}

/** The listing's answer to `query` is exactly the records `keep` selects (some), in order. */
async function expectFiltered(
  listing: Listing,
  query: Record<string, string | number>,
  keep: (r: Listed) => boolean,
) {
  const p = await page(listing, query);
  const expected = dumps[listing].filter(keep);
  expect(expected.length).toBeGreaterThan(0);
  expect(p.items.map((r) => r.id)).toEqual(expected.map((r) => r.id));
}

/** Every record of a listing, unfiltered, via the largest pages. */
async function everything(listing: Listing): Promise<Listed[]> {
  const all: Listed[] = [];
  let after: string | undefined;
  for (;;) {
    const p = await page(listing, { limit: 100, after });
    all.push(...p.items);
    if (p.body.remaining === 0) return all;
    after = p.items[p.items.length - 1]!.key;
  }
}

let dumps: Record<Listing, Listed[]>;
beforeAll(async () => {
  dumps = {
    transactions: await everything('transactions'),
    financialAccounts: await everything('financialAccounts'),
    financialAccountTransactions: await everything('financialAccountTransactions'),
  };
});

describe('seeded listings', () => {
  it('hold 240 transactions over about 90 days, newest first, with mixed statuses and partners', () => {
    const txns = dumps.transactions;
    expect(txns).toHaveLength(240);
    expect(new Set(txns.map((r) => r.id)).size).toBe(240);
    const times = txns.map(timeOf);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((times[0]! - times[times.length - 1]!) / 86_400_000).toBeGreaterThan(80);
    const statuses = new Set(txns.map((r) => r.status));
    for (const s of ['SETTLED', 'PENDING', 'PROCESSING', 'FAILED', 'CANCELLED', 'REFUNDED', 'DECLINED']) {
      expect(statuses).toContain(s);
    }
    expect(txns.filter((r) => r.status === 'SETTLED').length).toBeGreaterThan(120);
  });

  it('hold accounts and account transactions for three customers, alice with enough to page', () => {
    const owners = (list: Listed[]) => new Set(list.map((r) => r.customerId));
    expect(owners(dumps.financialAccounts)).toEqual(new Set(['cus_alice', 'cus_bob', 'cus_carol']));
    const alice = (list: Listed[]) => list.filter((r) => r.customerId === 'cus_alice').length;
    expect(alice(dumps.financialAccounts)).toBeGreaterThanOrEqual(25);
    expect(alice(dumps.financialAccountTransactions)).toBeGreaterThanOrEqual(150);
  });

  it('carry long opaque keys, unique per record', () => {
    for (const list of Object.values(dumps)) {
      expect(new Set(list.map((r) => r.key)).size).toBe(list.length);
      expect(list.every((r) => r.key.length >= 40 && !r.key.includes(r.id))).toBe(true);
    }
  });
});

describe('listing parameters', () => {
  it('defaults to 10 records and reports count, remaining and totalCount', async () => {
    const p = await page('transactions', {});
    expect(p.body).toMatchObject({ count: 10, remaining: 230, totalCount: 240 });
    expect(p.items.map((r) => r.id)).toEqual(dumps.transactions.slice(0, 10).map((r) => r.id));
    const accounts = await page('financialAccounts', { customerId: 'cus_alice' });
    expect(accounts.body).toMatchObject({ count: 10, remaining: 18 });
    expect(accounts.body).not.toHaveProperty('totalCount');
  });

  it('refuses a limit outside 1..100', async () => {
    for (const limit of ['0', '101', 'ten', '-1']) {
      const p = await page('transactions', { limit });
      expect(p.status).toBe(400);
      expect(p.body).toMatchObject({ code: 'INVALID_QUERY_PARAMETER', errors: ['[limit] is invalid'] });
    }
  });

  it('refuses before together with after', async () => {
    const key = dumps.transactions[5]!.key;
    const p = await page('transactions', { before: key, after: key });
    expect(p.status).toBe(400);
    expect(p.body.code).toBe('BAD_REQUEST');
  });

  it('refuses an unknown key, or a key of another listing', async () => {
    for (const key of ['nope', 'dHhufHR4bl9ub3BlfDEyMw', dumps.financialAccounts[0]!.key]) {
      const p = await page('transactions', { after: key });
      expect(p.status).toBe(400);
      expect(p.body).toMatchObject({ code: 'INVALID_QUERY_PARAMETER', errors: ['[after] is invalid'] });
    }
  });

  it('filters transactions by status and from date', async () => {
    const settled = await page('transactions', { status: 'SETTLED', limit: 100 });
    expect(settled.items.every((r) => r.status === 'SETTLED')).toBe(true);
    expect(settled.body.totalCount).toBe(dumps.transactions.filter((r) => r.status === 'SETTLED').length);
    const from = '2026-02-15';
    const recent = await page('transactions', { from, limit: 100 });
    const expected = dumps.transactions.filter((r) => timeOf(r) >= Date.parse(`${from}T00:00:00Z`));
    expect(recent.body.totalCount).toBe(expected.length);
    expect((await page('transactions', { from: '15/02/2026' })).body.code).toBe('INVALID_QUERY_PARAMETER');
    expect((await page('transactions', { status: 'DONE' })).body.code).toBe('INVALID_QUERY_PARAMETER');
  });

  it('answers as many transactions as session ids were given when no limit is (the spec: "default 10 or the number of ids given")', async () => {
    const all = await everything('transactions');
    const sessions = all.map((r) => (r as Listed & { sessionId?: string }).sessionId).filter(Boolean);
    expect(sessions.length).toBeGreaterThan(12);
    const wanted = sessions.slice(0, 12).join(',');
    const p = await page('transactions', { sessionIds: wanted });
    expect(p.status).toBe(200);
    expect(p.items).toHaveLength(12);
    expect(p.body.remaining).toBe(0);
    expect((await page('transactions', { sessionIds: wanted, limit: 5 })).items).toHaveLength(5);
    expect((await page('transactions', {})).items).toHaveLength(10);
  });

  it("filters transactions by partner, type and the merchant's customer id, as the public spec does", async () => {
    const query = {
      serviceProviders: 'TRANSAK',
      types: 'CRYPTO_SELL',
      externalCustomerIds: 'shop-user-1001',
    };
    await expectFiltered(
      'transactions',
      { ...query, limit: 100 },
      (r) =>
        r.serviceProvider === 'TRANSAK' &&
        r.transactionType === 'CRYPTO_SELL' &&
        r.externalCustomerId === 'shop-user-1001',
    );
    const both = await page('transactions', {
      customerIds: 'cus_alice',
      externalCustomerIds: 'shop-user-1001',
    });
    expect(both.body.code).toBe('BAD_REQUEST');
  });

  it('filters account transactions by UTC start and end, refusing other date forms', async () => {
    const query = {
      customerId: 'cus_alice',
      startDate: '2026-02-01T00:00:00Z',
      endDate: '2026-02-14T23:59:59Z',
      limit: 100,
    };
    await expectFiltered(
      'financialAccountTransactions',
      query,
      (r) =>
        r.customerId === 'cus_alice' &&
        timeOf(r) >= Date.parse(query.startDate) &&
        timeOf(r) <= Date.parse(query.endDate),
    );
    for (const bad of [
      '2026-02-01',
      '2026-02-01T00:00:00',
      '2026-02-30T00:00:00Z',
      '2026-02-01T00:00:00+01:00',
    ]) {
      const res = await page('financialAccountTransactions', { startDate: bad });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_QUERY_PARAMETER', errors: ['[startDate] is invalid'] });
    }
  });

  it('walks with the api module’s paginate', async () => {
    const ids: string[] = [];
    const fetchPage = async (cursor: { after?: string; before?: string }): Promise<Page<Listed>> => {
      const p = await page('financialAccounts', { customerId: 'cus_alice', limit: 7, ...cursor });
      return { items: p.items, count: p.body.count, remaining: p.body.remaining };
    };
    for await (const p of paginate(fetchPage)) ids.push(...p.items.map((r) => r.id));
    expect(ids).toEqual(dumps.financialAccounts.filter((r) => r.customerId === 'cus_alice').map((r) => r.id));
  });
});

describe('cursor walks (property)', () => {
  const DAY = 86_400_000;
  const utc = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const filterArb = fc.oneof(
    fc.record({
      listing: fc.constant('transactions' as const),
      status: fc.option(fc.constantFrom('SETTLED', 'FAILED', 'PENDING,PROCESSING', 'CANCELLED'), {
        nil: undefined,
      }),
      fromDaysAgo: fc.option(fc.integer({ min: 0, max: 95 }), { nil: undefined }),
    }),
    fc.record({
      listing: fc.constant('financialAccounts' as const),
      customerId: fc.option(fc.constantFrom('cus_alice', 'cus_bob', 'cus_carol', 'cus_nobody'), {
        nil: undefined,
      }),
    }),
    fc.record({
      listing: fc.constant('financialAccountTransactions' as const),
      customerId: fc.option(fc.constantFrom('cus_alice', 'cus_bob'), { nil: undefined }),
      window: fc.option(fc.tuple(fc.integer({ min: 0, max: 95 }), fc.integer({ min: 0, max: 40 })), {
        nil: undefined,
      }),
    }),
  );

  it('after from the first page to the end, then before back to the start, visits every match once, in order', async () => {
    const now = t.now();
    await fc.assert(
      fc.asyncProperty(
        filterArb,
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 100 })),
        async (f, limit) => {
          const query: Record<string, string | undefined> = {};
          let keep: (r: Listed) => boolean = () => true;
          if (f.listing === 'transactions') {
            const statuses = f.status?.split(',');
            const from =
              f.fromDaysAgo === undefined
                ? undefined
                : new Date(now - f.fromDaysAgo * DAY).toISOString().slice(0, 10);
            query.status = f.status;
            query.from = from;
            keep = (r) =>
              (!statuses || statuses.includes(r.status!)) &&
              (!from || timeOf(r) >= Date.parse(`${from}T00:00:00Z`));
          } else {
            query.customerId = f.customerId;
            const window = 'window' in f ? f.window : undefined;
            const [start, end] = window
              ? [now - window[0] * DAY, now - window[0] * DAY + window[1] * DAY]
              : [];
            if (start !== undefined) {
              query.startDate = utc(start);
              query.endDate = utc(end!);
            }
            keep = (r) =>
              (!f.customerId || r.customerId === f.customerId) &&
              (start === undefined ||
                (timeOf(r) >= Math.floor(start / 1000) * 1000 &&
                  timeOf(r) <= Math.floor(end! / 1000) * 1000));
          }
          const expected = dumps[f.listing].filter(keep).map((r) => r.id);

          // Forward.
          const forward: string[] = [];
          let p = await page(f.listing, { ...query, limit });
          for (;;) {
            expect(p.status).toBe(200);
            expect(p.items.length).toBeLessThanOrEqual(limit);
            forward.push(...p.items.map((r) => r.id));
            expect(p.body.remaining).toBe(expected.length - forward.length);
            if (p.body.remaining === 0) break;
            p = await page(f.listing, { ...query, limit, after: p.items[p.items.length - 1]!.key });
          }
          expect(forward).toEqual(expected);
          if (expected.length === 0) return;

          // Backward, from the last page's first record.
          const backward: string[] = p.items.map((r) => r.id);
          let first = p.items[0]!.key;
          for (;;) {
            const q = await page(f.listing, { ...query, limit, before: first });
            expect(q.status).toBe(200);
            expect(q.items.length).toBeLessThanOrEqual(limit);
            backward.unshift(...q.items.map((r) => r.id));
            expect(q.body.remaining).toBe(expected.length - backward.length);
            if (q.body.remaining === 0) break;
            first = q.items[0]!.key;
          }
          expect(backward).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
