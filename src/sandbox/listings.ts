// The paginated listings: payment transactions, financial accounts, financial-account
// transactions. Wire format: {count, remaining, [totalCount,] <wrapper>: records with `key`}.

import type { Context, Hono } from 'hono';
import type { SandboxContext } from './context';
import { CUSTOMERS } from './data/customers';
import {
  DEFAULT_LIMIT,
  MAX_LIMIT,
  isPagingError,
  listOrder,
  pageOf,
  parsePaging,
  encodeKey,
  type KeyKind,
  type Sortable,
} from './listing';
import { parseList } from './catalog';
import { wireTransaction } from './payments';
import type { ListedTransaction } from './state';
import { SANDBOX_ACCOUNT_ID } from './transactions';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?$/;
const UTC_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Epoch ms of a real calendar date/time (rejects 2026-02-30), else undefined. */
function parseInstant(value: string, pattern: RegExp, endOfDay = false): number | undefined {
  if (!pattern.test(value)) return undefined;
  const dateOnly = DATE.test(value);
  const text = dateOnly ? `${value}T00:00:00Z` : value.endsWith('Z') ? value : `${value}Z`;
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10)) return undefined;
  return dateOnly && endOfDay ? ms + 86_400_000 - 1 : ms;
}

/** Status values the public spec names (the statuses filter refuses others). */
const TRANSACTION_STATUSES = new Set(
  (
    'PENDING_CREATED PENDING PROCESSING AUTHORIZED AUTHORIZATION_EXPIRED SETTLING ONRAMP_SETTLED SETTLED ' +
    'REFUNDED DECLINED CANCELLED FAILED ERROR VOIDED TWO_FA_REQUIRED TWO_FA_PROVIDED SWAPPING ' +
    'PARTIALLY_REFUNDED ACCEPTED PARTIALLY_SETTLED'
  ).split(' '),
);

export function registerListings(app: Hono, ctx: SandboxContext): void {
  const { state } = ctx;

  /** Pages `records` (filtered, any order; `all` resolves a cursor) and answers with the wire envelope. */
  function respond<T extends Sortable>(
    c: Context,
    kind: KeyKind,
    records: T[],
    all: () => readonly T[],
    wrap: (
      page: { count: number; remaining: number; totalCount: number },
      items: (T & { key: string })[],
    ) => object,
    defaultLimit = DEFAULT_LIMIT,
  ) {
    const paging = parsePaging((n) => c.req.query(n), defaultLimit);
    if (isPagingError(paging)) return ctx.fail(c, 400, paging.code, paging.message, paging.errors);
    const sorted = records.sort(listOrder);
    const page = pageOf(kind, sorted, paging, (id) => all().find((r) => r.id === id));
    if (isPagingError(page)) return ctx.fail(c, 400, page.code, page.message, page.errors);
    return c.json(
      wrap(
        page,
        page.items.map((r) => ({ ...r, key: encodeKey(kind, r.id) })),
      ),
    );
  }

  app.get('/payments/transactions', (c) => {
    const q = (n: string) => c.req.query(n);
    const errors: string[] = [];
    const from = q('from');
    const to = q('to');
    // A date (YYYY-MM-DD) or an ISO date-time, as the public spec allows.
    const instant = (value: string, endOfDay: boolean) =>
      parseInstant(value, DATE.test(value) ? DATE : DATE_TIME, endOfDay);
    const fromMs = from === undefined ? undefined : instant(from, false);
    const toMs = to === undefined ? undefined : instant(to, true);
    if (from !== undefined && fromMs === undefined) errors.push('[from] is invalid');
    if (to !== undefined && toMs === undefined) errors.push('[to] is invalid');
    // `status` (the description) and `statuses` (the public spec) both filter by status.
    const statuses = parseList([q('status'), q('statuses')].filter(Boolean).join(','));
    if (statuses?.some((s) => !TRANSACTION_STATUSES.has(s))) errors.push('[statuses] is invalid');
    if (errors.length) return ctx.fail(c, 400, 'INVALID_QUERY_PARAMETER', undefined, errors);
    const providers = parseList(q('serviceProviders'));
    const types = parseList(q('types'));
    const customers = q('customerIds')?.split(',');
    const externalCustomers = q('externalCustomerIds')?.split(',');
    // The public spec: send only one of the two customer filters.
    if (customers && externalCustomers) {
      return ctx.fail(c, 400, 'BAD_REQUEST', undefined, [
        'Only one of [customerIds] and [externalCustomerIds] may be given',
      ]);
    }
    const sessions = q('sessionIds')?.split(',');
    const externalSessions = q('externalSessionIds')?.split(',');
    // The public spec: `limit` defaults to 10, "or the number of ids given" (one record per session).
    const ids = Math.max(sessions?.length ?? 0, externalSessions?.length ?? 0);
    const defaultLimit = ids > 0 ? Math.min(ids, MAX_LIMIT) : DEFAULT_LIMIT;

    const all = () => state.transactions(ctx.now(), ctx.timeScale);
    // A search by session builds only those sessions' records (the status sync searches often).
    const candidates =
      sessions || externalSessions
        ? state.transactionsOfSessions(sessions ?? [], externalSessions ?? [], ctx.now(), ctx.timeScale)
        : all();
    const matching = candidates.filter(
      (t) =>
        (fromMs === undefined || t.at >= fromMs) &&
        (toMs === undefined || t.at <= toMs) &&
        (!statuses?.length || statuses.includes(t.status)) &&
        (!providers?.length || providers.includes(t.serviceProvider)) &&
        (!types?.length || types.includes(t.transactionType)) &&
        (!customers || customers.includes(t.customerId ?? '')) &&
        (!externalCustomers || externalCustomers.includes(t.externalCustomerId ?? '')) &&
        (!sessions || sessions.includes(t.sessionId)) &&
        (!externalSessions || externalSessions.includes(t.externalSessionId ?? '')),
    );
    return respond<ListedTransaction>(
      c,
      'txn',
      matching,
      all,
      (page, items) => ({
        count: page.count,
        remaining: page.remaining,
        totalCount: page.totalCount,
        transactions: items.map(({ key, ...t }) => ({
          ...wireTransaction(t),
          key,
          apiAccessProfileId: 'aap_sandbox_default',
          customer: customerOutput(t.customerId),
        })),
      }),
      defaultLimit,
    );
  });

  const accounts = state.banking.accounts.map((a) => ({ ...a, at: Date.parse(a.createdAt) }));
  const accountTransactions = state.banking.transactions.map((t) => ({
    ...t,
    at: Date.parse(t.transactionDate),
  }));

  app.get('/financial-accounts', (c) => {
    const customerId = c.req.query('customerId');
    const matching = accounts.filter((a) => !customerId || a.customerId === customerId);
    return respond(
      c,
      'fa',
      matching,
      () => accounts,
      (page, items) => ({
        count: page.count,
        remaining: page.remaining,
        financialAccounts: items.map(({ at: _at, ...a }) => a),
      }),
    );
  });

  app.get('/financial-accounts/transactions', (c) => {
    const q = (n: string) => c.req.query(n);
    const errors: string[] = [];
    const bounds = (['startDate', 'endDate'] as const).map((name) => {
      const raw = q(name);
      const ms = raw === undefined ? undefined : parseInstant(raw, UTC_SECONDS);
      if (raw !== undefined && ms === undefined) errors.push(`[${name}] is invalid`);
      return ms;
    });
    const [start, end] = bounds;
    if (start !== undefined && end !== undefined && start > end)
      errors.push('[startDate] must not be after [endDate]');
    if (errors.length) return ctx.fail(c, 400, 'INVALID_QUERY_PARAMETER', undefined, errors);
    const customerId = q('customerId');
    const accountId = q('financialAccountId');
    const matching = accountTransactions.filter(
      (t) =>
        (!customerId || t.customerId === customerId) &&
        (!accountId || t.financialAccountId === accountId) &&
        (start === undefined || t.at >= start) &&
        (end === undefined || t.at <= end),
    );
    return respond(
      c,
      'fat',
      matching,
      () => accountTransactions,
      (page, items) => ({
        count: page.count,
        remaining: page.remaining,
        financialAccountTransactions: items.map(({ at: _at, ...t }) => t),
      }),
    );
  });
}

/** The listing's CustomerOutput for a seeded customer. */
function customerOutput(customerId: string | undefined) {
  const known = CUSTOMERS.find((k) => k.id === customerId);
  if (!customerId) return undefined;
  return {
    id: customerId,
    accountId: SANDBOX_ACCOUNT_ID,
    ...(known
      ? {
          externalId: known.externalId,
          email: known.email,
          name: { firstName: known.firstName, lastName: known.lastName },
        }
      : {}),
    status: 'ACTIVE',
  };
}
