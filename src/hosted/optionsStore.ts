// The hosted page's current options, outside React: a parent's update can arrive before the page has
// rendered, and the page theme follows the options too.
import type { RampCheckoutOptions } from '../widget/config';

export interface OptionsStore {
  get(): RampCheckoutOptions;
  set(options: RampCheckoutOptions): void;
  subscribe(listener: () => void): () => void;
}

export function createOptionsStore(initial: RampCheckoutOptions): OptionsStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(options) {
      current = options;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
