// The URL is the state: views read it, navigation writes it (pushState, so Back walks the pages
// back), and reloading or sharing the address restores the same page.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { parseConsoleUrl, serializeConsoleUrl, type ConsoleState } from './urlState';

const NAVIGATED = 'ramp-console:navigated';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

const currentSearch = () => window.location.search;

/** The address of a state, relative to the console page. */
export const consoleHref = (state: ConsoleState): string => `?${serializeConsoleUrl(state)}`;

export type Navigate = (next: ConsoleState, o?: { replace?: boolean }) => void;

export function useConsoleUrl(): [ConsoleState, Navigate] {
  const search = useSyncExternalStore(subscribe, currentSearch, () => '');
  const state = useMemo(() => parseConsoleUrl(search), [search]);

  const navigate = useCallback<Navigate>((next, o = {}) => {
    const url = `${window.location.pathname}${consoleHref(next)}`;
    if (o.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    window.dispatchEvent(new Event(NAVIGATED));
  }, []);

  // An address with rejected values is rewritten to the one of what is shown (no history entry).
  useEffect(() => {
    const canonical = serializeConsoleUrl(state);
    if (search.replace(/^\?/, '') !== canonical) {
      window.history.replaceState(
        null,
        '',
        `${window.location.pathname}?${canonical}${window.location.hash}`,
      );
      window.dispatchEvent(new Event(NAVIGATED));
    }
  }, [search, state]);

  return [state, navigate];
}
