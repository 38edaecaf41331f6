// Space kept for what is still on its way, built like what will come (the same classes, a sample of
// the same text) so it takes the same place and the screen does not move when the real thing arrives.
import { cx } from './cx';

/** A figure or label on its way: a sample of its text, unseen, with the fill where it will be. */
export function SkeletonText({ children }: { children: string }) {
  return (
    <span className="rc-skeleton-text" aria-hidden="true">
      {children}
    </span>
  );
}

/** A picker on its way: its label line and its control, at their sizes (built as Combobox's). */
export function FieldSkeleton({
  label,
  hideLabel = false,
  className,
}: {
  label: string;
  hideLabel?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('rc-field', className)} aria-hidden="true">
      {!hideLabel && (
        <span className="rc-label">
          <SkeletonText>{label}</SkeletonText>
        </span>
      )}
      <span className="rc-control rc-skeleton">
        <span className="rc-combobox__box">
          <span className="rc-input" />
        </span>
      </span>
    </div>
  );
}

/** Segmented choices on their way (a RadioGroup `variant="segmented"`): the label and one row of options. */
export function ChoicesSkeleton({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cx('rc-radiogroup rc-radiogroup--segmented', className)} aria-hidden="true">
      <span className="rc-label">
        <SkeletonText>{label}</SkeletonText>
      </span>
      <div className="rc-radiogroup__options rc-skeleton">
        <span className="rc-radio">
          <span className="rc-radio__body">{'\u00a0'}</span>
        </span>
      </div>
    </div>
  );
}
