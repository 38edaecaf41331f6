// The lists → the choices they imply, as events of ids and strings. What the description prescribes
// when a list arrives or changes: the country's default, else the first entry; a choice the list no
// longer offers is replaced, unless the merchant locked it (then it stays, and the screen says it
// cannot be served); the default amount follows the limits. Pure: the checkout's runtime
// (src/ui/steps/data.tsx) only sends what this returns; no list or fact is copied into the state.
import type { Country, Currency, PaymentMethod } from '../api/types';
import type { CheckoutEvent } from './events';
import { defaultAmount } from './defaultAmount';
import { isLocked, sourceDecimals, type CheckoutState, type Facts } from './state';

/** The lists as far as they are known (a list that is still loading is absent). */
export interface SyncLists {
  countries?: readonly Pick<Country, 'countryCode'>[];
  /** The country the bootstrap resolved from the shopper's IP, if any. */
  bootstrapCountry?: string;
  /** The country the shopper's browser says they are in (its language's region), if any. */
  browserCountry?: string;
  fiat?: { items: readonly Currency[]; preferred?: Currency };
  /** The crypto offered (narrowed to a locked network), and the chosen one's entry in it. */
  crypto?: { options: readonly Currency[]; chosen?: Currency };
  methods?: { items: readonly PaymentMethod[]; preferred?: PaymentMethod };
  /**
   * Fiat per crypto unit for the pair, the market's middle over any quote seen (a sell's default
   * amount needs it; one steady figure, so the default does not move with each answer).
   */
  rate?: number;
}

const sameCrypto = (entry: Currency, s: CheckoutState['selection']['crypto']) =>
  entry.currencyCode === s?.currencyCode &&
  entry.chainCode === s?.chainCode &&
  (entry.contract ?? '').toLowerCase() === (s?.contract ?? '').toLowerCase();

/**
 * The events that bring the checkout's choices in line with the lists (none: they are); `facts`
 * (limits, rate, decimals) give the default amount. Never while tracking.
 */
export function syncEvents(state: CheckoutState, lists: SyncLists, facts: Facts): CheckoutEvent[] {
  if (state.step === 'status') return [];
  const s = state.selection;
  const events: CheckoutEvent[] = [];

  if (lists.countries) {
    const chosen = lists.countries.find((c) => c.countryCode === s.country);
    // A country the direction does not serve is never swapped for another in silence: it stays
    // chosen (the screen names it and offers the others), the browser's one included.
    const find = (code: string | undefined) => lists.countries?.find((c) => c.countryCode === code);
    const browser = lists.browserCountry;
    const target = s.country
      ? undefined
      : (browser ?? (find(lists.bootstrapCountry) ?? lists.countries[0])?.countryCode);
    if (target && !chosen) events.push({ type: 'SET_COUNTRY', country: target });
  }

  if (lists.fiat) {
    const chosen = lists.fiat.items.find((c) => c.currencyCode === s.fiatCurrency);
    const target =
      chosen ?? (s.fiatCurrency && isLocked(state, 'fiatCurrency') ? undefined : lists.fiat.preferred);
    if (target && target !== chosen) events.push({ type: 'SET_FIAT', fiatCurrency: target.currencyCode });
  }

  if (lists.crypto) {
    const { options, chosen } = lists.crypto;
    const target =
      chosen ??
      (s.crypto && isLocked(state, 'cryptoCurrency')
        ? undefined
        : (options.find((c) => !s.network || c.chainCode === s.network) ?? options[0]));
    if (target && !sameCrypto(target, s.crypto))
      events.push({
        type: 'SET_CRYPTO',
        crypto: { currencyCode: target.currencyCode, chainCode: target.chainCode, contract: target.contract },
      });
  }

  const methods = lists.methods;
  const offered = !!methods?.items.some((m) => m.method === s.paymentMethod);
  if (methods && !offered && !(s.paymentMethod && isLocked(state, 'paymentMethod')) && methods.preferred)
    events.push({ type: 'SET_PAYMENT_METHOD', method: methods.preferred.method });

  // Limits are for the chosen method: while another is about to replace it, no default follows them.
  const known = offered || !methods ? facts : { ...facts, limits: undefined };
  const amount = amountEvent(state, { ...known, fiatPerCrypto: lists.rate ?? facts.fiatPerCrypto });
  if (amount) events.push(amount);

  return events;
}

/**
 * The default amount, so a price shows before the shopper types: the merchant's `defaultAmount` in
 * its direction, else a round sum within the limits. Never over an amount the shopper typed (or
 * cleared), the `amount` option, or the merchant's default; an automatic one follows the limits.
 */
function amountEvent(state: CheckoutState, facts: Facts): CheckoutEvent | undefined {
  const s = state.selection;
  const { limits } = facts;
  const by = state.prefs.amountBy;
  if (isLocked(state, 'amount') || by === 'shopper' || (s.amount !== undefined && by !== 'auto')) return;
  const merchant =
    state.defaultAmount !== undefined && s.direction === state.prefill.direction
      ? state.defaultAmount
      : undefined;
  const value =
    merchant ??
    (limits
      ? defaultAmount({
          direction: s.direction,
          limits,
          decimals: sourceDecimals(state, facts),
          fiatPerCrypto: facts.fiatPerCrypto,
        })
      : undefined);
  if (value === undefined || value === s.amount) return;
  return { type: 'SET_AMOUNT', text: value, byDefault: merchant !== undefined ? 'option' : 'auto' };
}
