// What runs a checkout, apart from showing it: the data of the current choices, computed once and
// synced into the machine. It runs from the moment the widget mounts, while the screens' code (a
// chunk of its own in the widget) may still be on its way, so no request ever waits for the view.
import type { ReactNode } from 'react';
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
  return <CheckoutDataProvider value={data}>{children}</CheckoutDataProvider>;
}
