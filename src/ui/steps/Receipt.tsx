// The receipt of a launched order, on its status screen: what was paid and received, fees, rate,
// partner, method, network, wallet (and tag), the partner's transaction id, the chain's hash, the
// date and the site; printed alone (printReceipt.ts) or copied as text, in the checkout's language.
import { useEffect, useId, useRef } from 'react';
import type { Quote, Transaction } from '../../api/types';
import type { CheckoutState, RecentOrder } from '../../checkout';
import { Button, CopyButton } from '../components';
import { useTranslator } from '../i18n';
import { printReceipt } from './printReceipt';
import { SummaryList, useSummaryRows, type SummaryRow } from './Summary';

export interface ReceiptProps {
  state: CheckoutState;
  quote?: Quote;
  transaction?: Transaction | null;
  /** The order as this device keeps it, when it does. */
  order?: RecentOrder;
}

export function Receipt({ state, quote, transaction: tx, order }: ReceiptProps) {
  const t = useTranslator();
  const id = useId();
  const rows: SummaryRow[] = [...useSummaryRows(state, quote)];
  const extra: [string, string | undefined][] = [
    [t('receipt.transactionId'), tx?.id ?? order?.transactionId],
    [t('receipt.txHash'), tx?.cryptoDetails?.blockchainTransactionId ?? order?.txHash],
    [
      t('receipt.date'),
      order || tx?.createdAt
        ? new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(order?.createdAt ?? Date.parse(tx?.createdAt ?? '')),
          )
        : undefined,
    ],
    [t('receipt.site'), order?.site],
  ];
  for (const [term, text] of extra)
    if (text) rows.push({ term, text, node: <span className="rc-break">{text}</span> });
  const title = t('receipt.title');
  // The printed copy (its own frame in the page) goes with the receipt.
  const printed = useRef<HTMLIFrameElement>(null);
  useEffect(() => () => printed.current?.remove(), []);
  const text = [title, ...rows.map((r) => `${r.term}: ${r.text}`)].join('\n');
  return (
    <section className="rc-receipt rc-stack" aria-labelledby={`${id}-title`}>
      <h3 className="rc-receipt__title" id={`${id}-title`}>
        {title}
      </h3>
      <SummaryList rows={rows} />
      <div className="rc-receipt__actions">
        <Button
          variant="secondary"
          onClick={(e) => {
            printed.current = printReceipt(e.currentTarget, { title, rows, lang: t.locale });
          }}
        >
          {t('receipt.print')}
        </Button>
        <CopyButton text={text} label={t('receipt.copy')} />
      </div>
    </section>
  );
}
