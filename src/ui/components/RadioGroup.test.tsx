// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup, type RadioOption } from './RadioGroup';
import { SegmentedControl } from './SegmentedControl';

const methods: RadioOption[] = [
  { value: 'CREDIT_DEBIT_CARD', name: 'Card' },
  { value: 'APPLE_PAY', name: 'Apple Pay' },
  { value: 'ACH', name: 'Bank transfer', disabled: true },
];

function Methods({ onChange = () => {} }: { onChange?: (v: string) => void }) {
  const [value, setValue] = useState<string>();
  return (
    <RadioGroup
      label="Payment method"
      options={methods}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('RadioGroup', () => {
  it('is a radiogroup named by its label, with radios named by their label text', () => {
    render(<Methods />);
    const group = screen.getByRole('radiogroup', { name: 'Payment method' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(
      methods.map((m) => m.value),
    );
    expect(screen.getByRole('radio', { name: 'Card' })).not.toHaveAttribute('aria-label');
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).toBeDisabled();
    expect(group).toContainElement(screen.getByRole('radio', { name: 'Apple Pay' }));
  });

  it('selects by click and by arrow keys (native radios)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Methods onChange={onChange} />);
    await user.click(screen.getByText('Card'));
    expect(screen.getByRole('radio', { name: 'Card' })).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Apple Pay' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card' })).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([['CREDIT_DEBIT_CARD'], ['APPLE_PAY']]);
  });

  it('keeps the given name for radios with rich content, described by that content', () => {
    render(
      <RadioGroup
        label="Quotes"
        value="BANXA"
        onChange={() => {}}
        options={[
          { value: 'BANXA', name: 'Banxa, you get 0.001 BTC' },
          { value: 'TRANSAK', name: 'Transak, you get 0.0009 BTC' },
        ]}
        render={(o, checked) => (
          <span>
            {o.value} {checked ? '(chosen)' : ''} Fees: 4 USD
          </span>
        )}
      />,
    );
    const banxa = screen.getByRole('radio', { name: 'Banxa, you get 0.001 BTC' });
    expect(banxa).toBeChecked();
    expect(banxa).toHaveAccessibleDescription('BANXA (chosen) Fees: 4 USD');
    expect(screen.getByRole('radio', { name: /^Transak/ })).not.toBeChecked();
  });
});

describe('SegmentedControl', () => {
  it('is the Direction radiogroup with Buy and Sell', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <SegmentedControl
        label="Direction"
        value="buy"
        onChange={onChange}
        options={[
          { value: 'buy', label: 'Buy' },
          { value: 'sell', label: 'Sell' },
        ]}
      />,
    );
    screen.getByRole('radiogroup', { name: 'Direction' });
    expect(screen.getByRole('radio', { name: 'Buy' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('sell');
  });
});
