import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DetailPanelProps {
  title: string;
  onClose(): void;
  /** Where focus goes back to when the panel closes (the row's "View" button). */
  returnFocus?: HTMLElement | null;
  children: ReactNode;
}

/**
 * A side panel beside the listing (a non-modal dialog: the table stays usable). Focus moves to its
 * heading when it opens and back to the opener when it closes; Escape closes it.
 */
export function DetailPanel({ title, onClose, returnFocus, children }: DetailPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
    return () => {
      if (returnFocus?.isConnected) returnFocus.focus();
    };
  }, [returnFocus]);

  return (
    <div
      className="rc-detail"
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="rc-detail-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button type="button" className="rc-button" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </div>
  );
}

export type Field = readonly [label: string, value: ReactNode];

/** A description list of the fields that have a value. */
export function FieldList({ fields }: { fields: readonly Field[] }) {
  const shown = fields.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <dl className="rc-fields">
      {shown.map(([name, value]) => (
        <div key={name} className="rc-field">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
