// The frame every step screen shares: title (focused after navigation, so screen readers hear the
// new step), progress, "Back" while going back is possible, and the step's one "Continue".
import { createContext, useContext, type ReactNode } from 'react';
import { canGoBack, progress } from '../../checkout';
import { Button, StepHeader } from '../components';
import { useCheckoutState, useSend } from './context';
import { useText } from './useText';

export const NavigatedContext = createContext(false);

export interface StepFrameProps {
  title: string;
  children?: ReactNode;
  /** The step's forward action; omitted on screens that move on by other means (launch, status). */
  onContinue?: () => void;
  busy?: boolean;
}

export function StepFrame({ title, children, onContinue, busy }: StepFrameProps) {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const navigated = useContext(NavigatedContext);
  const p = progress(state);
  return (
    <div className="rc-stack">
      <StepHeader
        title={title}
        step={p?.index}
        total={p?.total}
        onBack={canGoBack(state) ? () => send({ type: 'BACK' }) : undefined}
        focusTitle={navigated}
      />
      {children}
      {onContinue && (
        <Button block loading={busy} onClick={onContinue}>
          {t('name.continue')}
        </Button>
      )}
    </div>
  );
}
