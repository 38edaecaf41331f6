// What runs a checkout, apart from showing it: the data of the current choices, computed once and
// synced into the machine. Its first requests leave from the widget's first commit; the screens
// render from the next one, so no request waits for the screens' first render (the order screen is
// the costliest render of a checkout).
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import {
  CheckoutDataProvider,
  useCheckoutDataSource,
  useCheckoutState,
  useCheckoutSync,
  useHost,
  useSend,
} from './steps';

export function CheckoutRuntime({ children }: { children?: ReactNode }) {
  const state = useCheckoutState();
  const send = useSend();
  const host = useHost();
  const data = useCheckoutDataSource(state, host);
  useCheckoutSync(state, data, send, host);
  const [started, setStarted] = useState(false);
  // The second render is the point: it comes after this commit's effects have sent the requests.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setStarted(true), []);
  return <CheckoutDataProvider value={data}>{started && children}</CheckoutDataProvider>;
}
