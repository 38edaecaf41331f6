// The console's whole navigation state lives in the query string, so a page can be shared and
// reloaded: `?view=payments&status=SETTLED&from=2026-09-01&partner=TRANSAK&type=buy&limit=20&after=<key>`.
// Parsing never throws: a value that is not valid is dropped and its default used instead.
import type { Cursor } from '../api/types';
import { TRANSACTION_STATUSES } from '../checkout/status';
import { CODE, ID_PATTERN } from '../domain/codes';
import { isIsoDate, isUtcTimestamp } from './dates';

export const VIEWS = ['overview', 'payments', 'accounts', 'account-transactions', 'orders'] as const;
export type View = (typeof VIEWS)[number];

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const TRADE_TYPES = ['buy', 'sell'] as const;
export type TradeType = (typeof TRADE_TYPES)[number];

export interface PaymentsFilters {
  /** A transaction status, e.g. SETTLED. */
  status?: string;
  /** YYYY-MM-DD */
  from?: string;
  /** A partner code, e.g. TRANSAK. */
  partner?: string;
  type?: TradeType;
  /** The merchant's own customer id (externalCustomerId). */
  customer?: string;
  /** One transaction by its id. */
  id?: string;
  /** A wallet address the trade sent to or from. */
  wallet?: string;
  limit: number;
}

export interface AccountsFilters {
  customerId?: string;
  limit: number;
}

export interface AccountTransactionsFilters {
  customerId?: string;
  /** YYYY-MM-DDThh:mm:ssZ */
  startDate?: string;
  /** YYYY-MM-DDThh:mm:ssZ */
  endDate?: string;
  limit: number;
}

export interface OrdersFilters {
  /** The merchant's order reference, or its beginning. */
  reference?: string;
  limit: number;
}

/** The Overview's periods: the last 7, 30 or 90 UTC days, today included. */
export const PERIODS = [7, 30, 90] as const;
export const DEFAULT_PERIOD = 30;

export interface OverviewFilters {
  /** Days, one of PERIODS. */
  period: number;
  /** ISO 3166-1 alpha-2, e.g. US. */
  country?: string;
  /** A partner code, e.g. BANXA. */
  partner?: string;
  /** Unused (no pages); kept so every view's filters have a page size. */
  limit: number;
}

export type ConsoleState =
  | { view: 'overview'; filters: OverviewFilters; cursor: Cursor }
  | { view: 'payments'; filters: PaymentsFilters; cursor: Cursor }
  | { view: 'accounts'; filters: AccountsFilters; cursor: Cursor }
  | { view: 'account-transactions'; filters: AccountTransactionsFilters; cursor: Cursor }
  | { view: 'orders'; filters: OrdersFilters; cursor: Cursor };

// The same shapes the host server accepts, so a hand-edited URL fails here and not as a 400.
const CURSOR = /^[A-Za-z0-9_\-=.:+/~]{1,1024}$/;
// Wallet addresses are letters and digits (hex, base58, bech32), a few with a separator; no spaces.
const WALLET = /^[A-Za-z0-9:._-]{8,128}$/;

const STATUSES: ReadonlySet<string> = new Set(TRANSACTION_STATUSES);

export const isStatus = (s: string): boolean => STATUSES.has(s);
export const isCustomerId = (s: string): boolean => ID_PATTERN.test(s);
export const isPageSize = (n: number): boolean => (PAGE_SIZES as readonly number[]).includes(n);
export const isPartnerCode = (s: string): boolean => CODE.partner.test(s);
export const isTradeType = (s: string): s is TradeType => (TRADE_TYPES as readonly string[]).includes(s);
export const isTransactionId = (s: string): boolean => ID_PATTERN.test(s);
export const isWalletAddress = (s: string): boolean => WALLET.test(s);
export const isCountryCode = (s: string): boolean => /^[A-Z]{2}$/.test(s);
const isPeriod = (s: string): boolean =>
  (PERIODS as readonly number[]).includes(Number(s)) && /^\d+$/.test(s);

const isView = (s: string | null): s is View => (VIEWS as readonly (string | null)[]).includes(s);

/** The value of `name` when `valid` accepts it. */
function read(sp: URLSearchParams, name: string, valid: (s: string) => boolean): string | undefined {
  const value = sp.get(name);
  return value !== null && valid(value) ? value : undefined;
}

function readLimit(sp: URLSearchParams): number {
  const raw = sp.get('limit');
  const n = raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  return isPageSize(n) ? n : DEFAULT_PAGE_SIZE;
}

/** One of `after` or `before`; both (the upstream refuses that) or a malformed key: the first page. */
function readCursor(sp: URLSearchParams): Cursor {
  const after = read(sp, 'after', (s) => CURSOR.test(s));
  const before = read(sp, 'before', (s) => CURSOR.test(s));
  if (sp.has('after') && sp.has('before')) return {};
  if (after !== undefined) return { after };
  if (before !== undefined) return { before };
  return {};
}

/** Drops undefined fields, so parsed states compare equal to hand-built ones. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function parseConsoleUrl(search: string): ConsoleState {
  const sp = new URLSearchParams(search);
  const view = sp.get('view');
  const limit = readLimit(sp);
  const cursor = readCursor(sp);
  const customerId = read(sp, 'customerId', isCustomerId);
  // The address saying nothing (the console's own link, the first view after sign-in): the Overview.
  if (view === 'overview' || [...sp.keys()].length === 0) {
    const period = Number(read(sp, 'period', isPeriod) ?? DEFAULT_PERIOD);
    const country = read(sp, 'country', isCountryCode);
    const partner = read(sp, 'partner', isPartnerCode);
    return {
      view: 'overview',
      filters: defined({ period, country, partner, limit: DEFAULT_PAGE_SIZE }),
      cursor: {},
    };
  }
  if (isView(view) && view === 'accounts') {
    return { view, filters: defined({ customerId, limit }), cursor };
  }
  if (isView(view) && view === 'account-transactions') {
    let startDate = read(sp, 'startDate', isUtcTimestamp);
    let endDate = read(sp, 'endDate', isUtcTimestamp);
    // An inverted range selects nothing and the upstream refuses it: neither bound is trusted.
    if (startDate !== undefined && endDate !== undefined && startDate > endDate) {
      startDate = undefined;
      endDate = undefined;
    }
    return { view, filters: defined({ customerId, startDate, endDate, limit }), cursor };
  }
  if (isView(view) && view === 'orders') {
    const reference = read(sp, 'reference', (s) => /^[\x20-\x7E]{1,64}$/.test(s));
    return { view, filters: defined({ reference, limit }), cursor: {} };
  }
  const filters: PaymentsFilters = defined({
    status: read(sp, 'status', isStatus),
    from: read(sp, 'from', isIsoDate),
    partner: read(sp, 'partner', isPartnerCode),
    type: read(sp, 'type', isTradeType) as TradeType | undefined,
    customer: read(sp, 'customer', isCustomerId),
    id: read(sp, 'id', isTransactionId),
    wallet: read(sp, 'wallet', isWalletAddress),
    limit,
  });
  // One transaction by id is a single record: there are no pages to move through.
  return { view: 'payments', filters, cursor: filters.id === undefined ? cursor : {} };
}

/** The query string (without '?') for a state; defaults are left out, the order is fixed. */
export function serializeConsoleUrl(state: ConsoleState): string {
  const sp = new URLSearchParams({ view: state.view });
  const f: Partial<
    PaymentsFilters &
      AccountsFilters &
      AccountTransactionsFilters &
      OrdersFilters &
      Omit<OverviewFilters, 'period'>
  > = state.filters;
  const names = [
    'status',
    'from',
    'partner',
    'type',
    'customer',
    'id',
    'wallet',
    'customerId',
    'startDate',
    'endDate',
    'reference',
    'country',
  ] as const;
  for (const name of names) {
    const value = f[name];
    if (value !== undefined && value !== '') sp.set(name, value);
  }
  if (state.view === 'overview' && state.filters.period !== DEFAULT_PERIOD)
    sp.set('period', String(state.filters.period));
  if (state.filters.limit !== DEFAULT_PAGE_SIZE) sp.set('limit', String(state.filters.limit));
  if ('after' in state.cursor && state.cursor.after !== undefined) sp.set('after', state.cursor.after);
  else if ('before' in state.cursor && state.cursor.before !== undefined)
    sp.set('before', state.cursor.before);
  return sp.toString();
}

/** The first page of a view with no filters. */
export const defaultState = (view: View): ConsoleState =>
  parseConsoleUrl(new URLSearchParams({ view }).toString());
