// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountField } from './AmountField';
import { TextField } from './TextField';

function Amount({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <AmountField
      label="Amount"
      suffix="USD"
      help="Between $20.00 and $5,000.00"
      value={value}
      onChange={setValue}
      error={error}
    />
  );
}

describe('AmountField', () => {
  it('is a decimal textbox named "Amount", described by its currency and limits', async () => {
    const user = userEvent.setup();
    render(<Amount />);
    const box = screen.getByRole('textbox', { name: 'Amount' });
    expect(box).toHaveAttribute('inputmode', 'decimal');
    expect(box).not.toHaveAttribute('aria-invalid');
    expect(box).toHaveAccessibleDescription('USD Between $20.00 and $5,000.00');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(box, '12.5');
    expect(box).toHaveValue('12.5');
  });

  it('marks the field invalid and announces the error, linked by aria-describedby', () => {
    render(<Amount error="The minimum is $20.00" />);
    const box = screen.getByRole('textbox', { name: 'Amount' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The minimum is $20.00');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(box).toHaveAccessibleDescription(/The minimum is \$20\.00$/);
  });
});

describe('TextField', () => {
  it('is a textbox named by its label, passing input attributes through', async () => {
    const user = userEvent.setup();
    function Wallet() {
      const [v, setV] = useState('');
      return (
        <TextField
          label="Wallet address"
          value={v}
          onChange={setV}
          mono
          spellCheck={false}
          help="Your ETH address"
        />
      );
    }
    render(<Wallet />);
    const box = screen.getByRole('textbox', { name: 'Wallet address' });
    expect(box).toHaveAttribute('spellcheck', 'false');
    expect(box).toHaveAccessibleDescription('Your ETH address');
    await user.type(box, '0xabc');
    expect(box).toHaveValue('0xabc');
  });
});
