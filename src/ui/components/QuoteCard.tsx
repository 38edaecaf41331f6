import type { ReactNode } from 'react';
import type { Direction, Quote } from '../../api/types';
import { formatAmount } from '../format/amount';
import { useTranslator } from '../i18n/context';
import { cx } from './cx';
import { SkeletonText } from './Skeleton';

/** Not in React's types: an attribute it passes through as it is. */
const PRICE_TIMING = { elementtiming: 'rc-price' } as Record<string, string>;

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
  /** The offer's rate: fiat per crypto unit ("1 BTC = $61,000.00"). */
  rate?: number;
  bestRate?: boolean;
  recommended?: boolean;
  /** Lines about the offer beyond its figures (its verification, how often it completes here). */
  notes?: (string | undefined)[];
  /**
   * A card on its way, drawn from a sample quote: its figures are placeholders of their width and
   * the partner's place holds `status` (what is happening), so the card takes its final place.
   */
  placeholder?: { status?: ReactNode };
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
  rate,
  bestRate,
  recommended,
  notes,
  placeholder,
  className,
}: QuoteCardProps) {
  const t = useTranslator();
  const buy = direction === 'buy';
  const fiat = buy ? q.sourceCurrencyCode : q.destinationCurrencyCode;
  const crypto = buy ? q.destinationCurrencyCode : q.sourceCurrencyCode;
  const amountText = (amount: number, code: string) =>
    formatAmount(amount, {
      currency: code,
      kind: code === fiat ? 'fiat' : 'crypto',
      decimals: code === fiat ? undefined : cryptoDecimals,
      locale: t.locale,
    });
  // A figure, or on a placeholder card the place of one.
  const shown = (text: string) => (placeholder ? <SkeletonText>{text}</SkeletonText> : text);
  const money = (amount: number, code: string) => shown(amountText(amount, code));
  // A placeholder's rows say nothing yet: only its status is read out.
  const silent = placeholder ? true : undefined;
  const name = partnerName ?? q.serviceProvider;
  const cost = totalCost !== undefined && Number.isFinite(totalCost) ? totalCost : q.totalFee;

  return (
    <div className={cx('rc-quote', className)}>
      <div className="rc-quote__head">
        <span
          className={cx('rc-quote__logo', placeholder && 'rc-skeleton')}
          aria-hidden="true"
          style={partnerHue === undefined ? undefined : { background: `hsl(${partnerHue} 55% 42%)` }}
        >
          {!placeholder && name.slice(0, 1)}
        </span>
        <span className="rc-quote__partner">{placeholder ? placeholder.status : name}</span>
        {bestRate && <span className="rc-badge">{t('quote.bestRate')}</span>}
        {recommended && <span className="rc-badge">{t('quote.recommended')}</span>}
        {q.lowKyc && <span className="rc-badge rc-badge--success">{t('quote.lowKyc')}</span>}
        {/* rampIntelligence.previouslyUsed: the shopper knows this partner already. */}
        {q.previouslyUsed && <span className="rc-badge">{t('quote.usedBefore', { partner: name })}</span>}
      </div>
      <div className="rc-quote__line" aria-hidden={silent}>
        <span>
          <span className="rc-help">{t(buy ? 'quote.youGet' : 'quote.youReceive')} </span>
          {/* When the price was painted, for the browser's Element Timing (a merchant's real-user
              measurements, the slow-phone bench): `elementtiming` entries named "rc-price". */}
          <span className="rc-quote__get" {...PRICE_TIMING}>
            {money(q.destinationAmount, q.destinationCurrencyCode)}
          </span>
        </span>
        {cost !== undefined && (
          <span className="rc-help">
            {t('quote.totalFee')} {money(cost, fiat)}
          </span>
        )}
      </div>
      {rate !== undefined && rate > 0 && (
        <p className="rc-help rc-quote__rate" aria-hidden={silent}>
          {shown(t('quote.rate', { crypto, price: amountText(rate, fiat) }))}
        </p>
      )}
      {notes?.map(
        (note) =>
          note && (
            <p className="rc-help" key={note} aria-hidden={silent}>
              {shown(note)}
            </p>
          ),
      )}
    </div>
  );
}
