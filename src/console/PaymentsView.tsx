import { partnerName } from '../ui/steps/partners';
import { useState } from 'react';
import type { Cursor, Transaction } from '../api/types';
import { TRANSACTION_STATUSES } from '../checkout/status';
import type { ConsoleApi } from './consoleApi';
import { isIsoDate } from './dates';
import { dateTime, money, tradeText } from './format';
import { ListingTable, type TableColumn } from './ListingTable';
import { paymentsListing } from './listings';
import { PageSizeField, pageSizeOf } from './PageSizeField';
import { transactionStatusText, transactionStatusTone } from './statusText';
import { TransactionDetail } from './TransactionDetail';
import { isStatus, serializeConsoleUrl, type PaymentsFilters } from './urlState';

const COLUMNS: readonly TableColumn<Transaction>[] = [
  { header: 'Created', cell: (t) => <time dateTime={t.createdAt}>{dateTime(t.createdAt)}</time> },
  {
    header: 'Status',
    cell: (t) => (
      <span className={`rc-badge rc-tone-${transactionStatusTone(t.status)}`}>
        {transactionStatusText(t.status)}
      </span>
    ),
  },
  { header: 'Type', cell: (t) => tradeText(t.transactionType) },
  { header: 'Paid', cell: (t) => money(t.sourceAmount, t.sourceCurrencyCode), numeric: true },
  { header: 'Received', cell: (t) => money(t.destinationAmount, t.destinationCurrencyCode), numeric: true },
  { header: 'Partner', cell: (t) => t.serviceProvider && partnerName(t.serviceProvider) },
  { header: 'Customer', cell: (t) => t.externalCustomerId },
];

export interface PaymentsViewProps {
  api: ConsoleApi;
  filters: PaymentsFilters;
  cursor: Cursor;
  onChange(filters: PaymentsFilters, cursor: Cursor): void;
}

export function PaymentsView({ api, filters, cursor, onChange }: PaymentsViewProps) {
  const [open, setOpen] = useState<{ row: Transaction; opener: HTMLElement } | null>(null);
  return (
    <section className="rc-view" aria-labelledby="payments-heading">
      <h2 id="payments-heading">Payment transactions</h2>
      <PaymentsFilterForm
        // Remounted when the address changes (Back, a shared link), so the fields show what is applied.
        key={serializeConsoleUrl({ view: 'payments', filters, cursor: {} })}
        filters={filters}
        onApply={(f) => onChange(f, {})}
      />
      <ListingTable
        listing={paymentsListing}
        api={api}
        filters={filters}
        cursor={cursor}
        caption="Payment transactions, newest first"
        columns={COLUMNS}
        emptyText="No transactions match these filters."
        openId={open?.row.id}
        onNavigate={(c) => onChange(filters, c)}
        onOpen={(row, opener) => setOpen({ row, opener })}
      />
      {open && (
        <TransactionDetail
          key={open.row.id}
          api={api}
          listed={open.row}
          returnFocus={open.opener}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

function PaymentsFilterForm({
  filters,
  onApply,
}: {
  filters: PaymentsFilters;
  onApply(f: PaymentsFilters): void;
}) {
  return (
    <form
      className="rc-filters"
      role="search"
      aria-label="Filter payment transactions"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const status = String(data.get('status') ?? '');
        const from = String(data.get('from') ?? '');
        onApply({
          ...(isStatus(status) ? { status } : {}),
          ...(isIsoDate(from) ? { from } : {}),
          limit: pageSizeOf(data),
        });
      }}
    >
      <div className="rc-field-control">
        <label htmlFor="payments-status">Status</label>
        <select id="payments-status" name="status" defaultValue={filters.status ?? ''}>
          <option value="">Any status</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {transactionStatusText(s)} ({s})
            </option>
          ))}
        </select>
      </div>
      <div className="rc-field-control">
        <label htmlFor="payments-from">Created on or after (UTC)</label>
        <input id="payments-from" name="from" type="date" defaultValue={filters.from ?? ''} />
      </div>
      <PageSizeField id="payments-limit" value={filters.limit} />
      <button type="submit" className="rc-button rc-primary">
        Apply filters
      </button>
    </form>
  );
}
