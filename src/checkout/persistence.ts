// Keeps a checkout across a reload, in a Storage the caller picks (sessionStorage in the browser)
// under the caller's key: the choices while the shopper is choosing, the tracking once launched (the
// provider may redirect back).
import type { QuoteSort } from './ranking';
import type { CheckoutState, LaunchSession, Selection, Step, Tracking } from './state';
import { STEPS } from './state';
import { isRecord } from '../domain/json';

/** The part of the Web Storage API used here. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface PersistedCheckout {
  tracking: Tracking;
  /** What the status screen summarises; absent when the stored copy was unusable. */
  selection?: Selection;
  /** The provider session, so its window can be reopened (e.g. to finish verification). */
  session?: LaunchSession;
}

const VERSION = 1;

const optional = (v: unknown, type: 'string' | 'number') => v === undefined || typeof v === type;

function asTracking(v: unknown): Tracking | null {
  if (!isRecord(v)) return null;
  const { sessionId, trackingToken } = v;
  if (typeof sessionId !== 'string' || !sessionId || typeof trackingToken !== 'string') return null;
  return { sessionId, trackingToken };
}

const TEXT_FIELDS = [
  'country',
  'subdivision',
  'fiatCurrency',
  'network',
  'paymentMethod',
  'amount',
  'walletAddress',
  'walletTag',
  'offer',
];

/** A stored selection, or undefined when it is not one. */
export function asSelection(v: unknown): Selection | undefined {
  if (!isRecord(v) || (v.direction !== 'buy' && v.direction !== 'sell')) return undefined;
  if (!TEXT_FIELDS.every((f) => optional(v[f], 'string'))) return undefined;
  const { crypto } = v;
  if (crypto !== undefined && !(isRecord(crypto) && typeof crypto.currencyCode === 'string'))
    return undefined;
  // A copy of an offer stored by an earlier version is dropped: offers are asked anew.
  const selection: Record<string, unknown> = { ...v };
  delete selection.quote;
  return selection as unknown as Selection;
}

function asSession(v: unknown): LaunchSession | undefined {
  if (!isRecord(v)) return undefined;
  const { id, widgetUrl, trackingToken } = v;
  return typeof id === 'string' && typeof widgetUrl === 'string' && typeof trackingToken === 'string'
    ? { id, widgetUrl, trackingToken }
    : undefined;
}

/** The stored checkout under `key`, or null when there is none or it is unusable. */
export function loadCheckout(storage: StorageLike, key: string): PersistedCheckout | null {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const data: unknown = JSON.parse(raw);
    if (!isRecord(data) || data.v !== VERSION) return null;
    const tracking = asTracking(data.tracking);
    if (!tracking) return null;
    const selection = asSelection(data.selection);
    const session = asSession(data.session);
    return { tracking, ...(selection ? { selection } : {}), ...(session ? { session } : {}) };
  } catch {
    return null;
  }
}

/** Stores the state's tracking and selection, or removes the entry when there is no tracking. */
export function saveCheckout(storage: StorageLike, key: string, state: CheckoutState): void {
  try {
    if (!state.tracking) storage.removeItem(key);
    else
      storage.setItem(
        key,
        JSON.stringify({
          v: VERSION,
          tracking: state.tracking,
          selection: state.selection,
          // The partner's page, so "Open … checkout" is still there after a reload.
          ...(state.launch.session ? { session: state.launch.session } : {}),
        }),
      );
  } catch {
    // Storage can be full or denied (private mode, sandboxed frames): tracking then lasts for the page only.
  }
}

/** The choices of a checkout not yet handed off: where the shopper was, so a reload keeps it. */
export interface StoredChoices {
  selection: Selection;
  step: Step;
  quoteSort?: QuoteSort;
}

const choicesKey = (key: string) => `${key}:choices`;
const SORTS: readonly string[] = ['best', 'cost', 'score'];

export function loadChoices(storage: StorageLike, key: string): StoredChoices | null {
  try {
    const raw = storage.getItem(choicesKey(key));
    if (raw === null) return null;
    const data: unknown = JSON.parse(raw);
    if (!isRecord(data) || data.v !== VERSION || typeof data.step !== 'string') return null;
    const selection = asSelection(data.selection);
    if (!selection || !(STEPS as readonly string[]).includes(data.step)) return null;
    const sort =
      typeof data.quoteSort === 'string' && SORTS.includes(data.quoteSort) ? data.quoteSort : undefined;
    return { selection, step: data.step as Step, ...(sort ? { quoteSort: sort as QuoteSort } : {}) };
  } catch {
    return null;
  }
}

/** Stores the choices while the checkout is not handed off; removes them once it is (tracking takes over). */
export function saveChoices(storage: StorageLike, key: string, state: CheckoutState): void {
  try {
    if (state.tracking) storage.removeItem(choicesKey(key));
    else
      storage.setItem(
        choicesKey(key),
        JSON.stringify({
          v: VERSION,
          selection: state.selection,
          step: state.step,
          ...(state.prefs.quoteSort ? { quoteSort: state.prefs.quoteSort } : {}),
        }),
      );
  } catch {
    // Full or denied storage: the choices last for the page only.
  }
}
