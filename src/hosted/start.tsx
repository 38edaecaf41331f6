// Wires the hosted page: URL → options (or the error page), the framing parent's bridge, the page
// theme, and the React root. Returns a function that undoes it (tests; a page never calls it).
import { useEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { RampCheckoutEvent } from '../widget/events';
import { loadCatalog, loadedCatalog, negotiateLanguage } from '../ui/i18n';
import { createParentBridge, isFramed } from './bridge';
import { earlyEdits } from './earlyInput';
import type { ParentBridge } from './bridge';
import { applyUpdate, readHostedConfig } from './hostedConfig';
import { ConfigErrorPage, HostedCheckout } from './HostedPage';
import { readFirstData } from './firstData';
import { RENDERED_MARK } from '../api/first-screen';
import { createOptionsStore } from './optionsStore';
import { applyPageLocale } from './pageLocale';
import { checkoutLocale } from '../widget/locale';
import { applyPageTheme } from './pageTheme';

export function startHostedPage(
  win: Window,
  container: Element,
  search: string = win.location.search,
): () => void {
  const config = readHostedConfig(search);
  const doc = win.document;

  if (!config.ok) {
    const root = createRoot(container);
    doc.title = 'Checkout link error';
    applyPageTheme(doc, undefined);
    console.error(`ramp-checkout: the page's query string is invalid:\n- ${config.issues.join('\n- ')}`);
    root.render(<ConfigErrorPage issues={config.issues} />);
    return () => root.unmount();
  }

  const store = createOptionsStore(config.options);
  // A first screen the server rendered is in the language it chose from the request's Accept-Language
  // (its <html lang>): the page keeps it, so the browser's own list, which can differ, does not make
  // React render the screen afresh.
  const rendered = container.hasAttribute(RENDERED_MARK);
  const languages = rendered && doc.documentElement.lang ? [doc.documentElement.lang] : undefined;
  const applyPage = () => {
    applyPageTheme(doc, store.get().theme);
    applyPageLocale(doc, store.get(), languages);
  };
  applyPage();
  const unsubscribe = store.subscribe(applyPage);

  const framed = isFramed(win);
  const bridge: ParentBridge | null =
    config.parentOrigin && framed
      ? createParentBridge({
          win,
          parentOrigin: config.parentOrigin,
          onUpdate(update) {
            const result = applyUpdate(store.get(), update);
            if (result.ok) return store.set(result.options);
            const message = `Invalid options update: ${result.issues.join('; ')}`;
            console.error(`ramp-checkout: ${message}`);
            bridge?.post({ type: 'error', code: 'INVALID_OPTIONS', message });
          },
        })
      : null;
  if (framed && !bridge) {
    console.warn('ramp-checkout: framed without ?parentOrigin=…, so no events are posted to the parent page');
  }

  const onEvent = bridge ? (event: RampCheckoutEvent) => bridge.post(event) : undefined;
  const page = (
    <HostedCheckout
      store={store}
      onEvent={onEvent}
      apiBaseUrl={serverApiBase(doc)}
      firstBootstrap={readFirstData(doc)}
      {...(languages ? { languages } : {})}
    />
  );
  let root: Root | undefined;
  let stopped = false;
  if (rendered) {
    // The screen is in the page's language: its words first (English is here), then the screen is
    // taken over as it is, once the browser has painted it: taking it over is the page's longest task
    // (about 0.4 s on a slow phone), and the price must not wait for it.
    const language = negotiateLanguage(checkoutLocale(store.get(), languages));
    const take = () =>
      requestAnimationFrame(() => setTimeout(() => void (stopped || (root = hydrate(container, page)))));
    if (loadedCatalog(language)) take();
    else void loadCatalog(language).then(take);
  } else (root = createRoot(container)).render(page);
  return () => {
    stopped = true;
    bridge?.dispose();
    unsubscribe();
    root?.unmount();
  };
}

/**
 * Takes over the first screen the server rendered (the same tree, from the same URL and first data),
 * then plays again what the shopper typed or picked on it meanwhile. Where the browser's first render
 * differs (a checkout in progress restored from this tab, choices remembered on this device), React
 * renders it afresh, and the mark says so.
 */
function hydrate(container: Element, page: ReactElement): Root {
  const edits = earlyEdits(container);
  const replay = () => edits.forEach((edit) => edit());
  return hydrateRoot(container, <Hydrated onHydrated={replay}>{page}</Hydrated>, {
    onRecoverableError: () => container.setAttribute(RENDERED_MARK, 'replaced'),
  });
}

/** Renders nothing of its own (the markup stays the server's); tells once the page has taken over. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(() => onHydrated(), [onHydrated]);
  return children;
}

/**
 * The proxy beside the page: the page is served at the server's root or under the path it is
 * mounted at (`/ramp/`, `/ramp/index.html`), and the API is `api/ramp` relative to it.
 */
export const serverApiBase = (doc: Document): string => new URL('api/ramp', doc.baseURI).pathname;
