// What the shopper is about to do (launch) or did (status): amounts, partner, method, wallet.
import { Fragment } from 'react';
import type { CheckoutState } from '../../checkout';
import { summary } from '../../checkout';
import { useCheckoutData } from './data';
import { networkName } from '../format';
import { countryLabel, cryptoText, fiatText } from './labels';
import { methodLabel } from './methodLabel';
import { partnerName } from './partners';
import { subdivisionLabel } from './subdivisions';
import { useTranslator } from '../i18n';

export function Summary({ state }: { state: CheckoutState }) {
  const t = useTranslator();
  const { discovery, country } = useCheckoutData();
  const sum = summary(state);
  const q = state.selection.quote;
  const buy = sum.direction === 'buy';
  const money = (amount: number | string, code: string | undefined, fiat: boolean) =>
    fiat
      ? fiatText(amount, code ?? '', t.locale)
      : cryptoText(amount, code ?? '', t.locale, state.facts.cryptoDecimals);
  const entry = discovery.methods.items.find((m) => m.method === sum.paymentMethod);
  const method = sum.paymentMethod && methodLabel(sum.paymentMethod, entry?.name ?? sum.paymentMethod, t);
  const rows: [string, string | undefined][] = [
    [t('quote.youPay'), q ? money(q.sourceAmount, q.sourceCurrencyCode, buy) : undefined],
    [t('quote.youGet'), q ? money(q.destinationAmount, q.destinationCurrencyCode, !buy) : undefined],
    [t('quote.totalFee'), q?.totalFee !== undefined ? money(q.totalFee, sum.fiatCurrency, true) : undefined],
    [t('summary.partner'), sum.serviceProvider && partnerName(sum.serviceProvider)],
    [t(buy ? 'name.paymentMethod' : 'name.payoutMethod'), method],
    [t('summary.network'), sum.network && networkName(sum.network)],
    [t('name.walletAddress'), sum.walletAddress],
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
  return (
    <dl className="rc-quote__details">
      {rows
        .filter((r): r is [string, string] => !!r[1])
        .map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd style={{ overflowWrap: 'anywhere' }}>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
