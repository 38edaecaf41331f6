// What the shopper is about to do (launch) or did (status): amounts, rate, partner, method, wallet.
// Each row is a label and its value on one line when they fit, the value under its label when they
// do not; the wallet address is shortened in its middle, whole for screen readers, with a copy button.
import type { ReactNode } from 'react';
import type { Quote } from '../../api/types';
import type { CheckoutState } from '../../checkout';
import { offerRate, summary } from '../../checkout';
import { CopyButton } from '../components';
import { shortenMiddle } from '../format';
import { useCheckoutData } from './data';
import { networkName } from '../format';
import { countryLabel, cryptoText, fiatText } from './labels';
import { methodLabel } from './methodLabel';
import { partnerName } from './partners';
import { subdivisionLabel } from './subdivisions';
import { useTranslator } from '../i18n';

/** A row of the summary: its label, its value as text (what Copy and Print take), and as shown. */
export interface SummaryRow {
  term: string;
  text: string;
  node?: ReactNode;
}

/** `quote`: the chosen offer (or what the transaction says of it), read from the queries. */
export function useSummaryRows(state: CheckoutState, q: Quote | undefined): SummaryRow[] {
  const t = useTranslator();
  const { discovery, country, facts } = useCheckoutData();
  const sum = summary(state, q);
  const buy = sum.direction === 'buy';
  const money = (amount: number | string, code: string | undefined, fiat: boolean) =>
    fiat
      ? fiatText(amount, code ?? '', t.locale)
      : cryptoText(amount, code ?? '', t.locale, facts.cryptoDecimals);
  const entry = discovery.methods.items.find((m) => m.method === sum.paymentMethod);
  const method = sum.paymentMethod && methodLabel(sum.paymentMethod, entry?.name ?? sum.paymentMethod, t);
  const rate = q ? offerRate(q, sum.direction) : 0;
  const wallet = sum.walletAddress;
  const rows: [string, string | undefined, ReactNode?][] = [
    [
      t(buy ? 'quote.youPay' : 'quote.youSend'),
      q ? money(q.sourceAmount, q.sourceCurrencyCode, buy) : undefined,
    ],
    [
      t(buy ? 'quote.youGet' : 'quote.youReceive'),
      q ? money(q.destinationAmount, q.destinationCurrencyCode, !buy) : undefined,
    ],
    [
      t('summary.rate'),
      rate > 0 && sum.crypto
        ? t('quote.rate', { crypto: sum.crypto.currencyCode, price: money(rate, sum.fiatCurrency, true) })
        : undefined,
    ],
    [t('quote.fees'), q?.totalFee !== undefined ? money(q.totalFee, sum.fiatCurrency, true) : undefined],
    [t('summary.partner'), sum.serviceProvider && partnerName(sum.serviceProvider)],
    [t(buy ? 'name.paymentMethod' : 'name.payoutMethod'), method || undefined],
    [t('summary.network'), sum.network && networkName(sum.network)],
    [
      t('name.walletAddress'),
      wallet,
      wallet && (
        <>
          <span className="rc-summary__mono" aria-hidden="true" title={wallet}>
            {shortenMiddle(wallet)}
          </span>
          <span className="rc-sr-only">{wallet}</span>
          <CopyButton text={wallet} label={t('summary.copyWallet')} />
        </>
      ),
    ],
    [t('wallet.tagLabel'), state.selection.walletTag],
    [
      t('summary.country'),
      [
        country ? countryLabel(country, t.locale).replace(/ \([A-Z]{2}\)$/, '') : sum.countryCode,
        sum.subdivision && subdivisionLabel(sum.subdivision),
      ]
        .filter(Boolean)
        .join(', ') || undefined,
    ],
  ];
  return rows.flatMap(([term, text, node]) => (text ? [{ term, text, ...(node ? { node } : {}) }] : []));
}

/** Label and value on one line when they fit, else the value under its label. */
export function SummaryList({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="rc-summary">
      {rows.map((row) => (
        <div key={row.term} className="rc-summary__row">
          <dt>{row.term}</dt>
          <dd>{row.node ?? row.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the shopper is about to do: the review's summary. */
export function Summary({ state, quote }: { state: CheckoutState; quote?: Quote }) {
  return <SummaryList rows={useSummaryRows(state, quote)} />;
}
