import { useState } from 'react';
import type { Cursor, FinancialAccountTransaction } from '../api/types';
import type { ConsoleApi } from './consoleApi';
import { CustomerIdField, customerIdOf } from './CustomerIdField';
import { DateTimeField } from './DateTimeField';
import { localInputToUtc, utcToLocalInput } from './dates';
import { DetailPanel, FieldList } from './DetailPanel';
import { dateTime, money } from './format';
import { ListingTable, type TableColumn } from './ListingTable';
import { accountTransactionsListing } from './listings';
import { PageSizeField, pageSizeOf } from './PageSizeField';
import { humanize } from './statusText';
import { serializeConsoleUrl, type AccountTransactionsFilters } from './urlState';

const COLUMNS: readonly TableColumn<FinancialAccountTransaction>[] = [
  { header: 'Date', cell: (t) => <time dateTime={t.transactionDate}>{dateTime(t.transactionDate)}</time> },
  { header: 'Account', cell: (t) => t.financialAccountId },
  { header: 'Description', cell: (t) => t.description },
  { header: 'Category', cell: (t) => (t.category ? humanize(t.category) : '') },
  { header: 'Amount', cell: (t) => money(t.amount, t.currency), numeric: true },
  { header: 'Status', cell: (t) => (t.status ? humanize(t.status) : '') },
];

export interface AccountTransactionsViewProps {
  api: ConsoleApi;
  filters: AccountTransactionsFilters;
  cursor: Cursor;
  onChange(filters: AccountTransactionsFilters, cursor: Cursor): void;
}

export function AccountTransactionsView({ api, filters, cursor, onChange }: AccountTransactionsViewProps) {
  const [open, setOpen] = useState<{ row: FinancialAccountTransaction; opener: HTMLElement } | null>(null);
  const who = filters.customerId ? ` of ${filters.customerId}` : '';
  return (
    <section className="rc-view" aria-labelledby="account-transactions-heading">
      <h2 id="account-transactions-heading">Account transactions</h2>
      <p className="rc-muted">Transactions on the financial accounts a customer linked, newest first.</p>
      <AccountTransactionsFilterForm
        key={serializeConsoleUrl({ view: 'account-transactions', filters, cursor: {} })}
        filters={filters}
        onApply={(f) => onChange(f, {})}
      />
      <ListingTable
        listing={accountTransactionsListing}
        api={api}
        filters={filters}
        cursor={cursor}
        caption={`Account transactions${who}, newest first`}
        columns={COLUMNS}
        emptyText="No account transactions match these filters."
        openId={open?.row.id}
        onNavigate={(c) => onChange(filters, c)}
        onOpen={(row, opener) => setOpen({ row, opener })}
      />
      {open && (
        <DetailPanel
          key={open.row.id}
          title={`Account transaction ${open.row.id}`}
          returnFocus={open.opener}
          onClose={() => setOpen(null)}
        >
          <FieldList
            fields={[
              ['Description', open.row.description],
              ['Amount', money(open.row.amount, open.row.currency)],
              ['Category', open.row.category ? humanize(open.row.category) : undefined],
              ['Status', open.row.status ? humanize(open.row.status) : undefined],
              ['Date', dateTime(open.row.transactionDate)],
              ['Posted', dateTime(open.row.postedDate)],
              ['Account', open.row.financialAccountId],
              ['Customer', open.row.customerId],
            ]}
          />
        </DetailPanel>
      )}
    </section>
  );
}

/** The filters a submitted form asks for (dates converted to UTC), or what is wrong with it. */
function readFilters(data: FormData, start: string, end: string): AccountTransactionsFilters | string {
  const customerId = customerIdOf(data);
  const startDate = start ? localInputToUtc(start) : undefined;
  const endDate = end ? localInputToUtc(end) : undefined;
  if (customerId === null) return 'A customer ID is letters, digits, _ and - only.';
  if ((start && !startDate) || (end && !endDate)) return 'Enter complete dates and times.';
  if (startDate && endDate && startDate > endDate) return 'The start must not be after the end.';
  return {
    ...(customerId ? { customerId } : {}),
    ...(startDate ? { startDate } : {}),
    ...(endDate ? { endDate } : {}),
    limit: pageSizeOf(data),
  };
}

function AccountTransactionsFilterForm({
  filters,
  onApply,
}: {
  filters: AccountTransactionsFilters;
  onApply(f: AccountTransactionsFilters): void;
}) {
  // Controlled, so each field can show the UTC instant it will send while it is edited.
  const [start, setStart] = useState(() => (filters.startDate ? utcToLocalInput(filters.startDate) : ''));
  const [end, setEnd] = useState(() => (filters.endDate ? utcToLocalInput(filters.endDate) : ''));
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <form
      className="rc-filters"
      role="search"
      aria-label="Filter account transactions"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const read = readFilters(new FormData(e.currentTarget), start, end);
        if (typeof read === 'string') {
          setProblem(read);
        } else {
          setProblem(null);
          onApply(read);
        }
      }}
    >
      <CustomerIdField id="account-transactions-customer" value={filters.customerId} />
      <DateTimeField id="account-transactions-start" label="From" value={start} onChange={setStart} />
      <DateTimeField id="account-transactions-end" label="To" value={end} onChange={setEnd} />
      <PageSizeField id="account-transactions-limit" value={filters.limit} />
      <button type="submit" className="rc-button rc-primary">
        Apply filters
      </button>
      {problem && (
        <p className="rc-alert rc-form-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
