// The browser's Back between the checkout's screens, where the checkout is the whole page (the
// hosted page): each screen after the first is a history entry, the browser's Back goes to the
// previous screen the way the widget's own Back does, Forward to the next one the way Continue does
// (when its questions are still answered), and the widget's Back goes through the browser's history
// so the two never disagree. The machine decides what Back may do: after the
// hand-off nothing goes back, and the entry is left as it is.
import { useCallback, useEffect, useRef } from 'react';
import type { Screen } from '../../checkout';
import { SCREENS, canGoBackScreen, screenOf } from '../../checkout';
import { useCheckoutStore, useHost } from './context';
import { useCheckoutData, useSend } from './data';

const KEY = 'rampCheckoutScreen';
const order = (screen: Screen) => SCREENS.indexOf(screen);
/** The screen this history entry was pushed for (the entry the page loaded on: none, the first). */
const entryScreen = (): Screen | undefined => (history.state as Record<string, Screen> | null)?.[KEY];

/** Keeps the page's history in step with `screen`; returns what the widget's Back button does. */
export function usePageHistory(screen: Screen): () => void {
  const { pageHistory, now } = useHost();
  const store = useCheckoutStore();
  const send = useSend();
  const { facts } = useCheckoutData();
  const shown = useRef(screen);

  useEffect(() => {
    if (!pageHistory) return;
    const from = shown.current;
    shown.current = screen;
    // Forward (not to the status screen, which nothing leaves by Back): an entry of its own.
    if (order(screen) > order(from) && screen !== 'status' && entryScreen() !== screen)
      history.pushState({ ...(history.state as object | null), [KEY]: screen }, '');
  }, [pageHistory, screen]);

  useEffect(() => {
    if (!pageHistory) return;
    const onPop = () => {
      const target = order(entryScreen() ?? SCREENS[0]!);
      const here = () => store.getState().state;
      // Back until the entry's screen, as far as the machine allows.
      for (let guard = SCREENS.length; guard > 0; guard--) {
        const state = here();
        if (order(screenOf(state.step)) <= target || !canGoBackScreen(state, facts)) break;
        send({ type: 'BACK_SCREEN' });
      }
      // Forward: Continue until the entry's screen, as far as the answers still hold (never the hand-off).
      for (let guard = SCREENS.length; guard > 0; guard--) {
        const state = here();
        if (order(screenOf(state.step)) >= target || state.step === 'launch') break;
        send({ type: 'CONTINUE_SCREEN', at: now() });
        if (here() === state) break;
      }
      shown.current = screenOf(here().step);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [pageHistory, store, send, facts, now]);

  return useCallback(() => {
    // Through the browser only when this screen is an entry we made; else (a reload onto it) directly.
    if (pageHistory && entryScreen() === screenOf(store.getState().state.step)) history.back();
    else send({ type: 'BACK_SCREEN' });
  }, [pageHistory, store, send]);
}
