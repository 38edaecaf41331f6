// State → screen: the machine's steps grouped into screens (order → wallet → review → status), one
// exhaustive switch; the screens hold no flow rules of their own.
// The data comes from the CheckoutRuntime around it.
import { useEffect, useRef, useState } from 'react';
import type { Screen as ScreenName } from '../checkout';
import { screenOf } from '../checkout';
import {
  BackContext,
  LaunchStep,
  NavigatedContext,
  OrderScreen,
  StatusStep,
  WalletStep,
  useCheckoutData,
  useCheckoutState,
  useHost,
  usePageHistory,
} from './steps';

function Screen({ screen }: { screen: ScreenName }) {
  switch (screen) {
    case 'order':
      return <OrderScreen />;
    case 'wallet':
      return <WalletStep />;
    case 'review':
      return <LaunchStep />;
    case 'status':
      return <StatusStep />;
    default: {
      const unknown: never = screen;
      throw new Error(`ramp-checkout: no screen ${String(unknown)}`);
    }
  }
}

export function CheckoutScreen() {
  const state = useCheckoutState();
  const host = useHost();
  const data = useCheckoutData();

  // Focus follows navigation (the new screen's title), never the first render.
  const screen = screenOf(state.step);
  const [shown, setShown] = useState({ screen, navigated: false });
  if (shown.screen !== screen) setShown({ screen, navigated: true });
  const back = usePageHistory(screen);

  // Ready once the first screen can show its data (or a restored status screen is up).
  const ready = data.discovery.bootstrap.isSettled || state.step === 'status';
  const announced = useRef(false);
  useEffect(() => {
    if (!ready || announced.current) return;
    announced.current = true;
    host.onSignal({ type: 'ready' });
  }, [ready, host]);

  return (
    <NavigatedContext.Provider value={shown.navigated}>
      <BackContext.Provider value={back}>
        <Screen key={screen} screen={screen} />
      </BackContext.Provider>
    </NavigatedContext.Provider>
  );
}
