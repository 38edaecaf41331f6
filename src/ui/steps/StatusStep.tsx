import { useEffect } from 'react';
import { chainOf, resolveStatusView, statusLinks, timelineFor } from '../../checkout';
import { useTransaction } from '../../queries';
import { Alert, Button, StatusTimeline } from '../components';
import { errorKey, statusKey } from '../i18n';
import { useCheckoutState, useHost, useSend } from './context';
import { StepFrame } from './StepFrame';
import { Summary } from './Summary';
import { useText } from './useText';

const DETAIL = {
  success: 'status.successDetail',
  pending: 'status.pendingDetail',
  attention: 'status.failedDetail',
  failure: 'status.failedDetail',
} as const;

export function StatusStep() {
  const state = useCheckoutState();
  const send = useSend();
  const host = useHost();
  const t = useText();
  const { tracking, selection } = state;
  const view = useTransaction(tracking, {
    terminal: tracking?.terminal ?? true,
    baseMs: host.pollMs.base,
    maxMs: host.pollMs.max,
  });
  const tx = view.transaction;
  const txId = tx?.id;
  const txStatus = tx?.status;
  const txHash = tx?.cryptoDetails?.blockchainTransactionId;
  useEffect(() => {
    if (txStatus)
      send({ type: 'TRANSACTION_UPDATED', transactionId: txId, status: txStatus, txHash, at: host.now() });
  }, [txId, txStatus, txHash, send, host]);

  const partner = selection.quote?.serviceProvider ?? tx?.serviceProvider ?? '';
  const status = tracking?.status;
  const look = status ? resolveStatusView(status) : undefined;
  const steps = timelineFor(selection.direction, status, tracking?.history).map((step) => ({
    id: step.key,
    label: t(step.labelKey as Parameters<typeof t>[0]),
    state: step.failed
      ? ('failed' as const)
      : step.done
        ? ('done' as const)
        : step.current
          ? ('current' as const)
          : ('upcoming' as const),
  }));
  const widgetUrl = state.launch.session?.widgetUrl;
  const links = statusLinks(tx, chainOf(selection));

  return (
    <StepFrame title={t('step.status')}>
      <div role="status" aria-label={t('name.transactionStatus')} className="rc-stack">
        <p className="rc-header__title">
          {status ? t(statusKey(status), { status }) : t('launch.waiting', { partner })}
        </p>
        <p className="rc-help">
          {links.verifyUrl
            ? t('status.verifyDetail', { partner })
            : look?.action === 'contactPartner'
              ? t('status.contactPartner', { partner })
              : t(DETAIL[look?.tone ?? 'pending'])}
        </p>
      </div>
      {links.verifyUrl && (
        <a
          className="rc-btn rc-btn--primary rc-btn--block"
          href={links.verifyUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('status.verifyAtPartner', { partner })}
        </a>
      )}
      <StatusTimeline steps={steps} />
      {view.error && !tracking?.terminal && (
        <Alert action={{ label: t('action.tryAgain'), onClick: view.retry }}>{t(errorKey(view.error))}</Alert>
      )}
      <Summary state={state} />
      {tracking?.transactionId && (
        <p className="rc-help">{t('status.reference', { id: tracking.transactionId })}</p>
      )}
      {links.partnerUrl && (
        <a href={links.partnerUrl} target="_blank" rel="noopener noreferrer">
          {t('status.viewAtPartner', { partner })}
        </a>
      )}
      {links.explorerUrl && (
        <a href={links.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('status.viewOnExplorer')}
        </a>
      )}
      {!tracking?.terminal && widgetUrl && (
        <a href={widgetUrl} target="_blank" rel="noopener noreferrer">
          {t('launch.openCheckout', { partner })}
        </a>
      )}
      {tracking?.terminal && (
        <Button
          block
          variant="secondary"
          onClick={() => send({ type: 'RESET', idempotencyKey: host.newRunKey() })}
        >
          {t('action.startOver')}
        </Button>
      )}
    </StepFrame>
  );
}
