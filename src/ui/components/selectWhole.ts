/**
 * Selects an input's whole value so that the next keystroke replaces it: for a value the shopper did
 * not type (a picker's choice, the checkout's default amount, the "You get" figure). WebKit places
 * the caret after a pointer's click has been dispatched, undoing a selection made in the focus or
 * click handler; so after a press the selection is made again once the click has been handled,
 * unless the shopper has typed or moved focus by then.
 */
export function selectWhole(input: HTMLInputElement, { afterPress = false } = {}): void {
  const value = input.value;
  const select = () => {
    const root = input.getRootNode() as Document | ShadowRoot;
    if (root.activeElement === input && input.value === value) input.setSelectionRange(0, value.length);
  };
  select();
  if (afterPress) setTimeout(select, 0);
}
