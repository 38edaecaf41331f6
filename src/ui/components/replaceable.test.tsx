// @vitest-environment jsdom
// A value the shopper did not type is selected whole when the field is focused or pressed, also in an
// engine that places the caret after the click has been dispatched (WebKit): simulated here by moving
// the caret once the click's handlers have run, as WebKit does; and the first keystroke replaces it
// wherever the caret is. The real engines: e2e/engines.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Combobox } from './Combobox';
import { TextField } from './TextField';

/** A press as WebKit handles it: focus, click, then the caret placed where the pointer was. */
function pressLikeWebKit(input: HTMLInputElement, caret: number) {
  input.focus();
  fireEvent.click(input);
  input.setSelectionRange(caret, caret);
}

const selection = (input: HTMLInputElement) => [input.selectionStart, input.selectionEnd];

/** An amount the checkout set ('100'), the shopper's once they typed (as OrderScreen's). */
function Amount({ replaceable }: { replaceable: boolean }) {
  const [value, setValue] = useState('100');
  const [typed, setTyped] = useState(false);
  const change = (v: string) => {
    setValue(v);
    setTyped(true);
  };
  return <TextField label="Amount" value={value} onChange={change} replaceable={replaceable && !typed} />;
}

describe('a value the shopper did not type', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is selected whole after a press, once the engine has placed its caret', () => {
    render(<Amount replaceable />);
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    pressLikeWebKit(box, 3);
    expect(selection(box)).toEqual([3, 3]);
    vi.runAllTimers();
    expect(selection(box)).toEqual([0, 3]);
  });

  it('is selected whole on focus from the keyboard', () => {
    render(<Amount replaceable />);
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    box.setSelectionRange(3, 3);
    box.focus();
    expect(selection(box)).toEqual([0, 3]);
  });

  it('is left as it is once the shopper typed or left the field before the press was handled', () => {
    render(<Amount replaceable />);
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    pressLikeWebKit(box, 3);
    fireEvent.change(box, { target: { value: '1005' } });
    box.setSelectionRange(4, 4);
    vi.runAllTimers();
    expect(selection(box)).toEqual([4, 4]);

    pressLikeWebKit(box, 2);
    box.blur();
    vi.runAllTimers();
    expect(selection(box)).toEqual([2, 2]);
  });

  it("is the shopper's own once typed: a press then leaves the caret where it lands", () => {
    render(<Amount replaceable={false} />);
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    pressLikeWebKit(box, 1);
    vi.runAllTimers();
    expect(selection(box)).toEqual([1, 1]);
  });

  it("is a picker's shown choice: selected whole after a press", () => {
    render(
      <Combobox
        label="State"
        options={[{ value: 'US-CA', label: 'California (US-CA)' }]}
        value="US-CA"
        onChange={() => {}}
      />,
    );
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: 'State' });
    pressLikeWebKit(box, 11);
    vi.runAllTimers();
    expect(selection(box)).toEqual([0, 'California (US-CA)'.length]);
  });

  it('is replaced by the first keystroke wherever the caret landed, a picker’s and an amount’s', () => {
    render(
      <>
        <Amount replaceable />
        <Combobox
          label="State"
          options={[
            { value: 'US-CA', label: 'California (US-CA)' },
            { value: 'US-NY', label: 'New York (US-NY)' },
          ]}
          value="US-CA"
          onChange={() => {}}
        />
      </>,
    );
    const type = (input: HTMLInputElement, data: string) => {
      const e = new InputEvent('beforeinput', {
        inputType: 'insertText',
        data,
        cancelable: true,
        bubbles: true,
      });
      act(() => void input.dispatchEvent(e));
      return e.defaultPrevented;
    };
    const amount = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    act(() => amount.focus());
    amount.setSelectionRange(3, 3);
    expect(type(amount, '2')).toBe(true);
    expect(amount).toHaveValue('2');
    // Now the shopper's own: typed as any text is.
    expect(type(amount, '5')).toBe(false);

    const state = screen.getByRole<HTMLInputElement>('combobox', { name: 'State' });
    act(() => state.focus());
    state.setSelectionRange(11, 11);
    expect(type(state, 'N')).toBe(true);
    expect(state).toHaveValue('N');
    expect(state).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('New York (US-NY)');
  });

  it("is the shopper's to edit once they place the caret themselves; a paste replaces it like typing", () => {
    render(<Amount replaceable />);
    const amount = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    const input = (inputType: string, data: string | null) => {
      const e = new InputEvent('beforeinput', { inputType, data, cancelable: true, bubbles: true });
      act(() => void amount.dispatchEvent(e));
      return e.defaultPrevented;
    };
    act(() => amount.focus());
    expect(input('insertFromPaste', '250')).toBe(true);
    expect(amount).toHaveValue('250');

    cleanup();
    render(<Amount replaceable />);
    const again = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    act(() => again.focus());
    fireEvent.keyDown(again, { key: 'End' });
    const e = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: '0',
      cancelable: true,
      bubbles: true,
    });
    act(() => void again.dispatchEvent(e));
    // Not replaced: the engine appends where the shopper put the caret ("1000").
    expect(e.defaultPrevented).toBe(false);
  });
});
