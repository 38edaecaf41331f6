import { useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';
import { useReplaceable } from './replaceable';

export interface TextFieldProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'children' | 'size'
> {
  /** The visible label, which is also the textbox's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Guidance under the field, linked with aria-describedby. */
  help?: ReactNode;
  /** The validation message: sets aria-invalid, is linked with aria-describedby and announced (role alert). */
  error?: string;
  /** Text after the input, e.g. a currency code; also part of the description. */
  suffix?: ReactNode;
  /** Monospaced input, for addresses. */
  mono?: boolean;
  /** The label for screen readers only (a group's legend already shows it). */
  hideLabel?: boolean;
  /**
   * The value is not the shopper's own (a default, the merchant's, a computed figure): their first
   * keystroke replaces it (components/replaceable.ts).
   */
  replaceable?: boolean;
}

export function TextField({
  label,
  value,
  onChange,
  help,
  error,
  suffix,
  mono = false,
  hideLabel,
  replaceable = false,
  id,
  className,
  disabled,
  type = 'text',
  'aria-describedby': describedBy,
  onFocus,
  onClick,
  ...input
}: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const ids = {
    suffix: `${inputId}-suffix`,
    help: `${inputId}-help`,
    error: `${inputId}-error`,
  };
  const ref = useRef<HTMLInputElement>(null);
  const replacing = useReplaceable(ref, replaceable && value !== '', onChange);
  const describers = [describedBy, suffix && ids.suffix, help && ids.help, error && ids.error].filter(
    Boolean,
  );
  return (
    <div className={cx('rc-field', className)}>
      <label className={hideLabel ? 'rc-sr-only' : 'rc-label'} htmlFor={inputId}>
        {label}
      </label>
      <div className={cx('rc-control', error && 'rc-control--invalid', disabled && 'rc-control--disabled')}>
        <input
          {...input}
          id={inputId}
          type={type}
          className={cx('rc-input', mono && 'rc-input--mono')}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          ref={ref}
          onFocus={(e) => {
            replacing.onFocus(e);
            onFocus?.(e);
          }}
          onClick={(e) => {
            replacing.onClick(e);
            onClick?.(e);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describers.length ? describers.join(' ') : undefined}
        />
        {suffix && (
          <span className="rc-suffix" id={ids.suffix}>
            {suffix}
          </span>
        )}
      </div>
      {help && (
        <p className="rc-help" id={ids.help}>
          {help}
        </p>
      )}
      {error && (
        <p className="rc-error" id={ids.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
