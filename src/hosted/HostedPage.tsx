// The hosted page's two screens: the checkout, full page, or — when the URL is misconfigured — a page
// that lists what to fix and renders no widget.
import { useMemo, useSyncExternalStore } from 'react';
import { I18nProvider, useTranslator } from '../ui/i18n';
import { CheckoutRoot } from '../widget/RampCheckout';
import { restartKey } from '../widget/useLiveOptions';
import type { RampCheckoutEvent } from '../widget/events';
import type { RampBootstrap } from '../api/bootstrap';
import type { OptionsStore } from './optionsStore';
import { checkoutLocale } from '../widget/locale';

function PageHeading() {
  const t = useTranslator();
  return <h1 className="hp-sr-only">{t('name.widget')}</h1>;
}

export function HostedCheckout({
  store,
  onEvent,
  apiBaseUrl = '/api/ramp',
  firstBootstrap,
  languages,
}: {
  store: OptionsStore;
  onEvent?: (event: RampCheckoutEvent) => void;
  /** This server's proxy, as seen from the page (under the path the server is mounted at). */
  apiBaseUrl?: string;
  /** The first data the page came with (hosted/firstData.ts). */
  firstBootstrap?: RampBootstrap;
  /** The shopper's languages (WidgetEnv): given by the server's renderer, else the browser's. */
  languages?: readonly string[];
}) {
  const options = useSyncExternalStore(store.subscribe, store.get, store.get);
  const env = useMemo(
    () => ({ pageHistory: true, defaults: { apiBaseUrl }, ...(languages ? { languages } : {}) }),
    [apiBaseUrl, languages],
  );
  return (
    <main className="hp-main">
      {/* In the widget's language, once its catalog is here (as the widget itself). */}
      <I18nProvider locale={checkoutLocale(options, languages)}>
        <PageHeading />
      </I18nProvider>
      <div className="hp-slot">
        {/* A parent's update applies in place what a running checkout takes (the wallet, amount,
            theme…), and starts over for the rest. It is the whole page: the browser's Back moves
            between its screens. */}
        <CheckoutRoot
          key={restartKey(options)}
          options={{ ...options, onEvent, ...(firstBootstrap ? { bootstrap: firstBootstrap } : {}) }}
          env={env}
        />
      </div>
    </main>
  );
}

const EXAMPLE = '?direction=buy&cryptoCurrency=ETH&network=ETHEREUM&amount=100';

export function ConfigErrorPage({ issues }: { issues: string[] }) {
  return (
    <main className="hp-main">
      <section className="hp-card" aria-labelledby="hp-error-title">
        <h1 id="hp-error-title" className="hp-title">
          This checkout link needs fixing
        </h1>
        <div role="alert">
          <p>
            The checkout did not start: its address has{' '}
            {issues.length === 1 ? 'a setting' : `${issues.length} settings`} it cannot use.
          </p>
          <ul className="hp-issues">
            {issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </div>
        <p className="hp-hint">
          Whoever shared this link can correct the query string; a working one looks like{' '}
          <code>{EXAMPLE}</code>.
        </p>
      </section>
    </main>
  );
}
