// State → screen: one exhaustive switch over the step; the screens hold no flow rules of their own.
// The data comes from the CheckoutRuntime around it.
import { useEffect, useRef, useState } from 'react';
import type { Step } from '../checkout';
import {
  AmountStep,
  CountryStep,
  CurrenciesStep,
  DirectionStep,
  LaunchStep,
  NavigatedContext,
  PaymentMethodStep,
  QuotesStep,
  StatusStep,
  WalletStep,
  useCheckoutData,
  useCheckoutState,
  useHost,
} from './steps';

function StepScreen({ step }: { step: Step }) {
  switch (step) {
    case 'direction':
      return <DirectionStep />;
    case 'country':
      return <CountryStep />;
    case 'currencies':
      return <CurrenciesStep />;
    case 'paymentMethod':
      return <PaymentMethodStep />;
    case 'amount':
      return <AmountStep />;
    case 'quotes':
      return <QuotesStep />;
    case 'wallet':
      return <WalletStep />;
    case 'launch':
      return <LaunchStep />;
    case 'status':
      return <StatusStep />;
    default: {
      const unknown: never = step;
      throw new Error(`ramp-checkout: no screen for step ${String(unknown)}`);
    }
  }
}

export function CheckoutScreen() {
  const state = useCheckoutState();
  const host = useHost();
  const data = useCheckoutData();

  // Focus follows navigation (the new step's title), never the first render.
  const [shown, setShown] = useState({ step: state.step, navigated: false });
  if (shown.step !== state.step) setShown({ step: state.step, navigated: true });

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
      <StepScreen key={state.step} step={state.step} />
    </NavigatedContext.Provider>
  );
}
