// Walks a cursor-paginated listing. The upstream has no "next" cursor: the client passes back the
// `key` of the last record (after) or of the first record (before) of the page it holds.
import { RampError, abortedError } from './errors';
import type { Cursor, Page } from './types';

export interface PaginateOptions {
  /** @default 'after' */
  direction?: 'after' | 'before';
  /** Key of the record to start from (exclusive); omitted: the first page. */
  start?: string;
  signal?: AbortSignal;
}

const stuck = (why: string) =>
  new RampError('PAGINATION_STUCK', `Pagination does not advance: ${why}`, 502, { retryable: false });

/**
 * Yields non-empty pages until the listing says nothing remains (`remaining === 0`) or, when it
 * does not say, until an empty page. Throws PAGINATION_STUCK if a cursor would repeat.
 */
export async function* paginate<T extends { key?: string }>(
  fetchPage: (cursor: Cursor) => Promise<Page<T>>,
  opts: PaginateOptions = {},
): AsyncGenerator<Page<T>, void, undefined> {
  const dir = opts.direction ?? 'after';
  const used = new Set<string>();
  let key = opts.start;
  for (;;) {
    if (opts.signal?.aborted) throw abortedError();
    if (key !== undefined) used.add(key);
    const cursor: Cursor = key === undefined ? {} : dir === 'after' ? { after: key } : { before: key };
    const page = await fetchPage(cursor);
    if (page.items.length === 0) return;
    yield page;
    if (page.remaining !== undefined && page.remaining <= 0) return;
    const edge = dir === 'after' ? page.items[page.items.length - 1] : page.items[0];
    key = edge?.key;
    if (key === undefined || key === '') throw stuck('a record has no key');
    if (used.has(key)) throw stuck(`key ${key} was already used as a cursor`);
  }
}
