import { useId } from 'react';
import { isCustomerId } from './urlState';

/** The "Customer ID" field of the account forms; the browser checks its shape before submitting. */
export function CustomerIdField({ id, value }: { id: string; value?: string }) {
  const hintId = useId();
  return (
    <div className="rc-field-control">
      <label htmlFor={id}>Customer ID</label>
      <input
        id={id}
        name="customerId"
        type="text"
        defaultValue={value ?? ''}
        placeholder="cus_…"
        pattern="[A-Za-z0-9_\-]{1,128}"
        autoComplete="off"
        spellCheck={false}
        aria-describedby={hintId}
      />
      <small id={hintId} className="rc-hint">
        Letters, digits, _ and -. Empty: every customer.
      </small>
    </div>
  );
}

/** The submitted customer id: '' for none, null when it is not a valid id. */
export function customerIdOf(data: FormData): string | null {
  const value = String(data.get('customerId') ?? '').trim();
  if (value === '') return '';
  return isCustomerId(value) ? value : null;
}
