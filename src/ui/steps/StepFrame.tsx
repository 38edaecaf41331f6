// The frame every step screen shares: title (focused after navigation, so screen readers hear the
// new screen), progress by screens, "Back" while going back is possible, and the screen's main
// action in a footer that stays in view on a phone (sticky to the bottom of the viewport), so the
// shopper never scrolls to find it.
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { canGoBackScreen, screenProgress } from '../../checkout';
import { Button, StepHeader } from '../components';
import { useCheckoutState } from './context';
import { useCheckoutData } from './data';
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
  /** The screen's own main action(s), kept in view in place of "Continue". */
  footer?: ReactNode;
}

export function StepFrame({ title, children, onContinue, busy, continueDisabled, footer }: StepFrameProps) {
  const state = useCheckoutState();
  const t = useTranslator();
  const navigated = useContext(NavigatedContext);
  const { facts } = useCheckoutData();
  const p = screenProgress(state, facts);
  const back = useContext(BackContext);
  const action =
    footer ??
    ((onContinue || continueDisabled) && (
      <Button block loading={busy} disabled={continueDisabled} onClick={onContinue}>
        {t('name.continue')}
      </Button>
    ));
  const frame = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useFooterHeight(frame, bar, !!action);
  return (
    <div className="rc-stack rc-frame" ref={frame}>
      <StepHeader
        title={title}
        step={p?.index}
        total={p?.total}
        onBack={canGoBackScreen(state, facts) ? back : undefined}
        focusTitle={navigated}
      />
      {children}
      {action && (
        <div className="rc-footer" ref={bar}>
          {action}
        </div>
      )}
    </div>
  );
}

/**
 * The footer's height as --rc-footer-height on the frame: what a control scrolled into view keeps
 * free below it, so the sticky footer never covers the focused control (WCAG 2.4.11).
 */
function useFooterHeight(
  frame: { current: HTMLElement | null },
  bar: { current: HTMLElement | null },
  shown: boolean,
) {
  useEffect(() => {
    const footer = bar.current;
    const root = frame.current;
    if (!footer || !root || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--rc-footer-height', `${footer.offsetHeight}px`),
    );
    observer.observe(footer);
    return () => observer.disconnect();
  }, [frame, bar, shown]);
}
