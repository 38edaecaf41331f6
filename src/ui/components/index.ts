export { Alert, type AlertProps } from './Alert';
export { AmountField, type AmountFieldProps } from './AmountField';
export { Button, type ButtonProps } from './Button';
export { Combobox, type ComboboxOption, type ComboboxProps } from './Combobox';
export { Countdown, type CountdownProps } from './Countdown';
export { CopyButton, type CopyButtonProps } from './CopyButton';
export { CurrencyIcon, type CurrencyIconProps } from './CurrencyIcon';
export { Layout, type LayoutProps } from './Layout';
export { QuoteCard, type QuoteCardProps } from './QuoteCard';
export { RadioGroup, type RadioGroupProps, type RadioOption } from './RadioGroup';
export { SegmentedControl, type SegmentedControlProps } from './SegmentedControl';
export { ChoicesSkeleton, FieldSkeleton, SkeletonText } from './Skeleton';
export { Spinner, type SpinnerProps } from './Spinner';
export {
  StatusTimeline,
  type StatusTimelineProps,
  type TimelineState,
  type TimelineStep,
} from './StatusTimeline';
export { StepHeader, type StepHeaderProps } from './StepHeader';
export { TextField, type TextFieldProps } from './TextField';
export { cx } from './cx';
