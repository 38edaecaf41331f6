import { useId } from 'react';
import { localInputToUtc } from './dates';

export interface DateTimeFieldProps {
  id: string;
  label: string;
  /** A `datetime-local` value: the viewer's local time. */
  value: string;
  onChange(value: string): void;
}

/** A local date and time, with the exact UTC value the listing will be sent shown beneath it. */
export function DateTimeField({ id, label, value, onChange }: DateTimeFieldProps) {
  const hintId = useId();
  const utc = value ? localInputToUtc(value) : undefined;
  return (
    <div className="rc-field-control">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hintId}
        aria-invalid={value !== '' && utc === undefined ? true : undefined}
      />
      <small id={hintId} className="rc-hint">
        {value === ''
          ? 'Your local time. Empty: no limit.'
          : utc
            ? `Sent as ${utc} (UTC)`
            : 'Not a complete date and time.'}
      </small>
    </div>
  );
}
