// Where the shopper is and how they pay, folded into one line under the amounts ("United States ·
// California · Credit or debit card", then "Change"), so that the best offer is in view on a phone's
// first screen. Unfolded while one of its questions waits for the shopper (a US state, a country the
// direction does not serve, a method no partner routes); once unfolded it stays so until the shopper
// folds it: a control never disappears from under their focus.
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../components';
import { useTranslator } from '../i18n';

export interface RouteDetailsProps {
  /** What is chosen, in words. */
  summary: ReactNode;
  /** A question in the fold waits for an answer: its controls are shown and cannot be folded. */
  unanswered: boolean;
  /** Every choice in the fold is the merchant's: the summary alone, nothing to change. */
  locked: boolean;
  /** The controls: country, state, payment method. */
  children: ReactNode;
}

export function RouteDetails({ summary, unanswered, locked, children }: RouteDetailsProps) {
  const t = useTranslator();
  const id = useId();
  const [unfolded, setUnfolded] = useState(unanswered);
  if (unanswered && !unfolded) setUnfolded(true);
  return (
    <div className="rc-route">
      {!unanswered && (
        <div className="rc-route__summary">
          <p className="rc-route__text" id={`${id}-summary`}>
            {summary}
          </p>
          {!locked && (
            <Button
              variant="ghost"
              className="rc-route__change"
              aria-expanded={unfolded}
              aria-controls={`${id}-fold`}
              aria-describedby={`${id}-summary`}
              onClick={() => setUnfolded((u) => !u)}
            >
              {t('order.change')}
              <span className="rc-route__chevron" aria-hidden="true" />
            </Button>
          )}
        </div>
      )}
      <div className="rc-route__fold" id={`${id}-fold`} hidden={!unfolded}>
        {children}
      </div>
    </div>
  );
}
