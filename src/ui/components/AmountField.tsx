import { TextField, type TextFieldProps } from './TextField';

export type AmountFieldProps = Omit<TextFieldProps, 'mono' | 'type'>;

/** A decimal amount as the shopper typed it (a string: parsing, limits and their words are the caller's). */
export function AmountField(props: AmountFieldProps) {
  return <TextField inputMode="decimal" autoComplete="off" spellCheck={false} {...props} />;
}
