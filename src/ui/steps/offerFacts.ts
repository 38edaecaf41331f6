// What an offer's card and its "Why this offer?" panel say beyond the figures: the verification it
// needs (as the partner's published levels say) and how often orders
// with the partner complete here (once enough ended). Words only for what the data holds.
import type { Quote } from '../../api/types';
import type { Verification } from '../../checkout';
import { knownCompletion } from '../../checkout';
import { formatAmount, formatPercent } from '../format';
import type { MessageKey, Translator } from '../i18n';

export interface OfferFacts {
  verification?: string;
  /** "Completes for 92% of shoppers here". */
  completion?: string;
  /** The completion rate alone, "92%". */
  rate?: string;
}

export function offerFacts(q: Quote, v: Verification | undefined, t: Translator): OfferFacts {
  const known = knownCompletion(q);
  const rate =
    known === undefined ? undefined : formatPercent(known, { locale: t.locale, maximumFractionDigits: 0 });
  const verification = v
    ? t(v.light ? 'kyc.light' : 'kyc.id', {
        amount: formatAmount(v.limit, { currency: v.currency, kind: 'fiat', locale: t.locale, round: true }),
        period: t(`kyc.${v.limitType}` as MessageKey),
      })
    : undefined;
  return { verification, rate, completion: rate && t('quote.completes', { rate }) };
}
