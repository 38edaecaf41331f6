import {
  memo,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslator } from '../i18n/context';
import { CurrencyIcon } from './CurrencyIcon';
import { cx } from './cx';
import { filterOptions, indexOptions, type IndexedOption } from './filterOptions';
import { useReplaceable } from './replaceable';

export interface ComboboxOption {
  value: string;
  /** The option's accessible name and visible text, e.g. "USDC · USD Coin · Solana". */
  label: string;
  description?: string;
  /** Image URL; options without one show coloured initials when any option has an icon. */
  icon?: string;
  /**
   * What the closed control shows in place of the label, for a compact picker: a code ("USDC") and
   * a smaller second line ("Solana"). The label stays the control's value and accessible text.
   */
  short?: { text: string; note?: string };
}

export interface ComboboxProps {
  /** The visible label and the combobox's accessible name. */
  label: string;
  options: readonly ComboboxOption[];
  value?: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  placeholder?: string;
  help?: ReactNode;
  error?: string;
  id?: string;
  className?: string;
  /** The label for screen readers only (a group's legend already says what the picker is for). */
  hideLabel?: boolean;
}

/**
 * An editable combobox with a listbox popup and list autocomplete (WAI-ARIA 1.2): typing filters,
 * arrow keys move aria-activedescendant (the first match is active while typing), Enter selects,
 * Escape closes and restores the selection's label. Focus never leaves the input.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  disabled = false,
  readOnly = false,
  placeholder,
  help,
  error,
  id,
  className,
  hideLabel = false,
}: ComboboxProps) {
  const t = useTranslator();
  const auto = useId();
  const inputId = id ?? `${auto}-input`;
  const listId = `${auto}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null); // null: not filtering, the input shows the selection
  const [active, setActive] = useState(-1); // position in `shown`
  const listRef = useRef<HTMLUListElement>(null);

  const index = useMemo(() => indexOptions(options), [options]);
  const withIcons = useMemo(() => options.some((o) => o.icon), [options]);
  const shown = useMemo(() => (query === null ? index : filterOptions(index, query)), [index, query]);
  const selected = options.find((o) => o.value === value);
  const activeEntry = open ? shown[active] : undefined;
  const shownOption = query === null ? selected : undefined;
  const optionId = (entry: IndexedOption<ComboboxOption>) => `${listId}-${entry.index}`;

  useEffect(() => {
    if (open && active >= 0) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
  };
  const openAll = () => {
    setOpen(true);
    setQuery(null);
    setActive(
      Math.max(
        0,
        index.findIndex((e) => e.option.value === value),
      ),
    );
  };
  const interactive = !disabled && !readOnly;
  // The shown choice is replaced by the shopper's first keystroke: it starts a search.
  const inputRef = useRef<HTMLInputElement>(null);
  const replacing = useReplaceable(inputRef, interactive && query === null && !!selected, (text) => {
    setOpen(true);
    setQuery(text);
    setActive(0);
  });
  // `pick` stays the same function across renders (callers often pass inline onChange), so
  // memoised rows re-render only when their own props change: arrow keys touch two rows, not 300.
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  const pick = useCallback((option: ComboboxOption) => {
    setOpen(false);
    setQuery(null);
    setActive(-1);
    if (option.value !== latest.current.value) latest.current.onChange(option.value);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!interactive) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openAll();
      if (!shown.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) =>
        a < 0 ? (step > 0 ? 0 : shown.length - 1) : (a + step + shown.length) % shown.length,
      );
    } else if (e.key === 'Enter' && activeEntry) {
      e.preventDefault(); // the choice, not a form submit
      pick(activeEntry.option);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation(); // closing the popup must not also close a dialog around the widget
      close();
    }
  };

  return (
    <div className={cx('rc-field', className)}>
      <label className={hideLabel ? 'rc-sr-only' : 'rc-label'} htmlFor={inputId} id={`${auto}-label`}>
        {label}
      </label>
      <div className={cx('rc-control', error && 'rc-control--invalid', disabled && 'rc-control--disabled')}>
        {withIcons && selected && query === null && (
          <CurrencyIcon src={selected.icon} label={selected.label} size="sm" />
        )}
        <span className="rc-combobox__box">
          <input
            id={inputId}
            className={cx('rc-input', shownOption && 'rc-input--covered')}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeEntry ? optionId(activeEntry) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={cx(help ? `${auto}-help` : null, error && `${auto}-error`) || undefined}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={placeholder ?? t('field.placeholder')}
            disabled={disabled}
            readOnly={readOnly}
            value={query ?? selected?.label ?? ''}
            onChange={(e) => {
              setOpen(true);
              setQuery(e.target.value);
              setActive(0);
            }}
            ref={inputRef}
            onFocus={replacing.onFocus}
            onClick={(e) => {
              replacing.onClick(e);
              if (interactive && !open) openAll();
            }}
            onKeyDown={onKeyDown}
            onBlur={close}
          />
          {shownOption && (
            // An input cannot wrap: the selection is shown over it (wrapping between words, or its
            // short form, each line cut with an ellipsis where it cannot fit) until the input has
            // focus; the input's text stays the accessible value, shown whole once it has focus.
            <span className="rc-combobox__shown" aria-hidden="true">
              {shownOption.short ? (
                <>
                  <span className="rc-combobox__line">{shownOption.short.text}</span>
                  {shownOption.short.note && (
                    <span className="rc-combobox__line rc-combobox__note">{shownOption.short.note}</span>
                  )}
                </>
              ) : (
                shownOption.label
              )}
            </span>
          )}
        </span>
        <span className="rc-chevron" aria-hidden="true" />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={`${auto}-label`}
        className="rc-listbox"
        hidden={!open || !shown.length}
        // Keep focus in the input when clicking an option or the scrollbar.
        onMouseDown={(e) => e.preventDefault()}
      >
        {open &&
          shown.map((entry, pos) => (
            <OptionRow
              key={entry.option.value}
              option={entry.option}
              id={optionId(entry)}
              active={pos === active}
              current={entry.option.value === value}
              withIcon={withIcons}
              onPick={pick}
            />
          ))}
      </ul>
      {open && !shown.length && (
        <div className="rc-empty" role="status">
          {t('field.noMatches')}
        </div>
      )}
      {help && (
        <p className="rc-help" id={`${auto}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="rc-error" id={`${auto}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface OptionRowProps {
  option: ComboboxOption;
  id: string;
  active: boolean;
  current: boolean;
  withIcon: boolean;
  onPick: (option: ComboboxOption) => void;
}

const OptionRow = memo(function OptionRow({
  option: o,
  id,
  active,
  current,
  withIcon,
  onPick,
}: OptionRowProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      // With a description the visible text holds more than the name; the description stays reachable.
      aria-label={o.description ? o.label : undefined}
      aria-describedby={o.description ? `${id}-d` : undefined}
      className={cx('rc-option', current && 'rc-option--current')}
      onClick={() => onPick(o)}
    >
      {withIcon && <CurrencyIcon src={o.icon} label={o.label} size="sm" />}
      <span className="rc-option__text">
        <span>{o.label}</span>
        {o.description && (
          <span className="rc-option__desc" id={`${id}-d`}>
            {o.description}
          </span>
        )}
      </span>
    </li>
  );
});
