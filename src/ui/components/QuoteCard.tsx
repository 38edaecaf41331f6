import type { Direction, Quote } from '../../api/types';
import { formatAmount } from '../format/amount';
import { useTranslator } from '../i18n/context';
import { cx } from './cx';

export interface QuoteCardProps {
  quote: Quote;
  /** buy: the shopper pays fiat and gets crypto; sell: the reverse. */
  direction: Direction;
  /** The partner's display name. @default quote.serviceProvider */
  partnerName?: string;
  /** The crypto currency's decimal places (shown up to 8). */
  cryptoDecimals?: number;
  bestRate?: boolean;
  recommended?: boolean;
  className?: string;
}

/** A quote's content; put it in a RadioGroup option whose name begins with the partner. */
export function QuoteCard({
  quote: q,
  direction,
  partnerName,
  cryptoDecimals,
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
  ).filter((f): f is readonly [(typeof f)[0], number] => typeof f[1] === 'number');

  return (
    <div className={cx('rc-quote', className)}>
      <div className="rc-quote__head">
        <span className="rc-quote__partner">{partnerName ?? q.serviceProvider}</span>
        {bestRate && <span className="rc-badge">{t('quote.bestRate')}</span>}
        {recommended && <span className="rc-badge">{t('quote.recommended')}</span>}
        {q.lowKyc && <span className="rc-badge rc-badge--success">{t('quote.lowKyc')}</span>}
        {/* rampIntelligence.previouslyUsed: the shopper knows this partner already. */}
        {q.previouslyUsed && <span className="rc-badge">{t('quote.usedBefore')}</span>}
      </div>
      <div>
        <span className="rc-help">{t('quote.youGet')} </span>
        <span className="rc-quote__get">{money(q.destinationAmount, q.destinationCurrencyCode)}</span>
      </div>
      <dl className="rc-quote__details">
        <dt>{t('quote.youPay')}</dt>
        <dd>{money(q.sourceAmount, q.sourceCurrencyCode)}</dd>
        {typeof q.exchangeRate === 'number' && (
          <>
            <dt>{t('quote.rate')}</dt>
            <dd>{t('quote.rateValue', { crypto, fiat: money(q.exchangeRate, fiat) })}</dd>
          </>
        )}
        {fees.map(([key, amount]) => (
          <Row key={key} term={t(key)} value={money(amount, fiat)} />
        ))}
        {typeof q.totalFee === 'number' && (
          <Row term={t('quote.totalFee')} value={money(q.totalFee, fiat)} className="rc-quote__total" />
        )}
      </dl>
    </div>
  );
}

function Row({ term, value, className }: { term: string; value: string; className?: string }) {
  return (
    <>
      <dt className={className}>{term}</dt>
      <dd className={className}>{value}</dd>
    </>
  );
}
