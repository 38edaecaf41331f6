// The frame every step screen shares: title (focused after navigation, so screen readers hear the
// new screen), progress by screens, "Back" while going back is possible, and the step's one "Continue".
import { createContext, useContext, type ReactNode } from 'react';
import { canGoBackScreen, screenProgress } from '../../checkout';
import { Button, StepHeader } from '../components';
import { useCheckoutState } from './context';
import { useTranslator } from '../i18n';

export const NavigatedContext = createContext(false);
/** What "Back" does (see usePageHistory): the machine's BACK_SCREEN, through the page's history when it has one. */
export const BackContext = createContext<() => void>(() => {});

export interface StepFrameProps {
  title: string;
  children?: ReactNode;
  /** The step's forward action; omitted on screens that move on by other means (launch, status). */
  onContinue?: () => void;
  busy?: boolean;
  /** Continue is shown but leads nowhere now (the screen says why). */
  continueDisabled?: boolean;
}

export function StepFrame({ title, children, onContinue, busy, continueDisabled }: StepFrameProps) {
  const state = useCheckoutState();
  const t = useTranslator();
  const navigated = useContext(NavigatedContext);
  const p = screenProgress(state);
  const back = useContext(BackContext);
  return (
    <div className="rc-stack">
      <StepHeader
        title={title}
        step={p?.index}
        total={p?.total}
        onBack={canGoBackScreen(state) ? back : undefined}
        focusTitle={navigated}
      />
      {children}
      {(onContinue || continueDisabled) && (
        <Button block loading={busy} disabled={continueDisabled} onClick={onContinue}>
          {t('name.continue')}
        </Button>
      )}
    </div>
  );
}
