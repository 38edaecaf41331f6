// `window.RampCheckout`: a function that runs the commands the queue stub recorded before the script
// loaded, and runs later ones at once, plus `mount`/`unmount` for pages that load the script first.
//
// The stub, for a merchant's own script file (a strict CSP forbids inline script):
//   window.RampCheckout = window.RampCheckout || function () {
//     (window.RampCheckout.q = window.RampCheckout.q || []).push(arguments);
//   };
import { OptionsError } from '../widget/config';
import type { RampCheckoutOptions } from '../widget/config';
import { mountWidget, unmountTarget } from './mount';
import type { MountDefaults } from './mount';
import type {
  MountCallback,
  MountTarget,
  RampCheckoutGlobal,
  RampCheckoutHandle,
  RampCheckoutStub,
} from './types';

export function createGlobal(defaults: MountDefaults): RampCheckoutGlobal {
  const mount = (target: MountTarget, options?: RampCheckoutOptions) =>
    mountWidget(target, options, defaults);

  function run(command: unknown, ...args: unknown[]): RampCheckoutHandle | undefined {
    switch (command) {
      case 'mount': {
        const [target, options, callback] = args as [MountTarget, RampCheckoutOptions?, MountCallback?];
        const handle = mount(target, options);
        if (typeof callback === 'function') callback(handle);
        return handle;
      }
      case 'unmount':
        unmountTarget(args[0] as MountTarget);
        return undefined;
      case 'ready':
        if (typeof args[0] !== 'function')
          throw new TypeError('RampCheckout("ready", fn): fn must be a function');
        (args[0] as (api: RampCheckoutGlobal) => void)(api);
        return undefined;
      default:
        throw new Error(
          `RampCheckout: unknown command ${JSON.stringify(command)} (known: "mount", "unmount", "ready")`,
        );
    }
  }

  const api = Object.assign(run as RampCheckoutGlobal, {
    mount,
    unmount: unmountTarget,
    loaded: true as const,
    defaultApiBaseUrl: defaults.apiBaseUrl,
  });
  return api;
}

function isLoaded(value: unknown): value is RampCheckoutGlobal {
  return typeof value === 'function' && (value as Partial<RampCheckoutGlobal>).loaded === true;
}

/**
 * Installs the global and drains the stub's queue in order. A failing queued command is logged and
 * does not stop the others (nobody is there to catch it). A second copy of the script keeps the first.
 */
export function installGlobal(win: Window, defaults: MountDefaults): RampCheckoutGlobal {
  const existing = win.RampCheckout;
  if (isLoaded(existing)) return existing;
  const queue = [...((existing as RampCheckoutStub | undefined)?.q ?? [])];
  const api = createGlobal(defaults);
  win.RampCheckout = api;
  for (const args of queue) {
    try {
      (api as (...a: unknown[]) => unknown)(...Array.from(args));
    } catch (error) {
      // mount() has logged an OptionsError already, with every issue.
      if (!(error instanceof OptionsError)) console.error('RampCheckout: a queued command failed:', error);
    }
  }
  return api;
}
