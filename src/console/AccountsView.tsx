import { useState } from 'react';
import type { Cursor, FinancialAccount } from '../api/types';
import type { ConsoleApi } from './consoleApi';
import { CustomerIdField, customerIdOf } from './CustomerIdField';
import { DetailPanel, FieldList } from './DetailPanel';
import { dateTime, money } from './format';
import { ListingTable, type TableColumn } from './ListingTable';
import { accountsListing } from './listings';
import { PageSizeField, pageSizeOf } from './PageSizeField';
import { humanize } from './statusText';
import { serializeConsoleUrl, type AccountsFilters } from './urlState';

const kind = (a: FinancialAccount) =>
  [a.type, a.subtype]
    .filter((s): s is string => Boolean(s))
    .map(humanize)
    .join(' · ');

const COLUMNS: readonly TableColumn<FinancialAccount>[] = [
  { header: 'Name', cell: (a) => a.name },
  { header: 'Institution', cell: (a) => a.institutionName },
  { header: 'Kind', cell: kind },
  { header: 'Status', cell: (a) => (a.status ? humanize(a.status) : '') },
  {
    header: 'Available',
    cell: (a) => money(a.balances?.availableAmount, a.balances?.currency),
    numeric: true,
  },
  { header: 'Current', cell: (a) => money(a.balances?.currentAmount, a.balances?.currency), numeric: true },
];

export interface AccountsViewProps {
  api: ConsoleApi;
  filters: AccountsFilters;
  cursor: Cursor;
  onChange(filters: AccountsFilters, cursor: Cursor): void;
  /** Opens the account-transactions view for a customer. */
  onShowTransactions(customerId: string): void;
}

export function AccountsView({ api, filters, cursor, onChange, onShowTransactions }: AccountsViewProps) {
  const [open, setOpen] = useState<{ row: FinancialAccount; opener: HTMLElement } | null>(null);
  return (
    <section className="rc-view" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Financial accounts</h2>
      <form
        key={serializeConsoleUrl({ view: 'accounts', filters, cursor: {} })}
        className="rc-filters"
        role="search"
        aria-label="Filter financial accounts"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const customerId = customerIdOf(data);
          if (customerId === null) return;
          onChange({ ...(customerId ? { customerId } : {}), limit: pageSizeOf(data) }, {});
        }}
      >
        <CustomerIdField id="accounts-customer" value={filters.customerId} />
        <PageSizeField id="accounts-limit" value={filters.limit} />
        <button type="submit" className="rc-button rc-primary">
          Apply filters
        </button>
      </form>
      <ListingTable
        listing={accountsListing}
        api={api}
        filters={filters}
        cursor={cursor}
        caption={
          filters.customerId
            ? `Financial accounts of ${filters.customerId}, newest first`
            : 'Financial accounts, newest first'
        }
        columns={COLUMNS}
        emptyText={
          filters.customerId ? `${filters.customerId} has no financial accounts.` : 'No financial accounts.'
        }
        openId={open?.row.id}
        onNavigate={(c) => onChange(filters, c)}
        onOpen={(row, opener) => setOpen({ row, opener })}
      />
      {open && (
        <AccountDetail
          key={open.row.id}
          account={open.row}
          returnFocus={open.opener}
          onClose={() => setOpen(null)}
          onShowTransactions={onShowTransactions}
        />
      )}
    </section>
  );
}

function AccountDetail({
  account: a,
  returnFocus,
  onClose,
  onShowTransactions,
}: {
  account: FinancialAccount;
  returnFocus: HTMLElement;
  onClose(): void;
  onShowTransactions(customerId: string): void;
}) {
  const customerId = a.customerId;
  return (
    <DetailPanel title={`Account ${a.id}`} returnFocus={returnFocus} onClose={onClose}>
      <FieldList
        fields={[
          ['Name', a.name],
          ['Institution', a.institutionName],
          ['Kind', kind(a)],
          ['Status', a.status ? humanize(a.status) : undefined],
          ['Account number', a.truncatedAccountNumber ? `•••• ${a.truncatedAccountNumber}` : undefined],
          ['Customer', a.customerId],
          ['Available balance', money(a.balances?.availableAmount, a.balances?.currency)],
          ['Current balance', money(a.balances?.currentAmount, a.balances?.currency)],
          ['Balances as of', dateTime(a.balances?.updatedAt)],
        ]}
      />
      {customerId && (
        <button type="button" className="rc-button" onClick={() => onShowTransactions(customerId)}>
          Transactions of {customerId}&apos;s accounts
        </button>
      )}
    </DetailPanel>
  );
}
