import { useTranslator } from '../i18n/context';
import { TextField, type TextFieldProps } from './TextField';

export interface AmountFieldProps extends Omit<TextFieldProps, 'suffix' | 'mono' | 'type'> {
  /** Currency code shown after the input. */
  currency?: string;
  /** Formatted limits (e.g. "$20.00"): the help text says them unless `help` is given. */
  min?: string;
  max?: string;
}

/** A decimal amount as the user typed it (a string: parsing and limits belong to the caller). */
export function AmountField({ currency, min, max, help, ...props }: AmountFieldProps) {
  const t = useTranslator();
  const limits =
    min && max ? t('field.amountRange', { min, max }) : min ? t('field.amountMin', { min }) : undefined;
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...props}
      help={help ?? limits}
      suffix={currency}
    />
  );
}
