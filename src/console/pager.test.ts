import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cursor, Page } from '../api/types';
import { createConsoleApi } from './consoleApi';
import { pagerModel } from './pager';
import { TOKEN, consoleServer, idsOf, payments } from './test-listings';

const rec = (id: string) => ({ id, key: `k${id}` });
const page = (
  ids: string[],
  meta: Pick<Page<unknown>, 'remaining' | 'totalCount'> = {},
): Page<{ id: string; key: string }> => ({
  items: ids.map(rec),
  count: ids.length,
  ...meta,
});

describe('pagerModel', () => {
  it('first page: no Previous; Next after the last key while records remain', () => {
    expect(pagerModel({}, page(['1', '2'], { remaining: 3, totalCount: 5 }), 2)).toEqual({
      next: { after: 'k2' },
      range: { first: 1, last: 2, total: 5 },
    });
    expect(pagerModel({}, page(['1', '2'], { remaining: 0, totalCount: 2 }), 2).next).toBeUndefined();
  });

  it('after a key: Previous before the first key; Next until nothing remains', () => {
    expect(pagerModel({ after: 'k2' }, page(['3', '4'], { remaining: 1, totalCount: 5 }), 2)).toEqual({
      previous: { before: 'k3' },
      next: { after: 'k4' },
      range: { first: 3, last: 4, total: 5 },
    });
    expect(pagerModel({ after: 'k4' }, page(['5'], { remaining: 0, totalCount: 5 }), 2)).toEqual({
      previous: { before: 'k5' },
      range: { first: 5, last: 5, total: 5 },
    });
  });

  it('before a key: remaining counts what lies further back, so Previous stops at the start', () => {
    expect(pagerModel({ before: 'k5' }, page(['3', '4'], { remaining: 2, totalCount: 5 }), 2)).toEqual({
      previous: { before: 'k3' },
      next: { after: 'k4' },
      range: { first: 3, last: 4, total: 5 },
    });
    expect(pagerModel({ before: 'k3' }, page(['1', '2'], { remaining: 0 }), 2)).toEqual({
      next: { after: 'k2' },
      range: { first: 1, last: 2 },
    });
  });

  it('without remaining, a full page may have more; the position of an after-page is unknown', () => {
    expect(pagerModel({ after: 'k2' }, page(['3', '4']), 2)).toEqual({
      previous: { before: 'k3' },
      next: { after: 'k4' },
    });
    expect(pagerModel({ after: 'k2' }, page(['3']), 2).next).toBeUndefined();
  });

  it('an empty page leads nowhere', () => {
    expect(pagerModel({ after: 'k9' }, page([], { remaining: 0 }), 2)).toEqual({});
  });
});

describe('walking a filtered listing with Next, then Previous', () => {
  it('shows every matching record exactly once, in order, both ways', async () => {
    // The server's listing of its sandbox's payments, filtered down to 0 to 13 records.
    const server = consoleServer();
    const api = createConsoleApi(TOKEN, { fetch: server.fetch });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('VOIDED', 'REFUNDED', 'CANCELLED', 'DECLINED'),
        fc.constantFrom(undefined, 'shop-user-1001', 'shop-user-1002', 'shop-user-1003'),
        async (limit, status, customer) => {
          const filters = { status, ...(customer ? { customer } : {}), limit };
          const expected = idsOf(
            await payments(server, { status, ...(customer ? { externalCustomerIds: customer } : {}) }),
          );
          const asked = server.queries('/payments/transactions').length;

          const load = async (cursor: Cursor) => {
            const p = await api.payments(filters, cursor);
            return { ids: p.items.map((t) => t.id), model: pagerModel(cursor, p, limit) };
          };
          let at = await load({});
          const forward = [...at.ids];
          while (at.model.next) {
            at = await load(at.model.next);
            forward.push(...at.ids);
          }
          const backward: string[][] = [at.ids];
          while (at.model.previous) {
            at = await load(at.model.previous);
            backward.unshift(at.ids);
          }
          expect(forward).toEqual(expected);
          expect(backward.flat()).toEqual(expected);
          // Every request combined the filters with at most one cursor.
          for (const q of server.queries('/payments/transactions').slice(asked)) {
            expect(q.get('status')).toBe(status);
            expect(q.get('externalCustomerIds')).toBe(customer ?? null);
            expect(q.has('after') && q.has('before')).toBe(false);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
