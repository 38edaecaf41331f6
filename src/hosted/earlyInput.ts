// What a shopper did to the server-rendered first screen before the page took it over (hydration):
// typed an amount, picked a radio. Hydration sets each control back to what the page renders, so the
// page notes the edits first and plays them again once it has taken over, as the shopper's own input.

/** The controls edited since the HTML was parsed, as functions that apply each edit again. */
export function earlyEdits(container: Element): (() => void)[] {
  const replays: (() => void)[] = [];
  for (const input of container.querySelectorAll('input')) {
    if (input.type === 'radio' || input.type === 'checkbox') {
      if (input.checked !== input.defaultChecked && input.checked) replays.push(() => input.click());
    } else if (input.value !== input.defaultValue) {
      const value = input.value;
      replays.push(() => typeInto(input, value));
    }
  }
  return replays;
}

/**
 * Sets an input's value as typing does, so React's onChange sees it: React notes each value it knows
 * through the element's own `value` setter (here given another one, so the typed value is news), and
 * typing sets it past that (the prototype's setter) before the `input` event.
 */
function typeInto(input: HTMLInputElement, value: string): void {
  input.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
