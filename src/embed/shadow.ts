// The embed's isolation: a host element of our own inside the merchant's element, with an open
// shadow root holding the widget and its CSS. Selectors cannot cross the boundary either way; only
// inherited properties can, so the container inside the shadow root starts from initial values.
// The host itself stays the merchant's to lay out (width, margins, flex), like any element of theirs.
import { adoptWidgetStyles } from '../ui/theme';

export const HOST_ATTRIBUTE = 'data-ramp-checkout';

export const CONTAINER_ATTRIBUTE = 'data-rc-embed';

export const RESET_CSS = `[${CONTAINER_ATTRIBUTE}] { all: initial; display: block; }`;

/** Into a fresh shadow root: the reset goes first, so the widget's own rules follow it. */
function adoptReset(shadow: ShadowRoot): void {
  if (
    'adoptedStyleSheets' in shadow &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(RESET_CSS);
    shadow.adoptedStyleSheets = [sheet, ...shadow.adoptedStyleSheets];
    return;
  }
  // Browsers without constructable stylesheets (pre-2023): a <style>, which a strict style-src blocks.
  const style = shadow.ownerDocument.createElement('style');
  style.textContent = RESET_CSS;
  shadow.prepend(style);
}

export interface ShadowMount {
  /** Our element, appended to the merchant's element. */
  host: HTMLElement;
  shadow: ShadowRoot;
  /** The element React renders into, inside the shadow root. */
  container: HTMLElement;
}

/** Appends a fresh host to `parent`, with the reset and the widget's styles adopted into its shadow root. */
export function createShadowMount(parent: Element): ShadowMount {
  const doc = parent.ownerDocument;
  const host = doc.createElement('div');
  host.setAttribute(HOST_ATTRIBUTE, '');
  const shadow = host.attachShadow({ mode: 'open' });
  adoptReset(shadow);
  adoptWidgetStyles(shadow);
  const container = doc.createElement('div');
  container.setAttribute(CONTAINER_ATTRIBUTE, '');
  shadow.append(container);
  parent.append(host);
  return { host, shadow, container };
}
