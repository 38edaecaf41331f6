import { Fragment, useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface RadioOption<V extends string = string> {
  value: V;
  /** The radio's accessible name (e.g. "MoonPay, you get 0.0123 BTC"). Shown as the label unless content is given. */
  name: string;
  /** Richer visible content; the radio keeps `name` as its name and this content as its description. */
  content?: ReactNode;
  /** Shown after the option, outside its label (a control of its own, such as a disclosure). */
  after?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string = string> {
  /** The group's accessible name (and visible label unless hideLabel). */
  label: string;
  options: readonly RadioOption<V>[];
  value?: V;
  onChange: (value: V) => void;
  /** Rich content per option, instead of `option.content`. */
  render?: (option: RadioOption<V>, checked: boolean) => ReactNode;
  /** @default 'list' */
  variant?: 'list' | 'cards' | 'segmented';
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  disabled?: boolean;
  /** The inputs' form name. @default a unique id */
  name?: string;
  className?: string;
}

/** Native radios in labels: arrow keys, focus and form behaviour come from the browser. */
export function RadioGroup<V extends string = string>({
  label,
  options,
  value,
  onChange,
  render,
  variant = 'list',
  hideLabel = false,
  disabled = false,
  name,
  className,
}: RadioGroupProps<V>) {
  const id = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-disabled={disabled || undefined}
      className={cx('rc-radiogroup', variant !== 'list' && `rc-radiogroup--${variant}`, className)}
    >
      <div id={`${id}-label`} className={hideLabel ? 'rc-sr-only' : 'rc-label'}>
        {label}
      </div>
      <div className="rc-radiogroup__options">
        {options.map((option, i) => {
          const checked = option.value === value;
          const off = disabled || option.disabled;
          const rich = render ? render(option, checked) : option.content;
          const bodyId = `${id}-${i}`;
          return (
            <Fragment key={option.value}>
              <label className={cx('rc-radio', checked && 'rc-radio--checked', off && 'rc-radio--disabled')}>
                <input
                  type="radio"
                  className="rc-radio__input"
                  name={name ?? id}
                  value={option.value}
                  checked={checked}
                  disabled={off}
                  onChange={() => onChange(option.value)}
                  // The visible label holds more than the name only when content is rich.
                  aria-label={rich != null ? option.name : undefined}
                  aria-describedby={rich != null ? bodyId : undefined}
                />
                <span className="rc-radio__body" id={bodyId}>
                  {rich ?? option.name}
                </span>
              </label>
              {option.after}
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
