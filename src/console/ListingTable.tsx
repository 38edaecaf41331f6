import { hashKey, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { Cursor, Page } from '../api/types';
import type { ConsoleApi } from './consoleApi';
import { loadErrorText } from './errorText';
import { ExportCsv } from './ExportCsv';
import { countOf, type Listing } from './listings';
import { Pager } from './Pager';
import { pagerModel } from './pager';

export interface TableColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (amounts). */
  numeric?: boolean;
}

export interface ListingTableProps<F extends { limit: number }, T extends { key?: string }> {
  listing: Listing<F, T>;
  api: ConsoleApi;
  filters: F;
  cursor: Cursor;
  caption: string;
  /** Columns after the first one, which is always the record's id as a "View <id>" button. */
  columns: readonly TableColumn<T>[];
  /** Shown when the first page is empty: "No transactions match these filters." */
  emptyText: string;
  /** The id of the record whose detail is open (its row is marked). */
  openId?: string;
  onNavigate(cursor: Cursor): void;
  onOpen(row: T, opener: HTMLElement): void;
}

/** What a query holds: the page with the cursor and size that fetched it, so the pager never mixes them. */
interface Fetched<T> {
  page: Page<T>;
  cursor: Cursor;
  limit: number;
  /** hashKey of the filters: a count on screen is only shown for the filters it counts. */
  filters: string;
}

const hasCursor = (c: Cursor) => 'after' in c || 'before' in c;
const SKELETON_ROWS = 5;

export function ListingTable<F extends { limit: number }, T extends { key?: string }>(
  props: ListingTableProps<F, T>,
) {
  const { listing, api, filters, cursor, columns, onNavigate } = props;
  const captionId = useId();
  const query = useQuery({
    queryKey: ['console', listing.view, filters, cursor],
    queryFn: async ({ signal }): Promise<Fetched<T>> => ({
      page: await listing.fetchPage(api, filters, cursor, signal),
      cursor,
      limit: filters.limit,
      filters: hashKey([filters]),
    }),
    // The page on screen stays (dimmed, aria-busy) while the next one loads.
    placeholderData: keepPreviousData,
  });
  const noun = listing.noun.other;
  const data = query.data;
  const busy = query.isPlaceholderData;

  if (query.isPending) {
    return (
      <div className="rc-listing">
        <p role="status" className="rc-loading">
          Loading {noun}…
        </p>
        <div className="rc-skeleton" aria-hidden="true">
          {Array.from({ length: SKELETON_ROWS }, (_, i) => (
            <div key={i} className="rc-skeleton-row" />
          ))}
        </div>
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="rc-listing">
        <div className="rc-alert" role="alert">
          <p>
            Could not load {noun}. {loadErrorText(query.error)}
          </p>
          <button type="button" className="rc-button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  if (!data) return null;
  const { page } = data;
  const model = pagerModel(data.cursor, page, data.limit);
  const total = data.filters === hashKey([filters]) ? page.totalCount : undefined;

  return (
    <div className="rc-listing">
      <div className="rc-listing-bar">
        <p className="rc-summary" aria-live="polite">
          {total !== undefined &&
            countOf(total, { one: `matching ${listing.noun.one}`, other: `matching ${noun}` })}
        </p>
        <ExportCsv listing={listing} api={api} filters={filters} />
      </div>
      {page.items.length === 0 ? (
        <div className="rc-empty">
          {hasCursor(data.cursor) ? (
            <>
              <p>No {noun} on this page: the link may be out of date.</p>
              <button type="button" className="rc-button" onClick={() => onNavigate({})}>
                Go to the first page
              </button>
            </>
          ) : (
            <p>{props.emptyText}</p>
          )}
        </div>
      ) : (
        <>
          <div className="rc-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
            <table className="rc-table" aria-busy={busy}>
              <caption id={captionId}>{props.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  {columns.map((c) => (
                    <th key={c.header} scope="col" className={c.numeric ? 'rc-num' : undefined}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((row) => {
                  const id = listing.rowId(row);
                  return (
                    <tr key={id} aria-current={id === props.openId ? 'true' : undefined}>
                      <th scope="row">
                        <button
                          type="button"
                          className="rc-link"
                          aria-label={`View ${id}`}
                          onClick={(e) => props.onOpen(row, e.currentTarget)}
                        >
                          {id}
                        </button>
                      </th>
                      {columns.map((c) => (
                        <td key={c.header} className={c.numeric ? 'rc-num' : undefined}>
                          {c.cell(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager model={model} busy={busy} noun={noun} onNavigate={onNavigate} />
        </>
      )}
    </div>
  );
}
