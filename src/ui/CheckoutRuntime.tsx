// What runs a checkout, apart from showing it: the data of the current choices, computed once, the
// choices its lists imply sent to the machine, and what it says reported to the host. Its first requests leave from the widget's first commit; the screens
// render once the first data is in or a moment has passed, so no request waits for the screens'
// first render (the order screen is the costliest render of a checkout), and a preloaded answer is
// shown by that render rather than by a second one.
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import {
  CheckoutDataProvider,
  useCheckoutDataSource,
  useCheckoutState,
  useDataReports,
  useHost,
  useListDefaults,
} from './steps';
import { startNumberFormatting } from './format/intl';
import { useTranslator } from './i18n';

/** How long the screens wait for the first data before they render without it (placeholders). */
export const FIRST_DATA_WAIT_MS = 150;

export function CheckoutRuntime({ children }: { children?: ReactNode }) {
  const state = useCheckoutState();
  const host = useHost();
  const data = useCheckoutDataSource(state, host);
  useListDefaults(data, host);
  useDataReports(data, host);
  // A later render is the point: it comes after this commit's effects have sent the requests. It
  // waits a moment for the first data, often on its way already (the hosted page preloads it), so
  // the screens' first render shows it rather than placeholders it replaces a render later. Once
  // shown, the screens stay (a new direction's data is on its way again).
  const [started, setStarted] = useState(false);
  const settled = data.discovery.bootstrap.isSettled;
  if (settled && !started) setStarted(true);
  useEffect(() => {
    if (started) return;
    const timer = setTimeout(() => setStarted(true), FIRST_DATA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [started]);
  // While the first data is on its way (the requests above have left): a page's first number format
  // starts the browser's ICU (about 170 ms on a slow phone, 2 ms each after), paid here rather than
  // in the screens' first render.
  const { locale } = useTranslator();
  useEffect(() => startNumberFormatting(locale), [locale]);
  return <CheckoutDataProvider value={data}>{started && children}</CheckoutDataProvider>;
}
