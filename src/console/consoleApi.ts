// The console's view of the host server: the same typed client as the checkout, with the console
// token as a Bearer header on each call. The token is the merchant's console credential, not the
// upstream API key (that one never leaves the server).
import { createRampClient } from '../api/client';
import { RampError } from '../api/errors';
import { proxyReaders } from '../api/proxy-readers';
import { fill } from '../api/proxy/paths';
import { HOST_PATHS } from '../api/proxy/host-paths';
import type { OrderDetail, OrderListItem, WebhookDelivery } from '../api/proxy/orders';
import type { Cursor, FinancialAccount, FinancialAccountTransaction, Page, Transaction } from '../api/types';
import type { AccountTransactionsFilters, AccountsFilters, PaymentsFilters } from './urlState';
import type { OverviewStats, StatsPeriod } from './overviewStats';
import { TRANSACTION_TYPE } from './paymentSearch';

/** An order of the server's ledger (GET /api/ramp/orders), with its last webhook delivery. */
export type LedgerOrder = OrderListItem;
export type { OrderDetail, WebhookDelivery };

export interface ConsoleApiOptions {
  /** @default '/api/ramp' */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Called when the server refuses the token on a listing or detail call (it was revoked, or changed). */
  onUnauthorized?: () => void;
}

export interface ConsoleApi {
  /** Resolves when the server accepts the token; rejects with a RampError (401 UNAUTHORIZED) when not. */
  verify(signal?: AbortSignal): Promise<void>;
  /** A page of the upstream's search, with the filters it takes (status, from, partner, type, customer). */
  payments(f: PaymentsFilters, cursor: Cursor, signal?: AbortSignal): Promise<Page<Transaction>>;
  transaction(id: string, signal?: AbortSignal): Promise<Transaction>;
  accounts(f: AccountsFilters, cursor: Cursor, signal?: AbortSignal): Promise<Page<FinancialAccount>>;
  accountTransactions(
    f: AccountTransactionsFilters,
    cursor: Cursor,
    signal?: AbortSignal,
  ): Promise<Page<FinancialAccountTransaction>>;
  orders(reference: string | undefined, limit: number, signal?: AbortSignal): Promise<LedgerOrder[]>;
  order(sessionId: string, signal?: AbortSignal): Promise<OrderDetail>;
  resendDelivery(id: string): Promise<void>;
  /** GET /api/ramp/stats: the checkout's figures over a period of UTC days. */
  stats(q: StatsPeriod, signal?: AbortSignal): Promise<OverviewStats>;
}

/** The host server's own endpoints (sign-in check, orders, deliveries): typed where they are used. */
const asIs = (data: unknown) => data;

export function createConsoleApi(token: string, o: ConsoleApiOptions = {}): ConsoleApi {
  const client = createRampClient({
    baseUrl: o.baseUrl ?? '/api/ramp',
    readers: proxyReaders,
    fetch: o.fetch,
  });
  const headers = { Authorization: `Bearer ${token}` };
  const call = (signal?: AbortSignal) => ({ headers, signal });
  const guard = async <T>(p: Promise<T>): Promise<T> => {
    try {
      return await p;
    } catch (e) {
      if (e instanceof RampError && e.status === 401) o.onUnauthorized?.();
      throw e;
    }
  };
  return {
    verify: async (signal) => {
      // 204 No Content: there is no body to validate.
      await client.request('GET', HOST_PATHS.adminSession, { ...call(signal), read: asIs });
    },
    // Only the filters the upstream's search takes; the id and wallet filters are paymentSearch's.
    payments: (f, cursor, signal) =>
      guard(
        client.transactions(
          {
            status: f.status,
            from: f.from,
            serviceProviders: f.partner === undefined ? undefined : [f.partner],
            types: f.type === undefined ? undefined : [TRANSACTION_TYPE[f.type]],
            externalCustomerIds: f.customer === undefined ? undefined : [f.customer],
            limit: f.limit,
            ...cursor,
          },
          call(signal),
        ),
      ),
    transaction: (id, signal) => guard(client.transaction(id, call(signal))),
    orders: async (reference, limit, signal) =>
      (
        (await guard(
          client.request('GET', HOST_PATHS.orders, {
            ...call(signal),
            query: { reference, limit },
            read: asIs,
          }),
        )) as { orders: LedgerOrder[] }
      ).orders,
    order: async (sessionId, signal) =>
      (await guard(
        client.request('GET', fill(HOST_PATHS.order, { sessionId }), {
          ...call(signal),
          read: asIs,
        }),
      )) as OrderDetail,
    resendDelivery: async (id) => {
      await guard(
        client.request('POST', fill(HOST_PATHS.resendDelivery, { id }), {
          headers,
          read: asIs,
        }),
      );
    },
    stats: async (q, signal) =>
      (await guard(
        client.request('GET', HOST_PATHS.stats, { ...call(signal), query: { ...q }, read: asIs }),
      )) as OverviewStats,
    accounts: (f, cursor, signal) =>
      guard(client.financialAccounts({ customerId: f.customerId, limit: f.limit, ...cursor }, call(signal))),
    accountTransactions: (f, cursor, signal) =>
      guard(
        client.financialAccountTransactions(
          {
            customerId: f.customerId,
            startDate: f.startDate,
            endDate: f.endDate,
            limit: f.limit,
            ...cursor,
          },
          call(signal),
        ),
      ),
  };
}
