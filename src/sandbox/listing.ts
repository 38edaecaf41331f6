// Cursor pagination shared by the three listings. Order: newest first, ties by id (descending).
// `after=<key>`: the `limit` records following that record; `before=<key>`: the `limit` records
// immediately preceding it, still in list order. A key names a record, not an offset, so a page
// stays correct when filters differ or newer records arrive.

import { base64urlnopad, utf8 } from '@scure/base';
import { shortHash } from './addresses';

export type KeyKind = 'txn' | 'fa' | 'fat';

export interface Sortable {
  id: string;
  /** Epoch ms the list is ordered by (newest first). */
  at: number;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

/** Opaque and long: the kind, the id and a check value, base64url-encoded. */
export function encodeKey(kind: KeyKind, id: string): string {
  return base64urlnopad.encode(utf8.decode(`${kind}|${id}|${shortHash(`key|${kind}|${id}`, 24)}`));
}

/** The id a key names, or undefined when it is not a key of this listing. */
export function decodeKey(kind: KeyKind, key: string): string | undefined {
  let text: string;
  try {
    text = utf8.encode(base64urlnopad.decode(key));
  } catch {
    return undefined;
  }
  const [k, id, check, ...rest] = text.split('|');
  if (rest.length > 0 || k !== kind || !id || check !== shortHash(`key|${kind}|${id}`, 24)) return undefined;
  return id;
}

/** Negative when `a` comes first in list order. */
export const listOrder = (a: Sortable, b: Sortable): number =>
  b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export interface Paging {
  limit: number;
  after?: string;
  before?: string;
}

export type PagingError = {
  code: 'BAD_REQUEST' | 'INVALID_QUERY_PARAMETER';
  message?: string;
  errors: string[];
};

/** `defaultLimit`: the page size when `limit` is not given (the transactions search's depends on its ids). */
export function parsePaging(
  query: (name: string) => string | undefined,
  defaultLimit = DEFAULT_LIMIT,
): Paging | PagingError {
  const after = query('after');
  const before = query('before');
  if (after !== undefined && before !== undefined) {
    return {
      code: 'BAD_REQUEST',
      message: 'Only one of before and after may be used',
      errors: ['[before] and [after] cannot be combined'],
    };
  }
  const rawLimit = query('limit');
  let limit = defaultLimit;
  if (rawLimit !== undefined) {
    limit = /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT))
      return { code: 'INVALID_QUERY_PARAMETER', errors: ['[limit] is invalid'] };
  }
  const paging: Paging = { limit };
  if (after !== undefined) paging.after = after;
  if (before !== undefined) paging.before = before;
  return paging;
}

export interface PageResult<T> {
  items: T[];
  count: number;
  remaining: number;
  totalCount: number;
}

/**
 * One page of `sorted` (already filtered, in list order). `find` resolves a key's id among all
 * records of the listing, so a key still works when its own record is filtered out.
 */
export function pageOf<T extends Sortable>(
  kind: KeyKind,
  sorted: readonly T[],
  paging: Paging,
  find: (id: string) => Sortable | undefined,
): PageResult<T> | PagingError {
  const cursor = paging.after ?? paging.before;
  let start = 0;
  let end = Math.min(paging.limit, sorted.length);
  if (cursor !== undefined) {
    const id = decodeKey(kind, cursor);
    const anchor = id === undefined ? undefined : find(id);
    if (!anchor) {
      return {
        code: 'INVALID_QUERY_PARAMETER',
        errors: [`[${paging.after !== undefined ? 'after' : 'before'}] is invalid`],
      };
    }
    // First index that comes after the anchor in list order.
    const firstAfter = sorted.findIndex((r) => listOrder(r, anchor) > 0);
    const boundary = firstAfter === -1 ? sorted.length : firstAfter;
    if (paging.after !== undefined) {
      start = boundary;
      end = Math.min(boundary + paging.limit, sorted.length);
    } else {
      // Records before the anchor: everything ahead of it, excluding the anchor itself.
      const firstNotBefore = sorted.findIndex((r) => listOrder(r, anchor) >= 0);
      end = firstNotBefore === -1 ? sorted.length : firstNotBefore;
      start = Math.max(0, end - paging.limit);
    }
  }
  const items = sorted.slice(start, end);
  const remaining = paging.before !== undefined ? start : sorted.length - end;
  return { items, count: items.length, remaining, totalCount: sorted.length };
}

export const isPagingError = (value: object): value is PagingError => 'errors' in value && 'code' in value;
