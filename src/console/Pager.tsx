import { useEffect, useRef } from 'react';
import type { Cursor } from '../api/types';
import type { PagerModel } from './pager';

export interface PagerProps {
  model: PagerModel;
  /** A page is loading: the buttons wait (aria-disabled, so focus stays on them). */
  busy: boolean;
  /** "transactions", for the navigation landmark's name. */
  noun: string;
  onNavigate(cursor: Cursor): void;
}

export function Pager({ model, busy, noun, onNavigate }: PagerProps) {
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const used = useRef<'previous' | 'next' | null>(null);

  // Reaching an end disables the button just pressed, which drops keyboard focus to the page:
  // hand it to the other button instead.
  useEffect(() => {
    if (busy || used.current === null) return;
    const pressed = used.current === 'next' ? nextRef.current : previousRef.current;
    const other = used.current === 'next' ? previousRef.current : nextRef.current;
    used.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (pressed?.disabled && (lost || document.activeElement === pressed) && other && !other.disabled)
      other.focus();
  }, [busy, model.previous, model.next]);

  const go = (which: 'previous' | 'next') => {
    const cursor = model[which];
    if (busy || cursor === undefined) return;
    used.current = which;
    onNavigate(cursor);
  };

  const { range } = model;
  return (
    <nav className="rc-pager" aria-label={`Pages of ${noun}`}>
      <button
        ref={previousRef}
        type="button"
        className="rc-button"
        disabled={model.previous === undefined}
        aria-disabled={busy || undefined}
        onClick={() => go('previous')}
      >
        Previous page
      </button>
      <p className="rc-pager-range" aria-live="polite">
        {busy
          ? 'Loading…'
          : range
            ? `Records ${range.first}–${range.last}${range.total === undefined ? '' : ` of ${range.total}`}`
            : ''}
      </p>
      <button
        ref={nextRef}
        type="button"
        className="rc-button"
        disabled={model.next === undefined}
        aria-disabled={busy || undefined}
        onClick={() => go('next')}
      >
        Next page
      </button>
    </nav>
  );
}
