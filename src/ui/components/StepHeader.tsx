import { useEffect, useRef } from 'react';
import { useTranslator } from '../i18n/context';
import { Button } from './Button';

export interface StepHeaderProps {
  title: string;
  /** 1-based position and count, shown as "Step 3 of 8". */
  step?: number;
  total?: number;
  /** Shows the "Back" button. */
  onBack?: () => void;
  /** Move focus to the title on mount: set it after the user navigated, never on first render. */
  focusTitle?: boolean;
  /** @default 2 */
  level?: 2 | 3;
}

export function StepHeader({ title, step, total, onBack, focusTitle = false, level = 2 }: StepHeaderProps) {
  const t = useTranslator();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const Heading = level === 2 ? 'h2' : 'h3';

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  const progress = step && total && (
    <span className="rc-header__progress">{t('step.progress', { step, total })}</span>
  );
  const heading = (
    <Heading ref={titleRef} tabIndex={-1} className="rc-header__title">
      {title}
    </Heading>
  );
  // Without "Back" the progress shares the title's line: a phone's first screen keeps its height
  // for the price.
  if (!onBack)
    return (
      <div className="rc-header rc-header--inline">
        {heading}
        {progress}
      </div>
    );
  return (
    <div className="rc-header">
      <div className="rc-header__bar">
        <Button variant="ghost" onClick={onBack}>
          <span aria-hidden="true">‹</span>
          {t('name.back')}
        </Button>
        {progress}
      </div>
      {heading}
    </div>
  );
}
