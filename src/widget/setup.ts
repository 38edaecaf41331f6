// Options → the pieces one widget instance is made of. Pure helpers, so the composition root only
// wires them together.
import type { CheckoutInit, StorageLike } from '../checkout';
import type { ValidOptions } from './config';
import { browserLanguages } from './locale';
import { type Remembered, withRemembered } from './remember';

/** A random UUID v4, also where crypto.randomUUID is missing (insecure origins). */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The checkout's starting point: options prefill choices, `lock` fixes them; what the shopper chose
 * last time on this device fills what the options leave open.
 */
export function checkoutInit(
  o: ValidOptions,
  idempotencyKey: string,
  remembered: Remembered = {},
): CheckoutInit {
  const prefill = withRemembered(
    {
      country: o.country,
      subdivision: o.subdivision,
      fiatCurrency: o.fiatCurrency,
      cryptoCurrency: o.cryptoCurrency,
      network: o.network,
      paymentMethod: o.paymentMethod,
      amount: o.amount,
      defaultAmount: o.defaultAmount,
      walletAddress: o.walletAddress,
    },
    remembered,
  );
  return {
    direction: o.direction,
    directions: o.directions,
    prefill,
    locked: o.lock,
    idempotencyKey,
    ranking: o.ranking,
    // Known up front for the US (states) so a locked US country with its state skips the country step.
    requiresSubdivision: o.country ? o.country === 'US' || !!o.subdivision : undefined,
    // (Remembered choices are not locked: whether they need a state is learnt from the list.)
  };
}

/**
 * Where a launched checkout's tracking is kept across reloads: derived from the options, so the
 * same widget on the same page (the partner redirected back) finds it again.
 */
export function persistenceKey(o: ValidOptions): string {
  const { onEvent: _onEvent, theme: _theme, locale: _locale, bootstrap: _bootstrap, ...rest } = o;
  const text = JSON.stringify(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `ramp-checkout:${h.toString(36)}`;
}

/** sessionStorage when usable (it throws in some sandboxed frames and privacy modes). */
export function sessionStorageOrNull(): StorageLike | null {
  try {
    const s = globalThis.sessionStorage;
    s.getItem('ramp-checkout');
    return s;
  } catch {
    return null;
  }
}

/** The region of the browser's preferred languages ("de-CH" → "CH"), most preferred first. */
export function browserRegion(): string | undefined {
  for (const tag of browserLanguages()) {
    const region = /^[a-z]{2,3}(?:-[a-z]{4})?-([a-z]{2})(?:-|$)/i.exec(tag ?? '')?.[1];
    if (region) return region.toUpperCase();
  }
  return undefined;
}

/** Apple Pay is offered only where the device can pay with it (Safari with a card in Wallet). */
export function canPayWithApplePay(): boolean {
  try {
    const session = (globalThis as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
    return typeof session?.canMakePayments === 'function' && session.canMakePayments() === true;
  } catch {
    // Cross-origin frames without the permission throw: no Apple Pay there.
    return false;
  }
}

/** The methods a checkout on this device never offers. */
export const hiddenMethods = (): string[] => (canPayWithApplePay() ? [] : ['APPLE_PAY']);
