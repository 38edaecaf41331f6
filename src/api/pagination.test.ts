import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RampError } from './errors';
import { paginate } from './pagination';
import type { PaginateOptions } from './pagination';
import type { Cursor, Page } from './types';

interface Rec {
  id: string;
  key: string;
}

/**
 * The listing wire rules of the brief, in memory: records newest first; `after=k` gives the `limit`
 * records following k, `before=k` the `limit` records immediately preceding it (still in list
 * order); `remaining` counts records beyond the page in the direction of travel.
 */
function listing(n: number, limit: number, withRemaining = true) {
  const records: Rec[] = Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    key: btoa(`opaque:${i}:${n}`),
  }));
  let fetches = 0;
  const indexOf = (key: string) => {
    const i = records.findIndex((r) => r.key === key);
    if (i < 0) throw new RampError('INVALID_QUERY_PARAMETER', 'Invalid query parameter', 400);
    return i;
  };
  const fetchPage = async (cursor: Cursor): Promise<Page<Rec>> => {
    fetches++;
    const { after, before } = cursor as { after?: string; before?: string };
    if (after !== undefined && before !== undefined) throw new RampError('BAD_REQUEST', 'Bad request', 400);
    let from: number, to: number, remaining: number;
    if (after !== undefined) {
      from = indexOf(after) + 1;
      to = Math.min(n, from + limit);
      remaining = n - to;
    } else if (before !== undefined) {
      to = indexOf(before);
      from = Math.max(0, to - limit);
      remaining = from;
    } else {
      from = 0;
      to = Math.min(n, limit);
      remaining = n - to;
    }
    const items = records.slice(from, to);
    return { items, count: items.length, totalCount: n, ...(withRemaining ? { remaining } : {}) };
  };
  return { records, fetchPage, fetches: () => fetches };
}

async function walk(fetchPage: (c: Cursor) => Promise<Page<Rec>>, opts?: PaginateOptions) {
  const pages: Rec[][] = [];
  for await (const page of paginate(fetchPage, opts)) pages.push(page.items);
  return pages;
}

const sizes = fc.record({ n: fc.integer({ min: 0, max: 250 }), limit: fc.integer({ min: 1, max: 100 }) });

describe('paginate against the listing rules', () => {
  it('after from the start, then before back from the end: every record once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(sizes, fc.boolean(), async ({ n, limit }, withRemaining) => {
        const l = listing(n, limit, withRemaining);

        const forward = await walk(l.fetchPage);
        expect(forward.flat()).toEqual(l.records);
        expect(forward.every((p) => p.length > 0 && p.length <= limit)).toBe(true);
        // With `remaining` no request is wasted; without it, one empty page ends the walk.
        const pagesNeeded = Math.max(1, Math.ceil(n / limit));
        expect(l.fetches()).toBe(withRemaining ? pagesNeeded : Math.ceil(n / limit) + 1);

        if (n === 0) return;
        const last = forward.at(-1)!.at(-1)!;
        const backward = await walk(l.fetchPage, { direction: 'before', start: last.key });
        // Pages arrive newest-last, each still in list order; with the start record that is all of them.
        expect([...backward].reverse().flat()).toEqual(l.records.slice(0, -1));
        expect([...backward.flat(), last].map((r) => r.id).sort()).toEqual(l.records.map((r) => r.id).sort());
      }),
      { numRuns: 200 },
    );
  });

  it('starting after a record in the middle yields exactly the records after it', async () => {
    await fc.assert(
      fc.asyncProperty(
        sizes.filter(({ n }) => n > 0),
        fc.nat(),
        async ({ n, limit }, pick) => {
          const l = listing(n, limit);
          const i = pick % n;
          const after = await walk(l.fetchPage, { start: l.records[i]!.key });
          expect(after.flat()).toEqual(l.records.slice(i + 1));
          const before = await walk(l.fetchPage, { direction: 'before', start: l.records[i]!.key });
          expect(before.reverse().flat()).toEqual(l.records.slice(0, i));
        },
      ),
    );
  });
});

describe('guards', () => {
  it('a listing that ignores the cursor stops with PAGINATION_STUCK instead of looping', async () => {
    const l = listing(30, 10, false);
    const ignoring = () => l.fetchPage({});
    const err = await walk(ignoring).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RampError);
    expect(err).toMatchObject({ code: 'PAGINATION_STUCK', retryable: false });
    expect(l.fetches()).toBe(2);
  });

  it('a record without a key cannot be paged past', async () => {
    const fetchPage = async (): Promise<Page<{ key?: string }>> => ({ items: [{}], count: 1, remaining: 5 });
    const pages: unknown[] = [];
    const err = await (async () => {
      for await (const p of paginate(fetchPage)) pages.push(p);
    })().catch((e: unknown) => e);
    expect(pages).toHaveLength(1);
    expect(err).toMatchObject({ code: 'PAGINATION_STUCK' });
  });

  it('stops with ABORTED once the signal fires between pages', async () => {
    const l = listing(50, 10);
    const ctl = new AbortController();
    const seen: Rec[][] = [];
    const err = await (async () => {
      for await (const p of paginate(l.fetchPage, { signal: ctl.signal })) {
        seen.push(p.items);
        ctl.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'ABORTED' });
    expect(seen).toHaveLength(1);
    expect(l.fetches()).toBe(1);
  });

  it('sends one cursor per request, in the chosen direction', async () => {
    const cursors: Cursor[] = [];
    const l = listing(25, 10);
    await walk((c) => (cursors.push(c), l.fetchPage(c)), { direction: 'before', start: l.records[24]!.key });
    expect(cursors).toEqual([
      { before: l.records[24]!.key },
      { before: l.records[14]!.key },
      { before: l.records[4]!.key },
    ]);
  });
});
