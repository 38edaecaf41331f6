// "Continue": moves to the next screen when the screen's questions are answered; otherwise the
// screen shows what is missing.
import { useState } from 'react';
import { screenOf } from '../../checkout';
import { useCheckoutStore, useHost } from './context';
import { useSend } from './data';

export function useContinue(): { attempted: boolean; go: () => void } {
  const store = useCheckoutStore();
  const host = useHost();
  const send = useSend();
  const [attempted, setAttempted] = useState(false);
  const go = () => {
    const before = store.getState().state;
    send({ type: 'CONTINUE_SCREEN', at: host.now() });
    if (screenOf(store.getState().state.step) === screenOf(before.step)) setAttempted(true);
  };
  return { attempted, go };
}
