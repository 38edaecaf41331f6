// The shopper's recent orders on this device: each launched checkout as it was made (the offer's
// figures, the wallet, the choices to buy again with) and as it was last read (status, the
// partner's transaction id, the chain's hash). Pure: the widget keeps the list in the site's
// localStorage (widget/recentOrders.ts); nothing here is sent anywhere.
import {
  MAX_LOOKUP_TOKENS,
  MAX_TOKEN_LENGTH,
  TRACKING_TOKEN_DAYS,
  TRACKING_TOKEN_RE,
} from '../api/proxy/contract';
import type { Quote, Transaction } from '../api/types';
import { asSelection } from './persistence';
import { decimalOf, offerFigures, type OfferFigures } from './offerFigures';
import { offerRate } from './rates';
import type { Selection, Tracking } from './state';
import { flowCodes } from './state';
import { isRecord } from '../domain/json';

/** The newest this many are kept (one lookup reads them all), none older than their tokens read. */
export const RECENT_ORDERS_MAX = MAX_LOOKUP_TOKENS;
export const RECENT_ORDERS_MAX_AGE_MS = TRACKING_TOKEN_DAYS * 24 * 60 * 60 * 1000;

/** The offer's figures as it said them (the destination amount: the transaction's, once read). */
export interface RecentOrder extends Tracking, OfferFigures {
  /** When the session was created (ms since epoch). */
  createdAt: number;
  /** The site it was bought on (the page's host), for the receipt. */
  site: string;
  /** The choices, to show the order again and to buy again with them. */
  selection: Selection;
  /** Fiat per crypto unit, as the offer said. */
  rate?: string;
  /** As last read: the service's status (or the host server's SESSION_CREATED, EXPIRED). */
  status?: string;
  /** No further change expected: its state is not asked again. */
  ended?: boolean;
  transactionId?: string;
  txHash?: string;
}

/** What the host server's lookup says of an order now (docs/CONTRACTS.md §1). */
export interface OrderState {
  status: string;
  terminal: boolean;
  transactionId?: string | null;
  txHash?: string | null;
  destinationAmount?: string | null;
}

/** The device's list, as the widget keeps it (widget/recentOrders.ts); absent: none is kept. */
export interface RecentOrdersStore {
  /** Newest first; the same array until it changes. */
  list(): readonly RecentOrder[];
  subscribe(listener: () => void): () => void;
  add(order: RecentOrder): void;
  /** What lookups said, by session id (null: the server cannot read that order). */
  update(states: ReadonlyMap<string, OrderState | null>): void;
  forget(): void;
}

/** The order a launch makes, from its session, the choices and the chosen offer; null without an offer. */
export function recentOrderOf(
  tracking: Tracking,
  selection: Selection,
  quote: Quote | undefined,
  at: number,
  site: string,
): RecentOrder | null {
  if (!quote || !flowCodes(selection)) return null;
  const rate = decimalOf(+offerRate(quote, selection.direction).toFixed(8));
  return {
    ...tracking,
    createdAt: at,
    site,
    selection: { ...selection, offer: quote.serviceProvider },
    ...offerFigures(quote),
    ...(rate !== '0' ? { rate } : {}),
  };
}

/** The list with `order` first (replacing its earlier copy), cut to the newest and to 90 days. */
export function withOrder(list: readonly RecentOrder[], order: RecentOrder, now: number): RecentOrder[] {
  return kept([order, ...list.filter((o) => o.sessionId !== order.sessionId)], now);
}

/**
 * The list with what lookups said of its orders (by session id; null: the server cannot read it,
 * its token no longer verifies there, so it is shown as last read and not asked again); the same
 * list when nothing changed.
 */
export function withStates(
  list: readonly RecentOrder[],
  states: ReadonlyMap<string, OrderState | null>,
): readonly RecentOrder[] {
  let changed = false;
  const next = list.map((o) => {
    const s = states.get(o.sessionId);
    if (s === undefined || (s === null && o.ended)) return o;
    if (s === null) {
      changed = true;
      return { ...o, ended: true };
    }
    const updated: RecentOrder = {
      ...o,
      status: s.status,
      ended: s.terminal,
      ...(s.transactionId ? { transactionId: s.transactionId } : {}),
      ...(s.txHash ? { txHash: s.txHash } : {}),
      ...(s.destinationAmount ? { destinationAmount: s.destinationAmount } : {}),
    };
    if (JSON.stringify(updated) === JSON.stringify(o)) return o;
    changed = true;
    return updated;
  });
  return changed ? next : list;
}

/** The newest RECENT_ORDERS_MAX of the last 90 days, newest first. */
export function kept(list: readonly RecentOrder[], now: number): RecentOrder[] {
  return list
    .filter((o) => now - o.createdAt < RECENT_ORDERS_MAX_AGE_MS && o.createdAt <= now + 60_000)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, RECENT_ORDERS_MAX);
}

const text = (v: unknown, max = 256) => typeof v === 'string' && v.length > 0 && v.length <= max;
const REQUIRED = [
  'sessionId',
  'trackingToken',
  'site',
  'partner',
  'sourceAmount',
  'sourceCurrency',
  'destinationAmount',
  'destinationCurrency',
] as const;
const OPTIONAL = ['totalFee', 'rate', 'status', 'transactionId', 'txHash'] as const;

/** One stored order, or null when it is not one (another version, or tampered with). */
export function asRecentOrder(v: unknown): RecentOrder | null {
  if (!isRecord(v) || typeof v.createdAt !== 'number' || !Number.isFinite(v.createdAt)) return null;
  if (!REQUIRED.every((f) => text(v[f]))) return null;
  // One token of another form would have the whole lookup refused.
  const token = v.trackingToken as string;
  if (token.length > MAX_TOKEN_LENGTH || !TRACKING_TOKEN_RE.test(token)) return null;
  if (!OPTIONAL.every((f) => v[f] === undefined || text(v[f]))) return null;
  const selection = asSelection(v.selection);
  if (!selection || (v.ended !== undefined && typeof v.ended !== 'boolean')) return null;
  return { ...(v as unknown as RecentOrder), selection };
}

/**
 * The transaction as the order last read it, for the status screen to show without asking (an
 * ended order) or until its first read; undefined before any status was read.
 */
export function lastTransaction(o: RecentOrder): Transaction | undefined {
  if (!o.status || !o.transactionId) return undefined;
  return {
    id: o.transactionId,
    sessionId: o.sessionId,
    status: o.status,
    serviceProvider: o.partner,
    sourceAmount: +o.sourceAmount,
    sourceCurrencyCode: o.sourceCurrency,
    destinationAmount: +o.destinationAmount,
    destinationCurrencyCode: o.destinationCurrency,
    ...(o.txHash ? { cryptoDetails: { blockchainTransactionId: o.txHash } } : {}),
  };
}

/** The offer as the order made it: what the status screen and the receipt show of it. */
export function quoteOfOrder(o: RecentOrder): Quote {
  return {
    serviceProvider: o.partner,
    sourceAmount: +o.sourceAmount,
    sourceCurrencyCode: o.sourceCurrency,
    destinationAmount: +o.destinationAmount,
    destinationCurrencyCode: o.destinationCurrency,
    ...(o.totalFee ? { totalFee: +o.totalFee } : {}),
    ...(o.rate ? { exchangeRate: +o.rate } : {}),
  };
}
