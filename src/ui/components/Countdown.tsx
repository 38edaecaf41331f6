import { useEffect, useRef, useState } from 'react';
import { useTranslator } from '../i18n/context';
import { cx } from './cx';

export interface CountdownProps {
  /** When the countdown reaches zero, in epoch milliseconds. */
  deadline: number;
  /** The visible text. @default "Quotes refresh in {seconds}s" */
  format?: (seconds: number) => string;
  /** Remaining seconds at which screen readers hear the text (politely); never every second. */
  announceAt?: readonly number[];
  onExpire?: () => void;
  /** The clock, for tests. @default Date.now */
  now?: () => number;
  className?: string;
}

const ANNOUNCE_AT = [30, 10] as const;
const secondsLeft = (deadline: number, at: number) => Math.max(0, Math.ceil((deadline - at) / 1000));

export function Countdown({
  deadline,
  format,
  announceAt = ANNOUNCE_AT,
  onExpire,
  now = Date.now,
  className,
}: CountdownProps) {
  const t = useTranslator();
  const text = format ?? ((seconds: number) => t('quote.refreshIn', { seconds }));
  const [time, setTime] = useState(now);
  // The live region holds text only at an announcement second, so each announcement is a change.
  const [spoken, setSpoken] = useState('');

  // The timer reads the latest props without restarting. (Not useEffectEvent: that is React 19.2+,
  // and the widget supports React 18 and runs on Preact in the embed.) Effects run in order, so this
  // one is always current before the timer below can fire.
  const tick = useRef<(at: number) => number>(() => 0);
  useEffect(() => {
    tick.current = (at: number) => {
      const left = secondsLeft(deadline, at);
      setTime(at);
      setSpoken(announceAt.includes(left) ? text(left) : '');
      if (left === 0) onExpire?.();
      return left;
    };
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Wake on whole-second boundaries of the deadline, so the display never skips or repeats a number.
    const schedule = () => {
      const wait = (deadline - now()) % 1000 || 1000;
      timer = setTimeout(
        () => {
          if (tick.current(now()) > 0) schedule();
        },
        Math.max(wait, 0),
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [deadline, now]);

  return (
    <span className={cx('rc-countdown', className)}>
      {text(secondsLeft(deadline, time))}
      <span className="rc-sr-only" aria-live="polite" aria-atomic="true">
        {spoken}
      </span>
    </span>
  );
}
