// How the payments listing applies its filters. The upstream's transaction search takes status,
// creation date, partner, type and the merchant's customer id: those are sent with every page
// request. It has no wallet filter and no "by id" filter:
// - an id is one record, read from GET /payments/transactions/{id} and checked against the rest;
// - a wallet address is matched here, on every record the other filters select: the search reads
//   the upstream's pages (of 100) until it has a page of matches or the listing ends, so no record
//   is skipped and paging stays honest (the total is unknown until the end is reached).
import { RampError } from '../api/errors';
import type { Cursor, Page, Transaction } from '../api/types';
import type { ConsoleApi } from './consoleApi';
import type { PaymentsFilters, TradeType } from './urlState';

/** The upstream's transactionType of each direction. */
export const TRANSACTION_TYPE: Record<TradeType, string> = { buy: 'CRYPTO_PURCHASE', sell: 'CRYPTO_SELL' };

/** The largest page the upstream serves: fewest round trips while scanning. */
const SCAN_PAGE_SIZE = 100;

const isEvmHex = (s: string) => /^0x[0-9a-fA-F]{40}$/.test(s);

/** Same address: hex (EVM) addresses in any letter case (the case is only a checksum), others exactly. */
export function sameAddress(a: string, b: string): boolean {
  return isEvmHex(a) && isEvmHex(b) ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The trade sent to or from `wallet` (the shopper's wallet on a buy, the one they sold from on a sell). */
export const usesWallet = (t: Transaction, wallet: string): boolean =>
  [t.cryptoDetails?.destinationWalletAddress, t.cryptoDetails?.sourceWalletAddress].some(
    (a) => a !== undefined && sameAddress(a.trim(), wallet),
  );

/** Whether one record satisfies every filter (used where the upstream did not filter). */
export function matchesFilters(t: Transaction, f: PaymentsFilters): boolean {
  return (
    (f.status === undefined || t.status === f.status) &&
    (f.from === undefined || (t.createdAt ?? '') >= `${f.from}T00:00:00`) &&
    (f.partner === undefined || t.serviceProvider?.toUpperCase() === f.partner) &&
    (f.type === undefined || t.transactionType === TRANSACTION_TYPE[f.type]) &&
    (f.customer === undefined || t.externalCustomerId === f.customer) &&
    (f.wallet === undefined || usesWallet(t, f.wallet))
  );
}

const EMPTY: Page<Transaction> = { items: [], count: 0, remaining: 0, totalCount: 0 };

async function byId(api: ConsoleApi, f: PaymentsFilters & { id: string }, signal?: AbortSignal) {
  let t: Transaction;
  try {
    t = await api.transaction(f.id, signal);
  } catch (e) {
    if (e instanceof RampError && e.status === 404) return EMPTY;
    throw e;
  }
  return matchesFilters(t, f) ? { items: [t], count: 1, remaining: 0, totalCount: 1 } : EMPTY;
}

async function byWallet(
  api: ConsoleApi,
  f: PaymentsFilters & { wallet: string },
  cursor: Cursor,
  signal?: AbortSignal,
): Promise<Page<Transaction>> {
  const backwards = 'before' in cursor && cursor.before !== undefined;
  const matches: Transaction[] = [];
  let at: Cursor = cursor;
  let ended = false;
  // Forward: matches in list order until a page's worth. Backward (`before`): the upstream answers
  // the records just before the key, still in list order, so matches are gathered from the end.
  while (matches.length <= f.limit) {
    const page = await api.payments({ ...f, limit: SCAN_PAGE_SIZE }, at, signal);
    const hits = page.items.filter((t) => usesWallet(t, f.wallet));
    if (backwards) matches.unshift(...hits);
    else matches.push(...hits);
    const edge = backwards ? page.items[0] : page.items.at(-1);
    if (page.items.length === 0 || page.remaining === 0 || !edge?.key) {
      ended = true;
      break;
    }
    at = backwards ? { before: edge.key } : { after: edge.key };
  }
  const items = backwards ? matches.slice(-f.limit) : matches.slice(0, f.limit);
  // The end was reached with nothing left over: nothing remains beyond this page. Otherwise the
  // number is unknown (a full page makes the pager offer the next one).
  const remaining = ended && matches.length <= f.limit ? 0 : undefined;
  const fromStart = !('after' in cursor) && !backwards;
  return {
    items,
    count: items.length,
    ...(remaining === undefined ? {} : { remaining }),
    // Counted only when one scan from the first page saw every record.
    ...(fromStart && remaining === 0 ? { totalCount: items.length } : {}),
  };
}

/** One page of the payments listing with every filter applied. */
export function fetchPayments(
  api: ConsoleApi,
  f: PaymentsFilters,
  cursor: Cursor,
  signal?: AbortSignal,
): Promise<Page<Transaction>> {
  if (f.id !== undefined) return byId(api, { ...f, id: f.id }, signal);
  if (f.wallet !== undefined) return byWallet(api, { ...f, wallet: f.wallet }, cursor, signal);
  return api.payments(f, cursor, signal);
}
