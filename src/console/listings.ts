// The three listings the console pages through: how to fetch a page, what a record is called and
// what its CSV export holds. The tables' display columns live beside each view.
import type { Cursor, FinancialAccount, FinancialAccountTransaction, Page, Transaction } from '../api/types';
import type { ConsoleApi } from './consoleApi';
import type { CsvColumn } from './csv';
import { fetchPayments } from './paymentSearch';
import type { AccountTransactionsFilters, AccountsFilters, PaymentsFilters, View } from './urlState';

export interface Listing<F extends { limit: number }, T extends { key?: string }> {
  view: View;
  /** For counts and messages: "1 transaction", "20 transactions". */
  noun: { one: string; other: string };
  fetchPage(api: ConsoleApi, filters: F, cursor: Cursor, signal?: AbortSignal): Promise<Page<T>>;
  rowId(row: T): string;
  csv: readonly CsvColumn<T>[];
  fileName(filters: F): string;
}

/** "20 transactions" */
export const countOf = (n: number, noun: { one: string; other: string }): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? noun.one : noun.other}`;

/** "payments_status-SETTLED_from-2026-09-01.csv": the filter is readable in the file name. */
function fileName(base: string, parts: Record<string, string | undefined>): string {
  const named = Object.entries(parts)
    .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${k}-${v.replace(/[^A-Za-z0-9_-]+/g, '')}`);
  return `${[base, ...named].join('_')}.csv`;
}

export const paymentsListing: Listing<PaymentsFilters, Transaction> = {
  view: 'payments',
  noun: { one: 'transaction', other: 'transactions' },
  fetchPage: fetchPayments,
  rowId: (t) => t.id,
  csv: [
    { header: 'id', value: (t) => t.id },
    { header: 'createdAt', value: (t) => t.createdAt },
    { header: 'updatedAt', value: (t) => t.updatedAt },
    { header: 'status', value: (t) => t.status },
    { header: 'transactionType', value: (t) => t.transactionType },
    { header: 'serviceProvider', value: (t) => t.serviceProvider },
    { header: 'countryCode', value: (t) => t.countryCode },
    { header: 'paymentMethodType', value: (t) => t.paymentMethodType },
    { header: 'sourceAmount', value: (t) => t.sourceAmount },
    { header: 'sourceCurrencyCode', value: (t) => t.sourceCurrencyCode },
    { header: 'destinationAmount', value: (t) => t.destinationAmount },
    { header: 'destinationCurrencyCode', value: (t) => t.destinationCurrencyCode },
    { header: 'totalFee', value: (t) => t.cryptoDetails?.totalFee },
    { header: 'networkFee', value: (t) => t.cryptoDetails?.networkFee },
    { header: 'partnerFee', value: (t) => t.cryptoDetails?.partnerFee },
    { header: 'transactionFee', value: (t) => t.cryptoDetails?.transactionFee },
    { header: 'destinationWalletAddress', value: (t) => t.cryptoDetails?.destinationWalletAddress },
    { header: 'sourceWalletAddress', value: (t) => t.cryptoDetails?.sourceWalletAddress },
    { header: 'blockchainTransactionId', value: (t) => t.cryptoDetails?.blockchainTransactionId },
    { header: 'sessionId', value: (t) => t.sessionId },
    { header: 'externalSessionId', value: (t) => t.externalSessionId },
    { header: 'externalCustomerId', value: (t) => t.externalCustomerId },
  ],
  fileName: (f) =>
    fileName('payments', {
      status: f.status,
      from: f.from,
      partner: f.partner,
      type: f.type,
      customer: f.customer,
      id: f.id,
      wallet: f.wallet,
    }),
};

export const accountsListing: Listing<AccountsFilters, FinancialAccount> = {
  view: 'accounts',
  noun: { one: 'account', other: 'accounts' },
  fetchPage: (api, f, cursor, signal) => api.accounts(f, cursor, signal),
  rowId: (a) => a.id,
  csv: [
    { header: 'id', value: (a) => a.id },
    { header: 'customerId', value: (a) => a.customerId },
    { header: 'name', value: (a) => a.name },
    { header: 'institutionName', value: (a) => a.institutionName },
    { header: 'type', value: (a) => a.type },
    { header: 'subtype', value: (a) => a.subtype },
    { header: 'status', value: (a) => a.status },
    { header: 'truncatedAccountNumber', value: (a) => a.truncatedAccountNumber },
    { header: 'availableAmount', value: (a) => a.balances?.availableAmount },
    { header: 'currentAmount', value: (a) => a.balances?.currentAmount },
    { header: 'currency', value: (a) => a.balances?.currency },
    { header: 'balancesUpdatedAt', value: (a) => a.balances?.updatedAt },
  ],
  fileName: (f) => fileName('financial-accounts', { customer: f.customerId }),
};

export const accountTransactionsListing: Listing<AccountTransactionsFilters, FinancialAccountTransaction> = {
  view: 'account-transactions',
  noun: { one: 'account transaction', other: 'account transactions' },
  fetchPage: (api, f, cursor, signal) => api.accountTransactions(f, cursor, signal),
  rowId: (t) => t.id,
  csv: [
    { header: 'id', value: (t) => t.id },
    { header: 'transactionDate', value: (t) => t.transactionDate },
    { header: 'postedDate', value: (t) => t.postedDate },
    { header: 'financialAccountId', value: (t) => t.financialAccountId },
    { header: 'customerId', value: (t) => t.customerId },
    { header: 'description', value: (t) => t.description },
    { header: 'category', value: (t) => t.category },
    { header: 'amount', value: (t) => t.amount },
    { header: 'currency', value: (t) => t.currency },
    { header: 'status', value: (t) => t.status },
  ],
  fileName: (f) =>
    fileName('account-transactions', { customer: f.customerId, start: f.startDate, end: f.endDate }),
};
