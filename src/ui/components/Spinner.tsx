import { useTranslator } from '../i18n/context';
import { cx } from './cx';

export interface SpinnerProps {
  /** What is loading, for screen readers (and sighted users with `showLabel`). @default "Loading…" */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label, showLabel = false, className }: SpinnerProps) {
  const t = useTranslator();
  return (
    <span className={cx('rc-spinner', className)} role="status">
      <span className="rc-spin" aria-hidden="true" />
      <span className={showLabel ? undefined : 'rc-sr-only'}>{label ?? t('action.loading')}</span>
    </span>
  );
}
