// Where Previous and Next lead from the page on screen. The upstream has no page tokens: Next asks
// for the records after the last key, Previous for those before the first key. `remaining` counts
// the records beyond the page in the direction it was fetched, which says where the ends are.
import type { Cursor, Page } from '../api/types';

export interface PageRange {
  /** 1-based position of the first record shown. */
  first: number;
  last: number;
  total?: number;
}

export interface PagerModel {
  /** Undefined: there is no previous page (the button is disabled). */
  previous?: Cursor;
  next?: Cursor;
  /** Undefined when the position cannot be known (an `after` page of a listing without totalCount). */
  range?: PageRange;
}

export function pagerModel<T extends { key?: string }>(
  cursor: Cursor,
  page: Page<T>,
  limit: number,
): PagerModel {
  const { items, remaining, totalCount } = page;
  if (items.length === 0) return {};
  const firstKey = items[0]?.key;
  const lastKey = items[items.length - 1]?.key;
  // Without `remaining`, a full page suggests there may be more.
  const moreAhead = remaining !== undefined ? remaining > 0 : items.length >= limit;
  const back = firstKey ? { before: firstKey } : undefined;
  const forward = lastKey ? { after: lastKey } : undefined;
  const count = items.length;
  const withTotal = (r: Omit<PageRange, 'total'>): PageRange =>
    totalCount === undefined ? r : { ...r, total: totalCount };

  if ('before' in cursor && cursor.before !== undefined) {
    return {
      previous: moreAhead ? back : undefined,
      next: forward,
      range:
        remaining === undefined ? undefined : withTotal({ first: remaining + 1, last: remaining + count }),
    };
  }
  if ('after' in cursor && cursor.after !== undefined) {
    const last = totalCount !== undefined && remaining !== undefined ? totalCount - remaining : undefined;
    return {
      previous: back,
      next: moreAhead ? forward : undefined,
      range: last === undefined ? undefined : withTotal({ first: last - count + 1, last }),
    };
  }
  return { next: moreAhead ? forward : undefined, range: withTotal({ first: 1, last: count }) };
}
