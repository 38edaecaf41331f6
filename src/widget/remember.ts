// Remembering the shopper on this device (localStorage, one entry per site): the last country,
// state, currencies and payment method, offered as the start of the next checkout where the
// merchant set none. The wallet address is kept only when the shopper asks. Merchants turn it off
// with `remember: false`.
import type { CheckoutState, Prefill, StorageLike } from '../checkout';

export const REMEMBER_KEY = 'ramp-checkout:shopper';
const VERSION = 1;

export interface Remembered {
  country?: string;
  subdivision?: string;
  fiatCurrency?: string;
  cryptoCurrency?: string;
  network?: string;
  paymentMethod?: string;
  walletAddress?: string;
}

const FIELDS: readonly (keyof Remembered)[] = [
  'country',
  'subdivision',
  'fiatCurrency',
  'cryptoCurrency',
  'network',
  'paymentMethod',
  'walletAddress',
];

/** localStorage when usable (it throws in some sandboxed frames and privacy modes). */
export function localStorageOrNull(): StorageLike | null {
  try {
    const s = globalThis.localStorage;
    s.getItem(REMEMBER_KEY);
    return s;
  } catch {
    return null;
  }
}

export function loadRemembered(storage: StorageLike | null): Remembered {
  try {
    const data: unknown = JSON.parse(storage?.getItem(REMEMBER_KEY) ?? 'null');
    if (typeof data !== 'object' || data === null || (data as { v?: unknown }).v !== VERSION) return {};
    const out: Remembered = {};
    for (const f of FIELDS) {
      const value = (data as Record<string, unknown>)[f];
      if (typeof value === 'string' && value.length <= 128) out[f] = value;
    }
    return out;
  } catch {
    return {};
  }
}

/** The choices to keep from `state`; the wallet only when the shopper asked (`wallet`). */
export function choicesOf(state: CheckoutState, wallet: boolean): Remembered {
  const s = state.selection;
  const out: Remembered = {
    country: s.country,
    subdivision: s.subdivision,
    fiatCurrency: s.fiatCurrency,
    cryptoCurrency: s.crypto?.currencyCode,
    network: s.crypto?.chainCode ?? s.network,
    paymentMethod: s.paymentMethod,
    walletAddress: wallet ? s.walletAddress : undefined,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as Remembered;
}

export function saveRemembered(storage: StorageLike | null, choices: Remembered): void {
  try {
    storage?.setItem(REMEMBER_KEY, JSON.stringify({ v: VERSION, ...choices }));
  } catch {
    // Full or denied storage: nothing is remembered.
  }
}

/**
 * The merchant's prefill completed with what was remembered, field by field where the merchant
 * set nothing (a state only with its country, a network only with its currency).
 */
export function withRemembered(prefill: Prefill, r: Remembered): Prefill {
  const out: Prefill = { ...prefill };
  if (!out.country && r.country) {
    out.country = r.country;
    if (!out.subdivision && r.subdivision?.startsWith(`${r.country}-`)) out.subdivision = r.subdivision;
  }
  if (!out.fiatCurrency && r.fiatCurrency) out.fiatCurrency = r.fiatCurrency;
  if (!out.cryptoCurrency && !out.network && r.cryptoCurrency) {
    out.cryptoCurrency = r.cryptoCurrency;
    if (r.network) out.network = r.network;
  }
  if (!out.paymentMethod && r.paymentMethod) out.paymentMethod = r.paymentMethod;
  if (!out.walletAddress && r.walletAddress && out.cryptoCurrency === r.cryptoCurrency)
    out.walletAddress = r.walletAddress;
  return out;
}
