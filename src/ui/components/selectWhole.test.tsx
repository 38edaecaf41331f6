// @vitest-environment jsdom
// A value the shopper did not type is selected whole when the field is focused or pressed, also in an
// engine that places the caret after the click has been dispatched (WebKit): simulated here by moving
// the caret once the click's handlers have run, as WebKit does. The real engines: e2e/engines.
import { fireEvent, render, screen } from '@testing-library/react';
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

function Amount({ replaceable }: { replaceable: boolean }) {
  const [value, setValue] = useState('100');
  return <TextField label="Amount" value={value} onChange={setValue} replaceable={replaceable} />;
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
});
