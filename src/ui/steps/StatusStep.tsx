import { useEffect, useRef, useState } from 'react';
import type { Quote, Transaction } from '../../api/types';
import { chainOf, quoteOfOrder, resolveStatusView, statusLinks, timelineFor } from '../../checkout';
import { useRecentOrders, useTransaction } from '../../queries';
import { Alert, Button, StatusTimeline } from '../components';
import { errorKey, statusKey } from '../i18n';
import type { CheckoutHost, UiSignal } from './context';
import { useCheckoutState, useCheckoutStore, useHost } from './context';
import { useCheckoutData, useSend } from './data';
import { partnerWindowClosed } from './launcher';
import { partnerName } from './partners';
import { StepFrame } from './StepFrame';
import { Receipt } from './Receipt';
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

/** The offer as the transaction states it, where it does (its quote no longer held, nor kept here). */
function offerOf(tx: Transaction | null | undefined): Quote | undefined {
  if (!tx || tx.sourceAmount === undefined || tx.destinationAmount === undefined) return undefined;
  return {
    serviceProvider: tx.serviceProvider ?? '',
    sourceAmount: tx.sourceAmount,
    sourceCurrencyCode: tx.sourceCurrencyCode ?? '',
    destinationAmount: tx.destinationAmount,
    destinationCurrencyCode: tx.destinationCurrencyCode ?? '',
  };
}

/** Tells the host each new status (or id) of the transaction once, as it is read. */
function useTransactionReports(host: CheckoutHost, signal: UiSignal | undefined): void {
  const latest = useRef(signal);
  useEffect(() => {
    latest.current = signal;
  });
  const tx = signal?.type === 'transaction' ? signal.transaction : undefined;
  useEffect(() => {
    if (latest.current) host.onSignal(latest.current);
  }, [host, tx?.id, tx?.status]);
}

export function StatusStep() {
  const state = useCheckoutState();
  const store = useCheckoutStore();
  const send = useSend();
  const host = useHost();
  const t = useTranslator();
  const { tracking, selection } = state;
  const { quote: chosen } = useCheckoutData();
  const view = useTransaction(tracking, { baseMs: host.pollMs.base, maxMs: host.pollMs.max });
  const tx = view.transaction;
  const terminal = view.terminal;
  // The order as this device keeps it: its offer's figures once the quotes are gone (a reload, an
  // order opened from the recent ones).
  const order = useRecentOrders(host.recentOrders).find((o) => o.sessionId === tracking?.sessionId);
  const offer = chosen ?? (order ? quoteOfOrder(order) : offerOf(tx));
  const code = chosen?.serviceProvider ?? tx?.serviceProvider ?? order?.partner ?? '';
  useTransactionReports(
    host,
    tracking && tx
      ? {
          type: 'transaction',
          sessionId: tracking.sessionId,
          transaction: tx,
          ...(code ? { partner: code } : {}),
          ...(offer ? { destinationAmount: offer.destinationAmount } : {}),
        }
      : undefined,
  );

  const partner = code ? partnerName(code) : '';
  const status = tx?.status;
  const look = status ? resolveStatusView(status) : undefined;
  const steps = timelineFor(selection.direction, status, view.seen).map((step) => ({
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
  const closed = useWindowClosed(store, awaitingShopper && !terminal);
  const failed = terminal && look?.tone !== 'success';
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
  const openPartner = !terminal && widgetUrl && (
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
  const footer = (openPartner || closed || failed || terminal) && (
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
      {terminal && !failed && (
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
      {view.error && !terminal && (
        <Alert action={{ label: t('action.tryAgain'), onClick: view.retry }}>{t(errorKey(view.error))}</Alert>
      )}
      <Receipt state={state} quote={offer} transaction={tx} order={order} />
      {links.partnerUrl && (
        <a className="rc-link" href={links.partnerUrl} target="_blank" rel="noopener noreferrer">
          {t('status.viewAtPartner', { partner })}
        </a>
      )}
      {links.explorerUrl && (
        <a className="rc-link" href={links.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('status.viewOnExplorer')}
        </a>
      )}
    </StepFrame>
  );
}
