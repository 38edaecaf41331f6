// The best offer's place while it is on its way, row for row as the offers section will be: a card
// drawn from a sample offer (in its radio frame, with its "Why this offer?"), "Compare offers" and the refresh countdown. Shown
// with a spinner while the offers are asked for; kept, unseen, while there is nothing to ask for (no
// valid amount yet).
import type { Direction, Quote } from '../../api/types';
import { cx, QuoteCard, SkeletonText, Spinner } from '../components';
import { useTranslator } from '../i18n';

export interface OffersPlaceholderProps {
  /** The offers are being asked for. */
  loading: boolean;
  direction: Direction;
  /** The chosen currencies, for figures of the final width. */
  fiatCurrency?: string;
  cryptoCurrency?: string;
  cryptoDecimals?: number;
}

/** The usual offer's content: what the shopper gets, the total cost and the rate. */
function sampleOffer(direction: Direction, fiat: string, crypto: string): Quote {
  const buy = direction === 'buy';
  return {
    serviceProvider: '',
    sourceCurrencyCode: buy ? fiat : crypto,
    sourceAmount: buy ? 100 : 0.05,
    destinationCurrencyCode: buy ? crypto : fiat,
    destinationAmount: buy ? 0.12345678 : 123.45,
  };
}

export function OffersPlaceholder({
  loading,
  direction,
  fiatCurrency = 'EUR',
  cryptoCurrency = 'BTC',
  cryptoDecimals,
}: OffersPlaceholderProps) {
  const t = useTranslator();
  return (
    <div className={cx('rc-offers', !loading && 'rc-offers--idle')}>
      <div className="rc-radiogroup rc-radiogroup--cards">
        <div className="rc-radiogroup__options">
          <div className="rc-radio">
            <span className="rc-radio__input rc-skeleton" aria-hidden="true" />
            <span className="rc-radio__body">
              <QuoteCard
                quote={sampleOffer(direction, fiatCurrency, cryptoCurrency)}
                direction={direction}
                cryptoDecimals={cryptoDecimals}
                totalCost={3.45}
                rate={2345.67}
                // Partners publish their verification levels: the best offer's card mostly has this line.
                notes={[t('kyc.light', { amount: '$1,000', period: t('kyc.TRANSACTION') })]}
                placeholder={{ status: loading && <Spinner label={t('quote.loading')} showLabel /> }}
              />
            </span>
          </div>
          <div className="rc-why" aria-hidden="true">
            <span className="rc-btn rc-btn--ghost">
              <SkeletonText>{t('why.button')}</SkeletonText>
            </span>
          </div>
        </div>
      </div>
      <span className="rc-btn rc-btn--ghost" aria-hidden="true">
        <SkeletonText>{t('order.compare', { count: 3 })}</SkeletonText>
      </span>
      <span className="rc-countdown" aria-hidden="true">
        <SkeletonText>{t('quote.refreshIn', { seconds: 30 })}</SkeletonText>
      </span>
    </div>
  );
}
