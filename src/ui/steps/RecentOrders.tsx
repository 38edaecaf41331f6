// "Your recent orders", under the offer on the order screen (never between the shopper and the
// price): this site's orders from this browser, newest first, each with what was paid and received,
// the partner, the date and its state as last read (the open ones read again, all in one request,
// while the list is shown: queries/orderStates.ts). Opening one shows its status screen, as after
// its launch; "Forget my orders" empties the list on this device.
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { RecentOrder } from '../../checkout';
import { lastTransaction, resolveStatusView } from '../../checkout';
import { seedTransaction, useRecentOrders } from '../../queries';
import { Button, cx } from '../components';
import { statusKey, useTranslator, type Translator } from '../i18n';
import { useHost } from './context';
import { useSend } from './data';
import { cryptoText, fiatText } from './labels';
import { partnerName } from './partners';

function amounts(o: RecentOrder, t: Translator): { paid: string; got: string } {
  const buy = o.selection.direction === 'buy';
  const fiat = (amount: string, code: string) => fiatText(amount, code, t.locale);
  const crypto = (amount: string, code: string) => cryptoText(amount, code, t.locale);
  return {
    paid: (buy ? fiat : crypto)(o.sourceAmount, o.sourceCurrency),
    got: (buy ? crypto : fiat)(o.destinationAmount, o.destinationCurrency),
  };
}

/** The state in a word: the service's status, or before the partner has a transaction, awaiting payment. */
function stateOf(o: RecentOrder, t: Translator): { text: string; tone: string } {
  const status = o.status ?? 'SESSION_CREATED';
  return { text: t(statusKey(status), { status }), tone: resolveStatusView(status).tone };
}

export function RecentOrders() {
  const host = useHost();
  const orders = useRecentOrders(host.recentOrders, { lookup: true });
  const t = useTranslator();
  const send = useSend();
  const qc = useQueryClient();
  const id = useId();
  const [forgotten, setForgotten] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  if (forgotten && !orders.length)
    return (
      <p className="rc-help" role="status" tabIndex={-1} ref={said}>
        {t('recent.forgotten')}
      </p>
    );
  if (!orders.length || !host.recentOrders) return null;
  const date = new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium' });
  const open = (o: RecentOrder) => {
    const tx = lastTransaction(o);
    if (tx) seedTransaction(qc, o.sessionId, tx);
    send({
      type: 'ORDER_OPENED',
      tracking: { sessionId: o.sessionId, trackingToken: o.trackingToken },
      selection: o.selection,
    });
  };
  const forget = () => {
    host.recentOrders?.forget();
    setForgotten(true);
    // The list is gone from under the shopper's focus: what replaced it takes it.
    setTimeout(() => said.current?.focus(), 0);
  };
  return (
    <section className="rc-recent" aria-labelledby={`${id}-title`}>
      <h3 className="rc-recent__title" id={`${id}-title`}>
        {t('recent.title')}
      </h3>
      <ul className="rc-recent__list">
        {orders.map((o) => {
          const state = stateOf(o, t);
          return (
            <li key={o.sessionId}>
              <button type="button" className="rc-recent__order" onClick={() => open(o)}>
                {/* Spaces between the parts: the button's name reads them as words. */}
                <span className="rc-recent__amounts">{t('recent.order', amounts(o, t))}</span>{' '}
                <span className="rc-recent__meta">
                  {partnerName(o.partner)}
                  {'\u00a0· '}
                  {date.format(o.createdAt)}
                </span>{' '}
                <span className={cx('rc-badge', state.tone === 'success' && 'rc-badge--success')}>
                  {state.text}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" className="rc-recent__forget" onClick={forget}>
        {t('recent.forget')}
      </Button>
    </section>
  );
}
