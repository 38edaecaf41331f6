import { useTranslator } from '../i18n/context';
import { cx } from './cx';

export type TimelineState = 'done' | 'current' | 'failed' | 'upcoming';

export interface TimelineStep {
  id: string;
  label: string;
  state: TimelineState;
  /** The label says the state already ("Cancelled"): no state words after it. */
  selfDescribing?: boolean;
}

export interface StatusTimelineProps {
  steps: readonly TimelineStep[];
  /** The list's accessible name. */
  label?: string;
  className?: string;
}

/** An ordered list; each step's state is said in words, not only by colour and symbol. */
export function StatusTimeline({ steps, label, className }: StatusTimelineProps) {
  const t = useTranslator();
  return (
    <ol className={cx('rc-timeline', className)} aria-label={label}>
      {steps.map((s) => (
        <li
          key={s.id}
          className={cx('rc-timeline__item', `rc-timeline__item--${s.state}`)}
          aria-current={s.state === 'current' ? 'step' : undefined}
        >
          {s.label}
          {!s.selfDescribing && <span className="rc-sr-only">, {t(`timeline.${s.state}`)}</span>}
        </li>
      ))}
    </ol>
  );
}
