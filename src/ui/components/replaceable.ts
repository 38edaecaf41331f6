// A value the shopper did not type (a picker's choice, an amount the checkout or the merchant put
// there, the "You get" figure) is replaced by their first keystroke, in every engine: it is selected
// whole on focus and once a press has been handled (what the shopper sees), and the first text typed
// or deleted replaces it wherever the engine put the caret (WebKit places it after a tap, at times
// after the selection was made: "California (New YorkUS-CA)").
import { useEffect, useRef, type FocusEvent, type MouseEvent, type RefObject } from 'react';

/** Selects an input's whole value; after a press, again once the click has been handled. */
export function selectWhole(input: HTMLInputElement, { afterPress = false } = {}): void {
  const value = input.value;
  const select = () => {
    const root = input.getRootNode() as Document | ShadowRoot;
    if (root.activeElement === input && input.value === value) input.setSelectionRange(0, value.length);
  };
  select();
  if (afterPress) setTimeout(select, 0);
}

/**
 * While `replaceable`, the input's value is the checkout's, not the shopper's: `replace` receives
 * what their first keystroke typed ('' for a deletion). Spread the handlers on the input.
 */
export function useReplaceable(
  input: RefObject<HTMLInputElement | null>,
  replaceable: boolean,
  replace: (text: string) => void,
) {
  const latest = useRef({ replaceable, replace });
  useEffect(() => {
    latest.current = { replaceable, replace };
  });
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const before = (e: InputEvent) => {
      if (!latest.current.replaceable || e.isComposing) return;
      const text = e.inputType === 'insertText' ? e.data : e.inputType.startsWith('delete') ? '' : null;
      if (text === null) return;
      e.preventDefault();
      latest.current.replace(text);
    };
    el.addEventListener('beforeinput', before);
    return () => el.removeEventListener('beforeinput', before);
  }, [input]);
  return {
    onFocus: (e: FocusEvent<HTMLInputElement>) => replaceable && selectWhole(e.currentTarget),
    onClick: (e: MouseEvent<HTMLInputElement>) =>
      replaceable && selectWhole(e.currentTarget, { afterPress: true }),
  };
}
