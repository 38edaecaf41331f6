import { useEffect, useState } from 'react';
import { chainOf, resolveStatusView, statusLinks, timelineFor } from '../../checkout';
import { useTransaction } from '../../queries';
import { Alert, Button, StatusTimeline } from '../components';
import { errorKey, statusKey } from '../i18n';
import { useCheckoutState, useCheckoutStore, useHost, useSend } from './context';
import { partnerWindowClosed } from './launcher';
import { partnerName } from './partners';
import { StepFrame } from './StepFrame';
import { Summary } from './Summary';
import { useTranslator } from '../i18n';

const DETAIL = {
  success: 'status.successDetail',
  pending: 'status.pendingDetail',
  attention: 'status.failedDetail',
  failure: 'status.failedDetail',
} as const;

/** Whether the partner's window is closed, checked every second while it matters. */
function useWindowClosed(owner: object, watch: boolean): boolean {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const timer = setInterval(() => setClosed(partnerWindowClosed(owner) === true), 1000);
    return () => clearInterval(timer);
  }, [owner, watch]);
  return watch && closed;
}

export function StatusStep() {
  const state = useCheckoutState();
  const store = useCheckoutStore();
  const send = useSend();
  const host = useHost();
  const t = useTranslator();
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

  const code = selection.quote?.serviceProvider ?? tx?.serviceProvider ?? '';
  const partner = code ? partnerName(code) : '';
  const status = tracking?.status;
  const look = status ? resolveStatusView(status) : undefined;
  const steps = timelineFor(selection.direction, status, tracking?.history).map((step) => ({
    id: step.key,
    label: t(step.labelKey as Parameters<typeof t>[0]),
    selfDescribing: step.labelKey === 'timeline.cancelled',
    state: step.failed
      ? ('failed' as const)
      : step.done
        ? ('done' as const)
        : step.current
          ? ('current' as const)
          : ('upcoming' as const),
  }));
  const widgetUrl = state.launch.session?.widgetUrl;
  // Before the partner has a transaction the shopper still has to act in the partner's window.
  const awaitingShopper = !status || status === 'PENDING_CREATED';
  const closed = useWindowClosed(store, awaitingShopper && !tracking?.terminal);
  const failed = tracking?.terminal && look?.tone !== 'success';
  const links = statusLinks(tx, chainOf(selection));
  const retry = (to: 'quotes' | 'launch') => send({ type: 'RETRY', idempotencyKey: host.newRunKey(), to });
  const startOver = () => send({ type: 'RESET', idempotencyKey: host.newRunKey() });

  const buy = selection.direction === 'buy';
  const title = closed
    ? t('status.closed', { partner })
    : status
      ? t(statusKey(status), { status })
      : t('status.waitingForYou', { partner });
  const detail = closed
    ? t('status.closedDetail')
    : links.verifyUrl
      ? t('status.verifyDetail', { partner })
      : awaitingShopper
        ? t(buy ? 'status.waitingForYouDetail' : 'status.waitingForYouDetailSell', { partner })
        : look?.detailKey
          ? t(look.detailKey as Parameters<typeof t>[0], { partner })
          : look?.action === 'contactPartner'
            ? t('status.contactPartner', { partner })
            : status === 'CANCELLED'
              ? t('status.cancelledDetail')
              : t(DETAIL[look?.tone ?? 'pending']);
  const openPartner = !tracking?.terminal && widgetUrl && (
    <a
      className={`rc-btn rc-btn--block ${closed ? 'rc-btn--primary' : 'rc-btn--secondary'}`}
      href={widgetUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      {closed ? t('action.reopen', { partner }) : t('launch.openCheckout', { partner })}
    </a>
  );
  // The screen's main actions, kept in view: reopen or open the partner's window while it waits on
  // the shopper; after a failure, another offer, a new try or starting over; Done at the end.
  const footer = (openPartner || closed || failed || tracking?.terminal) && (
    <>
      {openPartner}
      {(closed || failed) && (
        <>
          <Button block variant={closed ? 'secondary' : 'primary'} onClick={() => retry('quotes')}>
            {t('action.otherOffer')}
          </Button>
          {failed && (
            <Button block variant="secondary" onClick={() => retry('launch')}>
              {t('action.tryAgain')}
            </Button>
          )}
          <Button block variant="ghost" onClick={startOver}>
            {closed ? t('action.cancel') : t('action.startOver')}
          </Button>
        </>
      )}
      {tracking?.terminal && !failed && (
        <Button block onClick={startOver}>
          {t('action.backToMerchant')}
        </Button>
      )}
    </>
  );

  return (
    <StepFrame title={t('step.status')} footer={footer || undefined}>
      <div role="status" aria-label={t('name.transactionStatus')} className="rc-stack">
        <p className="rc-header__title">{title}</p>
        <p className="rc-help">{detail}</p>
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
        <p className="rc-help rc-break">{t('status.reference', { id: tracking.transactionId })}</p>
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
    </StepFrame>
  );
}
