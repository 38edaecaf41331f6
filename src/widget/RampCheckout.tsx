// The composition root. Per instance, in this order: options validated, then the api client,
// QueryClient, event emitter, checkout store (restored from sessionStorage when a launched checkout
// was in progress); then the view (WidgetFrame.tsx: language and theme; the screens).
// Later props are validated again and applied where they can be (useLiveOptions.ts).
// Nothing is shared between instances or with the host: its QueryClient and styles stay untouched,
// ours are adopted into the root node we render in.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  ORIGIN_NOT_ALLOWED,
  RampError,
  createRampClient,
  openingQuote,
  proxyReaders,
  withOriginCheck,
} from '../api';
import type { CheckoutStoreApi } from '../checkout';
import type { StorageLike } from '../checkout/persistence';
import { createCheckoutStore } from '../checkout';
import { REQUEST_BUDGET_MS, RampClientProvider, seedFromPage } from '../queries';
import { categoryOf } from '../api/types';
import { CheckoutRuntime } from '../ui/CheckoutRuntime';
import { CheckoutScreen } from '../ui/CheckoutScreen';
import { adoptWidgetStyles } from '../ui/theme';
import type { CheckoutHost } from '../ui/steps';
import { CheckoutProvider } from '../ui/steps';
import type { RampCheckoutOptions, ValidOptions } from './config';
import { OptionsError, optionNotices, readOptions } from './config';
import type { EventEmitter, RampCheckoutEvent } from './events';
import { createEmitter } from './events';
import type { IntentValues } from './intent';
import { applyIntent, intentConflicts, loadIntent, withIntentHeader } from './intent';
import {
  browserRegion,
  checkoutInit,
  hiddenMethods,
  persistenceKey,
  randomUuid,
  sessionStorageOrNull,
} from './setup';
import { deviceOrders } from './recentOrders';
import { choicesOf, loadRemembered, localStorageOrNull, saveRemembered } from './remember';
import { signalEvents, transitionEvents } from './transitionEvents';
import { useIsClient } from './useIsClient';
import { useLiveOptions } from './useLiveOptions';
import { checkoutLocale } from './locale';
import { InvalidOptions, WidgetFrame } from './WidgetFrame';

/** What an entry point (or a test) may set besides the options. */
export interface WidgetEnv {
  /** The api client's fetch. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Where tracking survives reloads; null: nowhere. @default sessionStorage when usable */
  storage?: StorageLike | null;
  /** Where the shopper's choices are remembered across visits; null: nowhere. @default localStorage when usable */
  local?: StorageLike | null;
  now?: () => number;
  /** Status polling pauses. @default { base: 1000, max: 5000 } */
  pollMs?: { base: number; max: number };
  /** Option defaults of the entry point (the embed: its own origin's proxy). */
  defaults?: { apiBaseUrl?: string };
  /** Nonce for the fallback <style> element under a strict CSP without constructable stylesheets. */
  styleNonce?: string;
  /** The checkout is the whole page (the hosted page): the browser's Back moves between its screens. */
  pageHistory?: boolean;
  /**
   * The shopper's languages, most preferred first (widget/locale.ts). @default the browser's
   * (the hosted page's server renderer gives its request's Accept-Language)
   */
  languages?: readonly string[];
}

/** What the `intent` option resolved to (CheckoutRoot loads it before the checkout starts). */
type IntentState = { values: IntentValues; secret: string } | { error: string } | undefined;

type Setup =
  | {
      ok: true;
      options: ValidOptions;
      store: CheckoutStoreApi;
      host: CheckoutHost;
      queryClient: QueryClient;
      client: ReturnType<typeof createRampClient>;
      reference?: string;
      /** The checkout ended (completed or failed was told). */
      ended: () => boolean;
    }
  | { ok: false; error: OptionsError };

/**
 * `intent`: what the `intent` option resolved to. `current()`: the options in force now (later props
 * applied); the host reads what may change from it.
 */
function setUp(
  raw: RampCheckoutOptions,
  env: WidgetEnv,
  emitter: EventEmitter,
  intent: IntentState,
  current: () => ValidOptions | undefined,
): Setup {
  let options: ValidOptions;
  try {
    if (intent && 'error' in intent) throw new OptionsError([`intent: ${intent.error}`]);
    options = readOptions(intent ? applyIntent(raw, intent.values) : raw, env.defaults);
  } catch (e) {
    return { ok: false, error: e instanceof OptionsError ? e : new OptionsError([String(e)]) };
  }
  const reference = intent && 'values' in intent ? intent.values.reference : undefined;
  // Completed and failed events name the merchant's order when the checkout had an intent.
  const withReference = (e: RampCheckoutEvent): RampCheckoutEvent =>
    reference !== undefined && (e.type === 'completed' || e.type === 'failed' || e.type === 'closed')
      ? { ...e, reference }
      : e;
  const storage = env.storage === undefined ? sessionStorageOrNull() : env.storage;
  // Remembered choices: only where the merchant allows it (and never for an intent's locked order).
  const device =
    options.remember && !intent ? (env.local === undefined ? localStorageOrNull() : env.local) : null;
  const remembered = loadRemembered(device);
  // The shopper's recent orders: kept where remembering is allowed, not for an intent's order (the
  // merchant keeps that history, by its customer id; and an intent's checkout is that one order).
  const now = env.now ?? Date.now;
  const orders = device ? deviceOrders(device, options.apiBaseUrl, now) : undefined;
  let rememberWallet = !!remembered.walletAddress;
  const remember = (state: ReturnType<typeof store.getState>['state']) =>
    device && saveRemembered(device, choicesOf(state, rememberWallet));
  let ended = false;
  const store = createCheckoutStore(checkoutInit(options, randomUuid(), remembered), {
    onTransition: (prev, next, event, facts) => {
      if (prev.selection !== next.selection) remember(next);
      if (orders?.onTransition(prev, next, event, facts)) ended = true;
      transitionEvents(prev, next, event, facts).forEach((e) => emitter.emit(withReference(e)));
    },
    ...(storage ? { persistence: { storage, key: persistenceKey(options) } } : {}),
  });
  // Not for an intent: its order's values come with it (the hosted page's preload skips it too).
  const opening = intent
    ? undefined
    : openingQuote({ ...options, amount: options.amount ?? options.defaultAmount });
  const host: CheckoutHost = {
    get launch() {
      return (current() ?? options).launch;
    },
    get redirectUrl() {
      return (current() ?? options).redirectUrl;
    },
    partners: options.partners,
    countryHint: options.country ?? remembered.country ?? browserRegion(),
    // From the options alone, as the hosted page's preload of it (server/http/preload.ts).
    openingQuote: opening && { direction: options.direction ?? 'buy', request: opening },
    hiddenMethods: hiddenMethods(),
    ...(orders ? { recentOrders: orders.store } : {}),
    onSignal: (signal) => {
      const told = signal.type !== 'transaction' || (orders?.onTransaction(signal) ?? true);
      (told ? signalEvents(signal, store.getState().state) : []).forEach((e) => {
        if (e.type === 'completed' || e.type === 'failed') ended = true;
        emitter.emit(withReference(e));
      });
    },
    newRunKey: randomUuid,
    now,
    pollMs: env.pollMs ?? { base: 1000, max: 5000 },
    pageHistory: env.pageHistory,
    ...(device
      ? {
          rememberWallet: {
            get on() {
              return rememberWallet;
            },
            set: (on: boolean) => {
              rememberWallet = on;
              remember(store.getState().state);
            },
          },
        }
      : {}),
  };
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false }, mutations: { retry: false } },
  });
  // The first data the server gave (the `bootstrap` option), where it answers what the first screen
  // asks for (ui/steps/data.tsx: the opening quote goes with its direction).
  const { direction } = store.getState().state.selection;
  if (options.bootstrap) {
    seedFromPage(
      options.bootstrap,
      queryClient,
      categoryOf(direction),
      host.countryHint,
      host.openingQuote?.direction === direction ? opening : undefined,
    );
  }
  const fetchFn = intent && 'secret' in intent ? withIntentHeader(env.fetch, intent.secret) : env.fetch;
  // Each call waits the server's deadline and a margin, no longer (queries/retry.ts).
  const client = createRampClient({
    baseUrl: options.apiBaseUrl,
    readers: proxyReaders,
    fetch: originChecked(options.apiBaseUrl, fetchFn),
    timeoutMs: REQUEST_BUDGET_MS,
  });
  return { ok: true, options, store, host, queryClient, client, reference, ended: () => ended };
}

/**
 * The api client's fetch, telling a CORS refusal of this page's origin from an unreachable server
 * (api/origin-check.ts). The screen says it in the shopper's words and the `error` event carries it
 * (serviceCode ORIGIN_NOT_ALLOWED) as for any failure shown; the console says it once, for developers.
 */
function originChecked(apiBaseUrl: string, fetchFn: typeof fetch | undefined): typeof fetch {
  const checked = withOriginCheck({
    baseUrl: apiBaseUrl,
    pageOrigin: globalThis.location?.origin,
    fetch: fetchFn,
  });
  let told = false;
  return async (input, init) => {
    try {
      return await checked(input, init);
    } catch (e) {
      if (!told && e instanceof RampError && e.code === ORIGIN_NOT_ALLOWED) {
        told = true;
        console.error(`ramp-checkout: ${e.message}`);
      }
      throw e;
    }
  };
}

/**
 * The widget with entry-point settings; `RampCheckout` is this with none. With the `intent` option it
 * first reads the intent's values from the host server, then starts the checkout from them.
 */
export function CheckoutRoot({ options, env = {} }: { options: RampCheckoutOptions; env?: WidgetEnv }) {
  const secret = typeof options.intent === 'string' && options.intent !== '' ? options.intent : undefined;
  const [intent, setIntent] = useState<IntentState>(undefined);
  useEffect(() => {
    if (secret === undefined) return;
    let live = true;
    let base = '/api/ramp';
    try {
      base = readOptions(options, env.defaults).apiBaseUrl;
    } catch {
      // The checkout shows what is wrong with the options.
    }
    loadIntent(base, secret, env.fetch).then(
      (values) => live && setIntent({ values, secret }),
      (e: unknown) => live && setIntent({ error: e instanceof Error ? e.message : String(e) }),
    );
    return () => void (live = false);
    // Options are read once, when the widget mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [secret]);
  if (secret !== undefined && intent === undefined) {
    return (
      <div data-rc-host="" role="region" aria-label="Crypto checkout" aria-busy="true" style={HOST_STYLE} />
    );
  }
  return <CheckoutCore options={options} env={env} intent={intent} />;
}

function CheckoutCore({
  options,
  env,
  intent,
}: {
  options: RampCheckoutOptions;
  env: WidgetEnv;
  intent: IntentState;
}) {
  // The options in force, for the host's getters (read when the shopper launches, never in render).
  const [{ emitter, setup, live }] = useState(() => {
    const e = createEmitter();
    let inForce: ValidOptions | undefined;
    const box = { get: () => inForce, set: (o: ValidOptions | undefined) => void (inForce = o) };
    return { emitter: e, setup: setUp(options, env, e, intent, box.get), live: box };
  });
  // The latest valid props, applied to the running checkout; undefined while the first ones are invalid.
  // An intent's values stay in force whatever later props say (the server enforces them anyway).
  const values = intent && 'values' in intent ? intent.values : undefined;
  const effective = values ? applyIntent(options, values) : options;
  const current = useLiveOptions(setup.ok ? setup : undefined, effective, env.defaults, emitter.emit);
  // Said, not silently dropped (at mount or changed later): an option that the intent overrides, and
  // a language the checkout cannot speak, passed over for the shopper's (widget/locale.ts). Options
  // invalid at mount are said with the rest of their problems.
  const told = [
    ...(values ? intentConflicts(options, values) : []),
    ...(setup.ok
      ? optionNotices(effective).map((n) => `${n} (left out: shoppers get their own language)`)
      : []),
  ].join('\n');
  useEffect(() => {
    if (!told) return;
    const message = `ramp-checkout: ${told}`;
    console.error(message);
    emitter.emit({ type: 'error', code: 'INVALID_OPTIONS', message });
  }, [told, emitter]);
  useLayoutEffect(() => {
    live.set(current);
  }, [live, current]);
  const root = useRef<HTMLDivElement>(null);
  // `closed`: the shopper leaves (the page goes away or the widget is removed) before the checkout
  // ends. Declared before the onEvent listener so that it is still listening at unmount.
  useLayoutEffect(() => {
    if (!setup.ok) return;
    let sent = false;
    const close = () => {
      const st = setup.store.getState().state;
      if (sent || setup.ended()) return;
      sent = true;
      const sessionId = st.tracking?.sessionId ?? st.launch.session?.id;
      emitter.emit({
        type: 'closed',
        step: st.step,
        ...(sessionId ? { sessionId } : {}),
        ...(setup.reference !== undefined ? { reference: setup.reference } : {}),
      });
    };
    globalThis.addEventListener?.('pagehide', close);
    return () => {
      globalThis.removeEventListener?.('pagehide', close);
      close();
    };
  }, [setup, emitter]);
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

  const locale = checkoutLocale(current ?? options, env.languages);
  const theme = current?.theme ?? 'auto';
  // The styles go into the root node the widget renders in, before its first paint.
  useLayoutEffect(() => {
    const node = root.current?.getRootNode();
    // A Document (9) or a ShadowRoot (11, a document fragment with a host).
    if (node && (node.nodeType === 9 || (node.nodeType === 11 && 'host' in node)))
      adoptWidgetStyles(node as Document | ShadowRoot, { nonce: env.styleNonce });
  }, [env.styleNonce]);

  const shown = (
    <WidgetFrame locale={locale} messages={current?.messages} theme={theme}>
      {setup.ok ? <CheckoutScreen /> : <InvalidOptions issues={setup.error.issues} />}
    </WidgetFrame>
  );
  return (
    <div ref={root} data-rc-host="" style={HOST_STYLE}>
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
    </div>
  );
}

/**
 * The widget's box before it runs (on the server, while an intent loads), and its least height after: the order
 * screen's height at desktop width (480 px) with its price (in English with the sandbox's offers, "You get" and
 * the offer's verification line: 1002 px for a buy in the US, its state asked, 998 px for a sell), so the page
 * does not shift when the widget hydrates or its first screen fills in, nor between screens (a merchant may set
 * `--rc-min-height` on a parent).
 */
const HOST_STYLE: CSSProperties = { minHeight: 'var(--rc-min-height, 1010px)' };

/**
 * The crypto checkout as a React component. Props are the widget's options (CONTRACTS §2). Changes
 * after mount apply to the running checkout (walletAddress and its lock, direction, amount, locale,
 * defaultLocale, messages, theme, redirectUrl, launch, onEvent); the others warn in development: give the component a new `key` to
 * start over with them. On the server (and in hydration's first pass) it renders an empty box of
 * the widget's size; the checkout runs on the client only.
 */
export function RampCheckout(props: RampCheckoutOptions) {
  return useIsClient() ? (
    <CheckoutRoot options={props} />
  ) : (
    <div data-rc-host="" data-rc-placeholder="" aria-busy="true" style={HOST_STYLE} />
  );
}
