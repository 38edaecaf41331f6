import { useState } from 'react';
import type { Cursor, Transaction } from '../api/types';
import { TRANSACTION_STATUSES } from '../checkout/status';
import { KNOWN_PARTNERS, partnerName } from '../ui/steps/partners';
import type { ConsoleApi } from './consoleApi';
import { isIsoDate } from './dates';
import { dateTime, money, tradeText } from './format';
import { ListingTable, type TableColumn } from './ListingTable';
import { paymentsListing } from './listings';
import { PageSizeField, pageSizeOf } from './PageSizeField';
import { transactionStatusText, transactionStatusTone } from './statusText';
import { TransactionDetail } from './TransactionDetail';
import {
  isCustomerId,
  isPartnerCode,
  isStatus,
  isTradeType,
  isTransactionId,
  isWalletAddress,
  serializeConsoleUrl,
  type PaymentsFilters,
} from './urlState';

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
      <FilterNote filters={filters} />
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

/** Says how the filters the upstream does not take are applied, so paging and counts are read right. */
function FilterNote({ filters }: { filters: PaymentsFilters }) {
  if (filters.id !== undefined) {
    return (
      <p className="rc-note">
        Showing the transaction with ID <code>{filters.id}</code>, if it matches the other filters.
      </p>
    );
  }
  if (filters.wallet === undefined) return null;
  return (
    <p className="rc-note">
      The Crypto Ramp Service cannot search by wallet address, so the console reads every transaction of the
      other filters, 100 at a time, and keeps those sent to or paid from this wallet. Each page can take a
      while on a long listing: narrow it by date, partner, type or status. The number of matches is shown once
      the whole listing has been read.
    </p>
  );
}

/** The partners offered in the Partner select, by name; a code from the address that is not known is kept. */
function partnerOptions(current: string | undefined): { code: string; name: string }[] {
  const codes = new Set(KNOWN_PARTNERS);
  if (current !== undefined) codes.add(current);
  return [...codes]
    .map((code) => ({ code, name: partnerName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** The text field's trimmed value when `valid` accepts it; null when it is not valid. */
function textOf(data: FormData, name: string, valid: (s: string) => boolean): string | undefined | null {
  const value = String(data.get(name) ?? '').trim();
  if (value === '') return undefined;
  return valid(value) ? value : null;
}

function TextFilter({
  id,
  name,
  label,
  hint,
  value,
  pattern,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value?: string;
  pattern: string;
  placeholder?: string;
}) {
  return (
    <div className="rc-field-control">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        defaultValue={value ?? ''}
        placeholder={placeholder}
        pattern={pattern}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`} className="rc-hint">
        {hint}
      </small>
    </div>
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
        const partner = String(data.get('partner') ?? '');
        const type = String(data.get('type') ?? '');
        const customer = textOf(data, 'customer', isCustomerId);
        const id = textOf(data, 'id', isTransactionId);
        const wallet = textOf(data, 'wallet', isWalletAddress);
        // The browser reports a field that does not match its pattern; nothing is applied.
        if (customer === null || id === null || wallet === null) return;
        onApply({
          ...(isStatus(status) ? { status } : {}),
          ...(isIsoDate(from) ? { from } : {}),
          ...(isPartnerCode(partner) ? { partner } : {}),
          ...(isTradeType(type) ? { type } : {}),
          ...(customer ? { customer } : {}),
          ...(id ? { id } : {}),
          ...(wallet ? { wallet } : {}),
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
      <div className="rc-field-control">
        <label htmlFor="payments-partner">Partner</label>
        <select id="payments-partner" name="partner" defaultValue={filters.partner ?? ''}>
          <option value="">Any partner</option>
          {partnerOptions(filters.partner).map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <div className="rc-field-control">
        <label htmlFor="payments-type">Type</label>
        <select id="payments-type" name="type" defaultValue={filters.type ?? ''}>
          <option value="">Buy or sell</option>
          <option value="buy">Buy</option>
          <option value="sell">Sell</option>
        </select>
      </div>
      <TextFilter
        id="payments-customer"
        name="customer"
        label="Customer ID"
        hint="The ID your site gave the checkout (externalCustomerId)."
        value={filters.customer}
        pattern="\s*[A-Za-z0-9_\-]{1,128}\s*"
      />
      <TextFilter
        id="payments-id"
        name="id"
        label="Transaction ID"
        hint="The exact ID: shows that one transaction."
        value={filters.id}
        pattern="\s*[A-Za-z0-9_\-]{1,128}\s*"
      />
      <TextFilter
        id="payments-wallet"
        name="wallet"
        label="Wallet address"
        hint="Sent to (buy) or paid from (sell)."
        value={filters.wallet}
        pattern="\s*[A-Za-z0-9:._\-]{8,128}\s*"
      />
      <PageSizeField id="payments-limit" value={filters.limit} />
      <div className="rc-filter-actions">
        <button type="submit" className="rc-button rc-primary">
          Apply filters
        </button>
        {hasFilters(filters) && (
          <button type="button" className="rc-button" onClick={() => onApply({ limit: filters.limit })}>
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

const hasFilters = ({ limit: _limit, ...rest }: PaymentsFilters) => Object.keys(rest).length > 0;
