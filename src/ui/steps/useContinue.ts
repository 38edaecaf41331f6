// "Continue": moves on when the step's guard holds; otherwise the step shows what is missing.
import { useState } from 'react';
import { useCheckoutStore, useHost } from './context';

export function useContinue(): { attempted: boolean; go: () => void } {
  const store = useCheckoutStore();
  const host = useHost();
  const [attempted, setAttempted] = useState(false);
  const go = () => {
    const { state: before, send } = store.getState();
    send({ type: 'CONTINUE', at: host.now() });
    if (store.getState().state.step === before.step) setAttempted(true);
  };
  return { attempted, go };
}
