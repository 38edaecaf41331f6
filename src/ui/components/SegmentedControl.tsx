import { RadioGroup } from './RadioGroup';

export interface SegmentedControlProps<V extends string = string> {
  /** The radiogroup's name, e.g. "Direction". */
  label: string;
  /** Each segment's label is also its radio's name, e.g. "Buy", "Sell". */
  options: readonly { value: V; label: string; disabled?: boolean }[];
  value?: V;
  onChange: (value: V) => void;
  /** @default true (the segments say what they are) */
  hideLabel?: boolean;
  disabled?: boolean;
  className?: string;
}

export function SegmentedControl<V extends string = string>({
  options,
  hideLabel = true,
  ...props
}: SegmentedControlProps<V>) {
  return (
    <RadioGroup
      {...props}
      variant="segmented"
      hideLabel={hideLabel}
      options={options.map((o) => ({ value: o.value, name: o.label, disabled: o.disabled }))}
    />
  );
}
