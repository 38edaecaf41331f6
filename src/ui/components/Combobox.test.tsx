// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './Combobox';

const cryptos: ComboboxOption[] = [
  { value: 'BTC', label: 'BTC · Bitcoin · BITCOIN', icon: 'https://icons.test/btc.png' },
  { value: 'ETH', label: 'ETH · Ethereum · ETHEREUM' },
  { value: 'USDC_SOL', label: 'USDC · USD Coin · SOLANA' },
  { value: 'USDC_ETH', label: 'USDC · USD Coin · ETHEREUM' },
  { value: 'MXN', label: 'Peso', description: 'México' },
];

function Harness({
  initial,
  onChange = () => {},
  options = cryptos,
}: {
  initial?: string;
  onChange?: (v: string) => void;
  options?: ComboboxOption[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <Combobox
      label="Crypto currency"
      options={options}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function expectOptions(names: string[]) {
  const options = screen.queryAllByRole('option');
  expect(options).toHaveLength(names.length);
  options.forEach((o, i) => expect(o).toHaveAccessibleName(names[i]));
}

describe('Combobox', () => {
  it('is a combobox named by its visible label, collapsed, showing the selected label', () => {
    render(<Harness initial="ETH" />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('ETH · Ethereum · ETHEREUM');
    expect(screen.queryByRole('listbox')).toBeNull(); // hidden while closed
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { hidden: true }).id);
  });

  it('shows the selection in full as text that can wrap, heard once (as the value), gone while typing', async () => {
    const user = userEvent.setup();
    render(<Harness initial="USDC_SOL" />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    const shown = screen.getByText('USDC · USD Coin · SOLANA');
    expect(shown).not.toBe(box);
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    await user.type(box, 'bit');
    expect(screen.queryByText('USDC · USD Coin · SOLANA')).toBeNull();
  });

  it('compact, shows the short form over the input (the label stays the value)', async () => {
    const user = userEvent.setup();
    render(
      <Combobox
        label="Crypto currency"
        hideLabel
        options={[{ ...cryptos[2]!, short: { text: 'USDC', note: 'Solana' } }]}
        value="USDC_SOL"
        onChange={() => {}}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    expect(box).toHaveValue('USDC · USD Coin · SOLANA');
    expect(screen.getByText('Crypto currency')).toHaveClass('rc-sr-only');
    const shown = screen.getByText('USDC').parentElement!;
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown).toHaveTextContent(/^USDCSolana$/);
    await user.type(box, 'us');
    expect(screen.queryByText('Solana')).toBeNull();
  });

  it('filters case- and accent-insensitively on label, value and description', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    await user.type(box, 'usdc');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expectOptions(['USDC · USD Coin · SOLANA', 'USDC · USD Coin · ETHEREUM']);
    await user.clear(box);
    await user.type(box, 'mexico'); // description, without the accent
    expectOptions(['Peso']);
    await user.clear(box);
    await user.type(box, 'usdc_e'); // value
    expectOptions(['USDC · USD Coin · ETHEREUM']);
  });

  it('names each option by its label, with the description as its description', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Crypto currency' }));
    expect(screen.getByRole('listbox', { name: 'Crypto currency' })).toBeVisible();
    expect(screen.getByRole('option', { name: 'USDC · USD Coin · SOLANA' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Peso' })).toHaveAccessibleDescription('México');
  });

  it('moves aria-activedescendant with the arrow keys and selects with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    await user.type(box, 'usdc');
    const [sol, eth] = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', sol!.id); // first match active while typing
    expect(sol).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', eth!.id);
    await user.keyboard('{ArrowDown}'); // wraps
    expect(box).toHaveAttribute('aria-activedescendant', sol!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('USDC_ETH');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('USDC · USD Coin · ETHEREUM');
  });

  it('opens on ArrowDown with the current value active', async () => {
    const user = userEvent.setup();
    render(<Harness initial="USDC_SOL" />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    box.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(cryptos.length);
    const active = document.getElementById(box.getAttribute('aria-activedescendant')!);
    expect(active).toHaveAccessibleName('USDC · USD Coin · SOLANA');
  });

  it('typing replaces the shown selection rather than appending to it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="ETH" />);
    await user.type(screen.getByRole('combobox', { name: 'Crypto currency' }), 'btc');
    expectOptions(['BTC · Bitcoin · BITCOIN']);
  });

  it('Escape closes and restores the selected label without changing the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="BTC" onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    await user.type(box, 'eth');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('BTC · Bitcoin · BITCOIN');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('selects an option on click and keeps focus in the input', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Crypto currency' });
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'ETH · Ethereum · ETHEREUM' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('ETH');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('ETH · Ethereum · ETHEREUM');
  });

  it('says when nothing matches, and Enter then does nothing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Crypto currency' }), 'zzz{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
    expect(screen.queryByRole('option')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a fallback icon for options without one when others have icons', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('combobox', { name: 'Crypto currency' }));
    const eth = screen.getByRole('option', { name: 'ETH · Ethereum · ETHEREUM' });
    expect(eth.querySelector('[data-fallback]')).toHaveTextContent('ETH');
    expect(
      screen.getByRole('option', { name: 'BTC · Bitcoin · BITCOIN' }).querySelector('img'),
    ).toHaveAttribute('alt', '');
  });

  it('does not open when read-only or disabled', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Combobox label="Country" options={cryptos} value="BTC" onChange={() => {}} readOnly />,
    );
    const box = screen.getByRole('combobox', { name: 'Country' });
    await user.click(box);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    rerender(<Combobox label="Country" options={cryptos} value="BTC" onChange={() => {}} disabled />);
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeDisabled();
  });

  it('handles hundreds of options: filters to the matching one', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 400 }, (_, i) => ({ value: `C${i}`, label: `Coin ${i} · C${i}` }));
    const onChange = vi.fn();
    render(<Harness options={many} onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Crypto currency' }), 'coin 399{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('C399');
  });

  it('links help and error text, marking the input invalid', () => {
    render(
      <Combobox
        label="Country"
        options={cryptos}
        onChange={() => {}}
        help="Where you live"
        error="Choose one"
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Country' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Where you live Choose one');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose one');
  });
});
