import type { ReactNode } from 'react';
import type { Direction, Quote } from '../../api/types';
import { formatAmount } from '../format/amount';
import { useTranslator } from '../i18n/context';
import { cx } from './cx';
import { SkeletonText } from './Skeleton';

export interface QuoteCardProps {
  quote: Quote;
  /** buy: the shopper pays fiat and gets crypto; sell: the reverse. */
  direction: Direction;
  /** The partner's display name. @default quote.serviceProvider */
  partnerName?: string;
  /** The monogram's hue (0–360); the service publishes no partner logos. */
  partnerHue?: number;
  /** The crypto currency's decimal places (shown up to 8). */
  cryptoDecimals?: number;
  /** What the offer costs in all, in the fiat currency (fees and rate markup). */
  totalCost?: number;
  /** The part of the cost that is the rate markup, in the fiat currency. */
  markup?: number;
  /** The offer's rate: fiat per crypto unit ("1 BTC = $61,000.00"). */
  rate?: number;
  bestRate?: boolean;
  recommended?: boolean;
  className?: string;
}

/** A quote's content; put it in a RadioGroup option whose name begins with the partner. */
export function QuoteCard({
  quote: q,
  direction,
  partnerName,
  partnerHue,
  cryptoDecimals,
  totalCost,
  markup,
  rate,
  bestRate,
  recommended,
  className,
}: QuoteCardProps) {
  const t = useTranslator();
  const buy = direction === 'buy';
  const fiat = buy ? q.sourceCurrencyCode : q.destinationCurrencyCode;
  const crypto = buy ? q.destinationCurrencyCode : q.sourceCurrencyCode;
  const money = (amount: number, code: string) =>
    formatAmount(amount, {
      currency: code,
      kind: code === fiat ? 'fiat' : 'crypto',
      decimals: code === fiat ? undefined : cryptoDecimals,
      locale: t.locale,
    });
  const fees = (
    [
      ['quote.networkFee', q.networkFee],
      ['quote.partnerFee', q.partnerFee],
      ['quote.transactionFee', q.transactionFee],
    ] as const
  ).filter((f): f is readonly [(typeof f)[0], number] => typeof f[1] === 'number' && f[1] > 0);
  const name = partnerName ?? q.serviceProvider;
  const cost = totalCost !== undefined && Number.isFinite(totalCost) ? totalCost : q.totalFee;

  return (
    <div className={cx('rc-quote', className)}>
      <div className="rc-quote__head">
        <span
          className="rc-quote__logo"
          aria-hidden="true"
          style={partnerHue === undefined ? undefined : { background: `hsl(${partnerHue} 55% 42%)` }}
        >
          {name.slice(0, 1)}
        </span>
        <span className="rc-quote__partner">{name}</span>
        {bestRate && <span className="rc-badge">{t('quote.bestRate')}</span>}
        {recommended && <span className="rc-badge">{t('quote.recommended')}</span>}
        {q.lowKyc && <span className="rc-badge rc-badge--success">{t('quote.lowKyc')}</span>}
        {/* rampIntelligence.previouslyUsed: the shopper knows this partner already. */}
        {q.previouslyUsed && <span className="rc-badge">{t('quote.usedBefore')}</span>}
      </div>
      <div className="rc-quote__line">
        <span>
          <span className="rc-help">{t(buy ? 'quote.youGet' : 'quote.youReceive')} </span>
          <span className="rc-quote__get">{money(q.destinationAmount, q.destinationCurrencyCode)}</span>
        </span>
        {cost !== undefined && (
          <span className="rc-help">
            {t('quote.totalFee')} {money(cost, fiat)}
          </span>
        )}
      </div>
      {rate !== undefined && rate > 0 && (
        <p className="rc-help rc-quote__rate">{t('quote.rate', { crypto, price: money(rate, fiat) })}</p>
      )}
      {(fees.length > 0 || (markup ?? 0) > 0) && (
        <dl className="rc-quote__details">
          {fees.map(([key, amount]) => (
            <Row key={key} term={t(key)} value={money(amount, fiat)} />
          ))}
          {markup !== undefined && markup > 0 && <Row term={t('quote.markup')} value={money(markup, fiat)} />}
        </dl>
      )}
    </div>
  );
}

function Row({ term, value }: { term: ReactNode; value: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

export interface QuoteCardSkeletonProps {
  direction: Direction;
  /** The fiat and crypto currency codes, for figures of the final width. */
  fiatCurrency?: string;
  cryptoCurrency?: string;
  cryptoDecimals?: number;
  /** In the partner's place: what is happening (a Spinner while the offers are asked for). */
  status?: ReactNode;
}

/**
 * A card on its way, row for row as a QuoteCard with the usual content (the partner, what the shopper
 * gets and the cost, the rate, two fees), sample figures in place of the real ones, so the card
 * takes its place when it comes instead of pushing what follows.
 */
export function QuoteCardSkeleton({
  direction,
  fiatCurrency = 'EUR',
  cryptoCurrency = 'BTC',
  cryptoDecimals,
  status,
}: QuoteCardSkeletonProps) {
  const t = useTranslator();
  const buy = direction === 'buy';
  const fiat = (amount: number) =>
    formatAmount(amount, { currency: fiatCurrency, kind: 'fiat', locale: t.locale });
  const crypto = formatAmount(0.12345678, {
    currency: cryptoCurrency,
    kind: 'crypto',
    decimals: cryptoDecimals,
    locale: t.locale,
  });
  return (
    <div className="rc-quote">
      <div className="rc-quote__head">
        <span className="rc-quote__logo rc-skeleton" aria-hidden="true" />
        <span className="rc-quote__partner">
          {status ?? <SkeletonText>{t('quote.bestRate')}</SkeletonText>}
        </span>
      </div>
      <div className="rc-quote__line">
        <span>
          <span className="rc-help">
            <SkeletonText>{t(buy ? 'quote.youGet' : 'quote.youReceive')}</SkeletonText>{' '}
          </span>
          <span className="rc-quote__get">
            <SkeletonText>{buy ? crypto : fiat(123.45)}</SkeletonText>
          </span>
        </span>
        <span className="rc-help">
          <SkeletonText>{`${t('quote.totalFee')} ${fiat(3.45)}`}</SkeletonText>
        </span>
      </div>
      <p className="rc-help rc-quote__rate">
        <SkeletonText>{t('quote.rate', { crypto: cryptoCurrency, price: fiat(2345.67) })}</SkeletonText>
      </p>
      <dl className="rc-quote__details" aria-hidden="true">
        <Row
          term={<SkeletonText>{t('quote.networkFee')}</SkeletonText>}
          value={<SkeletonText>{fiat(1.23)}</SkeletonText>}
        />
        <Row
          term={<SkeletonText>{t('quote.partnerFee')}</SkeletonText>}
          value={<SkeletonText>{fiat(1.23)}</SkeletonText>}
        />
      </dl>
    </div>
  );
}
