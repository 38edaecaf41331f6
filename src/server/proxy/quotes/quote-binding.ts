// A session is bound to a quote this server gave recently: when the proxy answers a quote request, it
// records the terms of every quote in the answer (partner, country, currencies, payment method,
// amount, direction) for a short while (RAMP_QUOTE_BINDING_TTL_MS); a session whose terms match none
// of them is refused with 422 QUOTE_REQUIRED before anything goes upstream (after the checks of
// session-rules.ts, whose refusals say more).
//
// Bound globally, not per client: a quote from any browser binds. A per-client binding would add no
// protection (whoever forges a session can quote the same terms first, through the same rate limit),
// but would refuse honest shoppers whose address changes between the quote and the session (mobile
// networks, several proxies) or whose cross-site embed gets no cookie to tell them apart. What the
// binding proves is what matters: the upstream priced exactly these terms for this partner a moment
// ago. The records live in the stores (memory, or Redis shared by every instance), so a quote answered
// by one instance binds a session created through another.
import type { Quote, QuoteRequest, SessionType } from '../../../api/types';
import { decimalFromNumber } from '../../../domain/decimal';
import type { SessionBody } from '../bodies';
import { HttpError } from '../../http/errors';
import type { ExpiringRecords } from '../../storage/stores/types';

/** What a quote of the answer was for, as a session states it. */
export interface QuotedTerms {
  partner: string;
  country: string;
  source: string;
  destination: string;
  /** The canonical method the quote was asked for; absent: none (the partner's default). */
  method?: string;
  /** The amount in the source currency, as a decimal string. */
  amount: string;
}

/** What the binding keeps of a quote beside its terms. */
export interface BoundQuote {
  /** From the quote's transactionType, when it states one. */
  direction?: SessionType;
  /** A sell's fiat received per unit of crypto sold (what its amount is checked against the limits with). */
  fiatPerCrypto?: number;
}

export interface QuoteBinding {
  /** Records the terms of each quote of an upstream answer to `request`. */
  remember(request: QuoteRequest, quotes: readonly Quote[]): Promise<void>;
  /** The recent quote a session's terms match, or undefined (see quoteRequired). */
  find(body: SessionBody): Promise<BoundQuote | undefined>;
}

/** The refusal of a session that matches no recent quote. */
export const quoteRequired = () =>
  new HttpError(
    422,
    'QUOTE_REQUIRED',
    'No recent quote for these terms (partner, country, currencies, payment method, amount): request a quote first',
  );

/**
 * One amount, whichever way it came: the quote request carries a number, the session a decimal
 * string; both are what the upstream reads as the same number.
 */
const amountKey = (amount: number | string): string => decimalFromNumber(Number(amount)) ?? String(amount);

const termsKey = (t: QuotedTerms, amount = amountKey(t.amount)): string =>
  JSON.stringify([t.partner, t.country, t.source, t.destination, t.method ?? '', amount]);

const directionOf = (transactionType: string | undefined): SessionType | undefined =>
  transactionType?.startsWith('CRYPTO_PURCHASE')
    ? 'BUY'
    : transactionType?.startsWith('CRYPTO_SELL')
      ? 'SELL'
      : undefined;

/** The terms a session body states, in the shape quotes are recorded under. */
export const sessionTerms = (body: SessionBody): QuotedTerms => {
  const d = body.sessionData;
  return {
    partner: d.serviceProvider,
    country: d.countryCode,
    source: d.sourceCurrencyCode,
    destination: d.destinationCurrencyCode,
    method: d.paymentMethodType,
    amount: d.sourceAmount,
  };
};

export function createQuoteBinding(records: ExpiringRecords, ttlMs: number): QuoteBinding {
  return {
    async remember(request, quotes) {
      // The same amount for every quote of the answer: made canonical once.
      const amount = amountKey(request.sourceAmount);
      const entries = quotes
        .filter((q) => typeof q.serviceProvider === 'string')
        .map((q) => {
          const direction = directionOf(q.transactionType);
          const kept: BoundQuote = {
            ...(direction ? { direction } : {}),
            ...(q.sourceAmount > 0 && direction !== 'BUY'
              ? { fiatPerCrypto: q.destinationAmount / q.sourceAmount }
              : {}),
          };
          const terms: QuotedTerms = {
            partner: q.serviceProvider,
            country: request.countryCode,
            source: request.sourceCurrencyCode,
            destination: request.destinationCurrencyCode,
            method: request.paymentMethodType,
            amount: String(request.sourceAmount),
          };
          return { key: termsKey(terms, amount), value: JSON.stringify(kept) };
        });
      await records.put(entries, ttlMs);
    },
    async find(body) {
      const raw = await records.get(termsKey(sessionTerms(body)));
      const bound = raw === undefined ? undefined : (JSON.parse(raw) as BoundQuote);
      // A quote that states its direction binds only a session of that direction.
      return bound && (bound.direction === undefined || bound.direction === body.sessionType)
        ? bound
        : undefined;
    },
  };
}
