// "Why this offer?": a disclosure under an offer that lays out what decides it, in reading order:
// what the shopper gets, each fee in fiat, the rate and its markup over the market (the offers'
// median rate), the verification it needs and how often orders complete with the partner here.
import { useId, useState } from 'react';
import type { Direction, Quote } from '../../api/types';
import { Button } from '../components';
import { useTranslator } from '../i18n';
import { cryptoText, fiatText } from './labels';
import type { OfferFacts } from './offerFacts';

export interface WhyOfferProps {
  quote: Quote;
  direction: Direction;
  /** The offer's rate (fiat per crypto unit; 0: unknown). */
  rate: number;
  /** What its rate costs over the market's (the offers' median rate), in fiat; undefined: no market. */
  markup?: number;
  facts: OfferFacts;
  cryptoDecimals?: number;
}

export function WhyOffer({ quote: q, direction, rate, markup, facts, cryptoDecimals }: WhyOfferProps) {
  const t = useTranslator();
  const id = useId();
  const [open, setOpen] = useState(false);
  const buy = direction === 'buy';
  const fiat = buy ? q.sourceCurrencyCode : q.destinationCurrencyCode;
  const crypto = buy ? q.destinationCurrencyCode : q.sourceCurrencyCode;
  const money = (n: number) => fiatText(n, fiat, t.locale);
  const fee = (n?: number) => (n === undefined ? undefined : money(n));
  const rows = [
    [
      buy ? 'quote.youGet' : 'quote.youReceive',
      buy ? cryptoText(q.destinationAmount, crypto, t.locale, cryptoDecimals) : money(q.destinationAmount),
    ],
    ['quote.networkFee', fee(q.networkFee)],
    ['quote.partnerFee', fee(q.partnerFee)],
    ['quote.transactionFee', fee(q.transactionFee)],
    ['summary.rate', rate ? t('quote.rate', { crypto, price: money(rate) }) : undefined],
    ['why.markup', fee(markup)],
    ['why.verification', facts.verification ?? (q.lowKyc ? t('quote.lowKyc') : undefined)],
    ['why.completion', facts.rate],
  ] as const;
  return (
    <div className="rc-why">
      <Button variant="ghost" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t('why.button')}
      </Button>
      <dl id={id} className="rc-quote__details" hidden={!open}>
        {rows.map(
          ([key, value]) =>
            value !== undefined && [<dt key={key}>{t(key)}</dt>, <dd key={`${key}=`}>{value}</dd>],
        )}
      </dl>
    </div>
  );
}
