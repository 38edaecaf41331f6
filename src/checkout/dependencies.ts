// What depends on what, written once as data. Invalidation is derived from it: when a piece
// changes, every piece that depends on it (transitively) is cleared, except fields the merchant
// locked — and a piece that did not actually change invalidates nothing.
import type { CheckoutState, LockableField } from './state';
import { chainOf } from './state';
import { cryptoKey } from '../domain/currency';

export type Piece =
  | 'direction'
  | 'country'
  | 'subdivision'
  | 'fiatCurrency'
  | 'crypto'
  /** Derived: the crypto's chain. A wallet address belongs to a chain, not to a currency. */
  | 'chain'
  | 'paymentMethod'
  | 'amount'
  /** The offer the shopper picked, by its partner. */
  | 'offer'
  | 'walletAddress'
  /** The destination tag / memo that goes with the address, on chains that need one. */
  | 'walletTag';

export const DEPENDS_ON: Readonly<Record<Piece, readonly Piece[]>> = {
  direction: [],
  country: [],
  subdivision: ['country'],
  // Codes are offered per country; switching direction keeps them (the UI re-checks the lists).
  fiatCurrency: ['country'],
  crypto: ['country'],
  chain: ['crypto'],
  // Payment methods are listed per (category, country, fiat).
  paymentMethod: ['direction', 'country', 'fiatCurrency'],
  // The amount is in the source currency, which switches between fiat and crypto with the direction.
  amount: ['direction'],
  // A picked offer answers exactly one quote request.
  offer: ['direction', 'country', 'subdivision', 'fiatCurrency', 'crypto', 'paymentMethod', 'amount'],
  walletAddress: ['chain'],
  walletTag: ['chain'],
};

type Access = {
  read: (s: CheckoutState) => unknown;
  clear: (s: CheckoutState) => CheckoutState;
};

const keep = (s: CheckoutState, field: LockableField) => s.locked.includes(field);
const sel = (s: CheckoutState, patch: Partial<CheckoutState['selection']>): CheckoutState => ({
  ...s,
  selection: { ...s.selection, ...patch },
});
const field = (
  f: LockableField,
  read: (s: CheckoutState) => unknown,
  clear: (s: CheckoutState) => CheckoutState,
) => ({
  read,
  clear: (s: CheckoutState) => (keep(s, f) ? s : clear(s)),
});

const ACCESS: Record<Piece, Access> = {
  direction: { read: (s) => s.selection.direction, clear: (s) => s },
  country: field(
    'country',
    (s) => s.selection.country,
    (s) => sel(s, { country: undefined }),
  ),
  subdivision: field(
    'subdivision',
    (s) => s.selection.subdivision,
    (s) => sel(s, { subdivision: undefined }),
  ),
  fiatCurrency: field(
    'fiatCurrency',
    (s) => s.selection.fiatCurrency,
    (s) => sel(s, { fiatCurrency: undefined }),
  ),
  crypto: {
    read: (s) => {
      const c = s.selection.crypto;
      return c ? cryptoKey(c) : undefined;
    },
    clear: (s) =>
      keep(s, 'cryptoCurrency')
        ? s
        : sel(s, { crypto: undefined, network: keep(s, 'network') ? s.selection.network : undefined }),
  },
  chain: { read: (s) => chainOf(s.selection), clear: (s) => s },
  paymentMethod: field(
    'paymentMethod',
    (s) => s.selection.paymentMethod,
    (s) => sel(s, { paymentMethod: undefined }),
  ),
  amount: field(
    'amount',
    (s) => s.selection.amount,
    (s) => sel(s, { amount: undefined }),
  ),
  offer: { read: (s) => s.selection.offer, clear: (s) => sel(s, { offer: undefined }) },
  walletAddress: field(
    'walletAddress',
    (s) => s.selection.walletAddress,
    (s) => sel(s, { walletAddress: undefined }),
  ),
  walletTag: { read: (s) => s.selection.walletTag, clear: (s) => sel(s, { walletTag: undefined }) },
};

/** The pieces in dependency order (every piece after what it depends on). */
export const PIECE_ORDER: readonly Piece[] = (() => {
  const order: Piece[] = [];
  const visit = (p: Piece) => {
    if (order.includes(p)) return;
    DEPENDS_ON[p].forEach(visit);
    order.push(p);
  };
  (Object.keys(DEPENDS_ON) as Piece[]).forEach(visit);
  return order;
})();

/** Everything a change of `piece` may clear: its transitive dependents. */
export function dependentsOf(piece: Piece): Piece[] {
  const out = new Set<Piece>([piece]);
  for (const p of PIECE_ORDER) if (DEPENDS_ON[p].some((d) => out.has(d))) out.add(p);
  out.delete(piece);
  return PIECE_ORDER.filter((p) => out.has(p));
}

export const readPiece = (piece: Piece, s: CheckoutState): unknown => ACCESS[piece].read(s);

/**
 * `after` is `before` with the pieces in `setDirectly` written by an event. Clears, in dependency
 * order, every piece that depends on a piece that actually changed (from one value to another),
 * and returns the result.
 */
export function invalidate(
  before: CheckoutState,
  after: CheckoutState,
  setDirectly: readonly Piece[],
): CheckoutState {
  const changed = new Set<Piece>();
  let s = after;
  for (const p of PIECE_ORDER) {
    if (!setDirectly.includes(p) && DEPENDS_ON[p].some((d) => changed.has(d))) s = ACCESS[p].clear(s);
    // Filling in a piece that was empty clears nothing: what depends on it was given (prefilled)
    // before it was known, and the lists re-check it. Only a change of an answer invalidates.
    if (readPiece(p, before) !== undefined && readPiece(p, before) !== readPiece(p, s)) changed.add(p);
  }
  return s;
}
