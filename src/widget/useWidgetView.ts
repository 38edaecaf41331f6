// Loads the widget's view (WidgetView.tsx, a chunk of its own) and the language it speaks.
import { useEffect, useReducer, useState } from 'react';
import { preloadLanguage } from '../ui/i18n/languages';
import type { EventEmitter } from './events';

export type WidgetView = typeof import('./WidgetView');

// The module once loaded, shared like any module: later widgets show at once.
let view: WidgetView | undefined;
let loading: Promise<WidgetView> | undefined;

function loadView(): Promise<WidgetView> {
  loading ??= import('./WidgetView').then(
    (m) => (view = m),
    (error: unknown) => {
      loading = undefined; // the next attempt fetches again
      throw error;
    },
  );
  return loading;
}

export interface ViewState {
  /** The view's module, once loaded. */
  view?: WidgetView;
  /** It could not load (a failed chunk request: offline, or a redeploy removed it). */
  failed: boolean;
  retry: () => void;
}

/** The view, loading it (and `locale`'s language) as the widget mounts; a failure is an `error` event. */
export function useWidgetView(locale: string | undefined, emit: EventEmitter['emit']): ViewState {
  const [failed, setFailed] = useState(false);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => preloadLanguage(locale), [locale]);
  useEffect(() => {
    if (view || failed) return;
    let current = true;
    loadView().then(
      () => current && loaded(),
      (error: unknown) => {
        if (!current) return;
        console.error('ramp-checkout: the checkout’s screens did not load', error);
        emit({ type: 'error', code: 'NETWORK_ERROR', message: 'The checkout’s screens did not load' });
        setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [failed, emit]);
  // Retrying clears the failure, which runs the effect again.
  return { view, failed, retry: () => setFailed(false) };
}
