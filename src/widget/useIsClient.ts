import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** false on the server and in hydration's first pass, true on the client: the widget renders client-side only. */
export const useIsClient = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
