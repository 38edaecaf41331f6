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

/** Keys with which the shopper places the caret themselves: from then on their typing goes there. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * While `replaceable`, the input's value is the checkout's, not the shopper's: `replace` receives
 * what their first keystroke, paste or drop brings ('' for a deletion), from focus or a press until
 * they place the caret themselves (arrow keys, Home, End); a composition (an IME) starts over the
 * whole value. Spread the handlers on the input.
 */
export function useReplaceable(
  input: RefObject<HTMLInputElement | null>,
  replaceable: boolean,
  replace: (text: string) => void,
) {
  const latest = useRef({ replaceable, replace });
  const armed = useRef(false);
  useEffect(() => {
    latest.current = { replaceable, replace };
  });
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const live = () => latest.current.replaceable && armed.current;
    const before = (e: InputEvent) => {
      if (!live() || e.isComposing) return;
      const brought =
        e.inputType === 'insertFromPaste' || e.inputType === 'insertFromDrop'
          ? (e.data ?? e.dataTransfer?.getData('text/plain') ?? null)
          : e.inputType === 'insertText'
            ? e.data
            : e.inputType.startsWith('delete')
              ? ''
              : null;
      if (brought === null) return;
      e.preventDefault();
      armed.current = false;
      latest.current.replace(brought);
    };
    const compose = () => {
      if (!live()) return;
      armed.current = false;
      el.setSelectionRange(0, el.value.length);
    };
    const keys = (e: KeyboardEvent) => {
      if (CARET_KEYS.has(e.key)) armed.current = false;
    };
    el.addEventListener('beforeinput', before);
    el.addEventListener('compositionstart', compose);
    el.addEventListener('keydown', keys);
    return () => {
      el.removeEventListener('beforeinput', before);
      el.removeEventListener('compositionstart', compose);
      el.removeEventListener('keydown', keys);
    };
  }, [input]);
  return {
    onFocus: (e: FocusEvent<HTMLInputElement>) => {
      if (!replaceable) return;
      armed.current = true;
      selectWhole(e.currentTarget);
    },
    onClick: (e: MouseEvent<HTMLInputElement>) => {
      if (!replaceable) return;
      armed.current = true;
      selectWhole(e.currentTarget, { afterPress: true });
    },
  };
}
