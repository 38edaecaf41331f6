// `RampCheckout.mount(el, options)`: validates the options, renders <RampCheckout> into a shadow root
// of our own inside `el`, and hands back { unmount, update }. Each mount has its own React root, and
// the widget its own store and QueryClient, so two mounts on a page share nothing.
import { createRoot } from 'react-dom/client';
import { RampCheckout } from '../widget/RampCheckout';
import { OptionsError, readOptions } from '../widget/config';
import { restartKey } from '../widget/useLiveOptions';
import type { RampCheckoutOptions } from '../widget/config';
import { createShadowMount } from './shadow';
import type { MountTarget, RampCheckoutHandle } from './types';

export interface MountDefaults {
  apiBaseUrl: string;
}

/** The mounts of this script, by the merchant's element: mounting again into one replaces the old. */
const mounted = new WeakMap<Element, RampCheckoutHandle>();
let count = 0;

export function resolveTarget(target: MountTarget, doc: Document = document): Element {
  if (typeof target === 'string') {
    const el = doc.querySelector(target);
    if (!el) throw new Error(`RampCheckout: no element matches "${target}"`);
    return el;
  }
  if (target && typeof target === 'object' && target.nodeType === 1) return target;
  throw new Error('RampCheckout: the mount target must be an element or a CSS selector');
}

/**
 * The options as the widget takes them (readOptions), with the problems also logged: a script-tag
 * integrator may only look at the console. (A language it cannot speak the widget says itself.)
 */
function checked(options: RampCheckoutOptions, defaults: MountDefaults): RampCheckoutOptions {
  try {
    readOptions(options, defaults);
  } catch (error) {
    if (error instanceof OptionsError) console.error(error.message);
    throw error;
  }
  return { ...options, apiBaseUrl: options.apiBaseUrl ?? defaults.apiBaseUrl };
}

export function mountWidget(
  target: MountTarget,
  options: RampCheckoutOptions = {},
  defaults: MountDefaults,
): RampCheckoutHandle {
  const el = resolveTarget(target);
  let current = checked({ ...options }, defaults);
  mounted.get(el)?.unmount();

  const { host, container } = createShadowMount(el);
  // Each root in its own shadow tree already scopes ids; the prefix keeps them unique page-wide too
  // where the runtime honours it (React does; the embed's Preact ignores it, the shadow trees suffice).
  const root = createRoot(container, { identifierPrefix: `rc${++count}-` });
  // Options a running checkout takes (the wallet, amount, theme…) apply in place; others start it over.
  const render = () => root.render(<RampCheckout key={restartKey(current)} {...current} />);
  render();

  let active = true;
  const handle: RampCheckoutHandle = {
    unmount() {
      if (!active) return;
      active = false;
      root.unmount();
      host.remove();
      if (mounted.get(el) === handle) mounted.delete(el);
    },
    update(partial) {
      if (!active) {
        console.warn('RampCheckout: update() after unmount() is ignored');
        return;
      }
      current = checked({ ...current, ...partial }, defaults);
      render();
    },
  };
  mounted.set(el, handle);
  return handle;
}

/** Unmounts what this script mounted in `target`, if anything. */
export function unmountTarget(target: MountTarget): void {
  mounted.get(resolveTarget(target))?.unmount();
}
