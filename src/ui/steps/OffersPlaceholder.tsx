// The best offer's place while it is on its way, row for row as the offers section will be: the card
// (in its radio frame), "Compare offers" and the refresh countdown. Shown with a spinner while the
// offers are asked for; kept, unseen, while there is nothing to ask for (no valid amount yet).
import { cx, QuoteCardSkeleton, SkeletonText, Spinner, type QuoteCardSkeletonProps } from '../components';
import { useTranslator } from '../i18n';

export interface OffersPlaceholderProps extends Omit<QuoteCardSkeletonProps, 'status'> {
  /** The offers are being asked for. */
  loading: boolean;
}

export function OffersPlaceholder({ loading, ...card }: OffersPlaceholderProps) {
  const t = useTranslator();
  return (
    <div className={cx('rc-offers', !loading && 'rc-offers--idle')}>
      <div className="rc-radiogroup rc-radiogroup--cards">
        <div className="rc-radiogroup__options">
          <div className="rc-radio">
            <span className="rc-radio__input rc-skeleton" aria-hidden="true" />
            <span className="rc-radio__body">
              <QuoteCardSkeleton
                {...card}
                status={loading ? <Spinner label={t('quote.loading')} showLabel /> : undefined}
              />
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
