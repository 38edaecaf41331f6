// The composition root. Per instance, in this order: options validated once, then the api client,
// QueryClient, event emitter, checkout store (restored from sessionStorage when a launched checkout
// was in progress); then the view (WidgetView.tsx: translator, theme, screens), loaded on demand.
// Nothing is shared between instances or with the host: its QueryClient and styles stay untouched,
// ours are adopted into the root node we render in.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { createRampClient } from '../api';
import type { CheckoutStoreApi, StorageLike } from '../checkout';
import { createCheckoutStore } from '../checkout';
import { REQUEST_BUDGET_MS, RampClientProvider } from '../queries';
import { CheckoutRuntime } from '../ui/CheckoutRuntime';
import type { CheckoutHost } from '../ui/steps';
import { CheckoutProvider } from '../ui/steps';
import type { RampCheckoutOptions, ValidOptions } from './config';
import { OptionsError, validateOptions } from './config';
import type { EventEmitter } from './events';
import { createEmitter } from './events';
import { browserRegion, checkoutInit, persistenceKey, randomUuid, sessionStorageOrNull } from './setup';
import { signalEvent, transitionEvents } from './transitionEvents';
import { useIsClient } from './useIsClient';
import { useWidgetView } from './useWidgetView';

/** What an entry point (or a test) may set besides the options. */
export interface WidgetEnv {
  /** The api client's fetch. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Where tracking survives reloads; null: nowhere. @default sessionStorage when usable */
  storage?: StorageLike | null;
  now?: () => number;
  /** Status polling pauses. @default { base: 1000, max: 5000 } */
  pollMs?: { base: number; max: number };
  /** Option defaults of the entry point (the embed: its own origin's proxy). */
  defaults?: { apiBaseUrl?: string };
  /** Nonce for the fallback <style> element under a strict CSP without constructable stylesheets. */
  styleNonce?: string;
}

type Setup =
  | {
      ok: true;
      options: ValidOptions;
      store: CheckoutStoreApi;
      host: CheckoutHost;
      queryClient: QueryClient;
      client: ReturnType<typeof createRampClient>;
    }
  | { ok: false; error: OptionsError };

function setUp(raw: RampCheckoutOptions, env: WidgetEnv, emitter: EventEmitter): Setup {
  let options: ValidOptions;
  try {
    options = validateOptions(raw, env.defaults);
  } catch (e) {
    return { ok: false, error: e instanceof OptionsError ? e : new OptionsError([String(e)]) };
  }
  const storage = env.storage === undefined ? sessionStorageOrNull() : env.storage;
  const store = createCheckoutStore(checkoutInit(options, randomUuid()), {
    onTransition: (prev, next, event) => transitionEvents(prev, next, event).forEach(emitter.emit),
    ...(storage ? { persistence: { storage, key: persistenceKey(options) } } : {}),
  });
  const host: CheckoutHost = {
    launch: options.launch,
    redirectUrl: options.redirectUrl,
    partners: options.partners,
    countryHint: options.country ?? browserRegion(),
    onSignal: (signal) => emitter.emit(signalEvent(signal, store.getState().state)),
    newRunKey: randomUuid,
    now: env.now ?? Date.now,
    pollMs: env.pollMs ?? { base: 1000, max: 5000 },
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false }, mutations: { retry: false } },
  });
  // Each call waits the server's deadline and a margin, no longer (queries/retry.ts).
  const client = createRampClient({
    baseUrl: options.apiBaseUrl,
    fetch: env.fetch,
    timeoutMs: REQUEST_BUDGET_MS,
  });
  return { ok: true, options, store, host, queryClient, client };
}

/** The widget with entry-point settings; `RampCheckout` is this with none. */
export function CheckoutRoot({ options, env = {} }: { options: RampCheckoutOptions; env?: WidgetEnv }) {
  const [{ emitter, setup }] = useState(() => {
    const e = createEmitter();
    return { emitter: e, setup: setUp(options, env, e) };
  });
  const root = useRef<HTMLDivElement>(null);
  // Layout effects run before any passive effect: the listener is in place before the first event.
  // The latest onEvent prop is the one called.
  const { onEvent } = options;
  useLayoutEffect(
    () => (typeof onEvent === 'function' ? emitter.on((event) => onEvent(event)) : undefined),
    [emitter, onEvent],
  );
  const reported = useRef(false);
  useLayoutEffect(() => {
    if (setup.ok || reported.current) return;
    reported.current = true;
    emitter.emit({ type: 'error', code: 'INVALID_OPTIONS', message: setup.error.message });
  }, [setup, emitter]);

  const locale =
    (setup.ok ? setup.options.locale : typeof options.locale === 'string' ? options.locale : undefined) ??
    globalThis.navigator?.language;
  const theme = setup.ok ? (setup.options.theme ?? 'auto') : 'auto';
  // The view (screens, texts, styles) is a chunk of its own, loaded from here; the checkout runs
  // meanwhile, so its first requests never wait for it.
  const { view, failed, retry } = useWidgetView(locale, emitter.emit);
  // Its styles go into the root node it renders in, before its first paint.
  useLayoutEffect(() => {
    const node = root.current?.getRootNode();
    // A Document (9) or a ShadowRoot (11, a document fragment with a host).
    if (view && node && (node.nodeType === 9 || (node.nodeType === 11 && 'host' in node)))
      view.adoptWidgetStyles(node as Document | ShadowRoot, { nonce: env.styleNonce });
  }, [view, env.styleNonce]);

  const shown = view && (
    <view.WidgetFrame locale={locale} theme={theme}>
      {setup.ok ? <view.CheckoutScreen /> : <view.InvalidOptions issues={setup.error.issues} />}
    </view.WidgetFrame>
  );
  return (
    <div ref={root} data-rc-host="">
      {setup.ok ? (
        <QueryClientProvider client={setup.queryClient}>
          <RampClientProvider client={setup.client}>
            <CheckoutProvider store={setup.store} host={setup.host}>
              <CheckoutRuntime>{shown}</CheckoutRuntime>
            </CheckoutProvider>
          </RampClientProvider>
        </QueryClientProvider>
      ) : (
        shown
      )}
      {failed && <ViewFailed onRetry={retry} />}
    </div>
  );
}

/** Without its view the widget has neither its texts nor its styles: plain words and a way out. */
function ViewFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p role="alert">
      The checkout could not load. Check your connection, then{' '}
      <button type="button" onClick={onRetry}>
        try again
      </button>
    </p>
  );
}

/**
 * The crypto checkout as a React component. Props are the widget's options (CONTRACTS §2), read once
 * when it mounts (`onEvent` may change). It renders on the client only: nothing on the server.
 */
export function RampCheckout(props: RampCheckoutOptions) {
  return useIsClient() ? <CheckoutRoot options={props} /> : null;
}
