// The lists → the checkout's choices, as events. What the description prescribes when a list arrives
// or changes: the country's default, else the first entry; a choice the list no longer offers is
// replaced, unless the merchant locked it (then it stays, and the screen says it cannot be served);
// facts that come with a choice (decimals, whether a state is needed) follow it. Pure: the screens'
// data hook (src/ui/steps/useCheckoutSync.ts) only sends what this returns.
import type { Country, Currency, PaymentMethod, Quote } from '../api/types';
import type { CheckoutEvent } from './events';
import type { AmountLimits } from './amount';
import { defaultAmount } from './defaultAmount';
import { isLocked, sourceDecimals, type CheckoutState } from './state';

/** A country of the list, with whether it needs a state (the screens know the states). */
export interface CountryChoice extends Pick<Country, 'countryCode'> {
  needsSubdivision: boolean;
}

/** The lists as far as they are known (a list that is still loading is absent). */
export interface SyncLists {
  countries?: readonly CountryChoice[];
  /** The country the bootstrap resolved from the shopper's IP, if any. */
  bootstrapCountry?: string;
  /** The country the shopper's browser says they are in (its language's region), if any. */
  browserCountry?: string;
  fiat?: { items: readonly Currency[]; preferred?: Currency };
  /** The crypto offered (narrowed to a locked network), and the chosen one's entry in it. */
  crypto?: { options: readonly Currency[]; chosen?: Currency };
  methods?: { items: readonly PaymentMethod[]; preferred?: PaymentMethod };
  /** The chosen method's limits across partners (null: no route has any), once known. */
  limits?: AmountLimits | null;
  /** Fiat per crypto unit for the pair, from any quote seen (a sell's default amount needs it). */
  rate?: number;
}

const sameCrypto = (entry: Currency, s: CheckoutState['selection']['crypto'], decimals?: number) =>
  entry.currencyCode === s?.currencyCode &&
  entry.chainCode === s?.chainCode &&
  (entry.contract ?? '').toLowerCase() === (s?.contract ?? '').toLowerCase() &&
  entry.decimalPlaces === decimals;

/** The events that bring the checkout in line with the lists (none: it is). Never while tracking. */
export function syncEvents(state: CheckoutState, lists: SyncLists): CheckoutEvent[] {
  if (state.step === 'status') return [];
  const s = state.selection;
  const events: CheckoutEvent[] = [];

  if (lists.countries) {
    const chosen = lists.countries.find((c) => c.countryCode === s.country);
    // A country the direction does not serve is never swapped for another in silence: it stays
    // chosen (the screen names it and offers the others), the browser's one included.
    const find = (code: string | undefined) => lists.countries?.find((c) => c.countryCode === code);
    const browser = lists.browserCountry;
    const target: CountryChoice | undefined =
      chosen ??
      (s.country
        ? undefined
        : (find(browser) ??
          (browser
            ? { countryCode: browser, needsSubdivision: false }
            : (find(lists.bootstrapCountry) ?? lists.countries[0]))));
    if (target && (target !== chosen || target.needsSubdivision !== state.facts.requiresSubdivision))
      events.push({
        type: 'SET_COUNTRY',
        country: target.countryCode,
        requiresSubdivision: target.needsSubdivision,
      });
  }

  if (lists.fiat) {
    const chosen = lists.fiat.items.find((c) => c.currencyCode === s.fiatCurrency);
    const target =
      chosen ?? (s.fiatCurrency && isLocked(state, 'fiatCurrency') ? undefined : lists.fiat.preferred);
    if (target && (target !== chosen || target.decimalPlaces !== state.facts.fiatDecimals))
      events.push({ type: 'SET_FIAT', fiatCurrency: target.currencyCode, decimals: target.decimalPlaces });
  }

  if (lists.crypto) {
    const { options, chosen } = lists.crypto;
    const target =
      chosen ??
      (s.crypto && isLocked(state, 'cryptoCurrency')
        ? undefined
        : (options.find((c) => !s.network || c.chainCode === s.network) ?? options[0]));
    if (target && !sameCrypto(target, s.crypto, state.facts.cryptoDecimals))
      events.push({
        type: 'SET_CRYPTO',
        crypto: { currencyCode: target.currencyCode, chainCode: target.chainCode, contract: target.contract },
        decimals: target.decimalPlaces,
      });
  }

  const methods = lists.methods;
  const offered = !!methods?.items.some((m) => m.method === s.paymentMethod);
  if (methods && !offered && !(s.paymentMethod && isLocked(state, 'paymentMethod')) && methods.preferred)
    events.push({ type: 'SET_PAYMENT_METHOD', method: methods.preferred.method });

  // The machine keeps limits it already has (and drops a late answer for a cleared method).
  if (offered && lists.limits !== undefined) events.push({ type: 'SET_LIMITS', limits: lists.limits });

  const amount = amountEvent(state, offered ? lists.limits : state.facts.limits, lists.rate);
  if (amount) events.push(amount);

  return events;
}

/**
 * The default amount, so a price shows before the shopper types: the merchant's `defaultAmount` in
 * its direction, else a round sum within the limits. Never over an amount the shopper typed (or
 * cleared), the `amount` option, or the merchant's default; an automatic one follows the limits.
 */
function amountEvent(
  state: CheckoutState,
  limits: AmountLimits | null | undefined,
  rate: number | undefined,
): CheckoutEvent | undefined {
  const s = state.selection;
  const by = state.facts.amountBy;
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
          decimals: sourceDecimals(state),
          fiatPerCrypto: rate ?? state.facts.fiatPerCrypto,
        })
      : undefined);
  if (value === undefined || value === s.amount) return;
  return { type: 'SET_AMOUNT', text: value, byDefault: merchant !== undefined ? 'option' : 'auto' };
}

/**
 * The events of a fresh quote list: the best rate, which checks a sell amount against fiat limits,
 * then the list itself (the machine renews the picked offer or selects the best).
 */
export function quoteEvents(
  direction: CheckoutState['selection']['direction'],
  quotes: readonly Quote[],
  at: number,
) {
  if (!quotes.length) return [];
  const events: CheckoutEvent[] = [];
  if (direction === 'sell') {
    const rates = quotes.filter((q) => q.sourceAmount > 0).map((q) => q.destinationAmount / q.sourceAmount);
    if (rates.length) events.push({ type: 'SET_RATE', fiatPerCrypto: Math.max(...rates) });
  }
  events.push({ type: 'QUOTES_RECEIVED', quotes, at });
  return events;
}
