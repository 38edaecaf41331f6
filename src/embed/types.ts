// The script-tag embed's public surface: `window.RampCheckout`, callable like the queue stub and
// carrying `mount`. Merchants and e2e tests drive it through exactly these names; the package exports
// these types (src/index.ts), and leaves `Window` alone (window.d.ts types it for this project only).
import type { RampCheckoutOptions } from '../widget/config';

/** One mounted checkout. */
export interface RampCheckoutHandle {
  /** Unmounts the widget and removes its host element. Calling it again does nothing. */
  unmount(): void;
  /**
   * Merges `partial` into the current options, validates them again and applies them. Those a running
   * checkout takes (walletAddress and its lock, direction, amount, locale, defaultLocale, messages,
   * theme, redirectUrl, launch, onEvent) apply in place, keeping the shopper's progress; any other
   * starts the checkout over. An invalid update throws an OptionsError and the widget keeps its current
   * options (a language it cannot speak is said, not thrown: the shopper gets theirs).
   */
  update(partial: Partial<RampCheckoutOptions>): void;
}

/** A target: an element, or a CSS selector for one. */
export type MountTarget = Element | string;

/** The commands the queue stub can record and the loaded script runs. */
export type RampCheckoutCommand =
  | [command: 'mount', target: MountTarget, options?: RampCheckoutOptions, callback?: MountCallback]
  | [command: 'unmount', target: MountTarget]
  | [command: 'ready', callback: (api: RampCheckoutGlobal) => void];

export type MountCallback = (handle: RampCheckoutHandle) => void;

export interface RampCheckoutGlobal {
  /** `RampCheckout('mount', el, options, callback?)` → the handle (also passed to callback). */
  (
    command: 'mount',
    target: MountTarget,
    options?: RampCheckoutOptions,
    callback?: MountCallback,
  ): RampCheckoutHandle;
  /** Unmounts whatever this script mounted in `target`. */
  (command: 'unmount', target: MountTarget): void;
  /** Calls back once the script has loaded (at once when it has). */
  (command: 'ready', callback: (api: RampCheckoutGlobal) => void): void;
  mount(target: MountTarget, options?: RampCheckoutOptions): RampCheckoutHandle;
  unmount(target: MountTarget): void;
  /** True once the real script has replaced the stub. */
  readonly loaded: true;
  /** The apiBaseUrl used when options give none: the script's own origin + '/api/ramp'. */
  readonly defaultApiBaseUrl: string;
}

/** What the queue stub leaves on `window.RampCheckout` before the script loads. */
export interface RampCheckoutStub {
  (...args: unknown[]): void;
  q?: ArrayLike<unknown>[];
}
