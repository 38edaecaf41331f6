// The review: what the shopper is about to do, how long the price holds, and one call to action.
// An expired price is said (and refreshed), a changed one shown against the one first seen.
import { useState } from 'react';
import { quoteExpiresIn } from '../../checkout';
import { Alert, Button, Countdown } from '../components';
import { errorKey } from '../i18n';
import { useCheckoutState, useHost } from './context';
import { useCheckoutData, useSend } from './data';
import { cryptoText, fiatText } from './labels';
import { partnerName } from './partners';
import { StepFrame } from './StepFrame';
import { Summary } from './Summary';
import { useLaunch } from './useLaunch';
import { useTranslator } from '../i18n';

export function LaunchStep() {
  const state = useCheckoutState();
  const host = useHost();
  const send = useSend();
  const t = useTranslator();
  const { quotes, facts, quote: q } = useCheckoutData();
  const { launch, blocked, launchedByLink } = useLaunch();
  const partner = q ? partnerName(q.serviceProvider) : '';
  const { phase, error, session } = state.launch;
  const start = () => void launch();
  // The price the shopper first saw here: a refresh that changes it is pointed out.
  const [seen] = useState(q?.destinationAmount);
  const left = quoteExpiresIn(state, facts, host.now());
  const expired = left !== null && left <= 0;
  const [, rerender] = useState(0);
  const get = (amount: number) =>
    q && state.selection.direction === 'buy'
      ? cryptoText(amount, q.destinationCurrencyCode, t.locale, facts.cryptoDecimals)
      : fiatText(amount, q?.destinationCurrencyCode ?? '', t.locale);
  const changed = q && seen !== undefined && q.destinationAmount !== seen;

  const action =
    blocked && session ? (
      // One call to action: the link the browser lets open.
      <a
        className="rc-btn rc-btn--primary rc-btn--block"
        href={session.widgetUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={launchedByLink}
      >
        {t('name.continueTo', { partner })}
      </a>
    ) : (
      <Button block loading={phase === 'creating'} disabled={expired} onClick={start}>
        {t('name.continueTo', { partner })}
      </Button>
    );

  return (
    <StepFrame title={t('step.launch')} footer={action}>
      <Summary state={state} quote={q} />
      {q && left !== null && !expired && (
        <Countdown
          key={facts.quotesAt}
          deadline={(facts.quotesAt ?? 0) + state.prefs.quoteTtlMs}
          format={(seconds) => t('review.expiresIn', { seconds })}
          onExpire={() => rerender((n) => n + 1)}
          now={host.now}
        />
      )}
      {expired && (
        <Alert
          tone="warning"
          action={quotes.refreshFailed ? { label: t('action.tryAgain'), onClick: quotes.retry } : undefined}
        >
          {quotes.refreshFailed ? t('quote.outOfDate') : t('review.expired')}
        </Alert>
      )}
      {changed && (
        <Alert tone="warning">
          {t('review.priceChanged', { now: get(q.destinationAmount), before: get(seen) })}
        </Alert>
      )}
      <p className="rc-help">{t('launch.finishThere', { partner })}</p>
      {phase === 'failed' && error && (
        // A way forward either way: the button below tries again, this takes another offer.
        <Alert
          action={{ label: t('action.otherOffer'), onClick: () => send({ type: 'GO_TO', step: 'quotes' }) }}
        >
          {error.code === 'SESSION_TIMEOUT' ? t('launch.timeout', { partner }) : t(errorKey(error))}
        </Alert>
      )}
      {phase === 'creating' && (
        <p className="rc-help" role="status">
          {t('launch.creating', { partner })}
        </p>
      )}
      {blocked && session && <Alert tone="warning">{t('review.popupBlockedHelp', { partner })}</Alert>}
    </StepFrame>
  );
}
