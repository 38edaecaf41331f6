// What the shopper is about to do (launch) or did (status): amounts, partner, method, wallet.
import { Fragment } from 'react';
import type { CheckoutState } from '../../checkout';
import { summary } from '../../checkout';
import { useCheckoutData } from './data';
import { cryptoText, fiatText } from './labels';
import { subdivisionLabel } from './subdivisions';
import { useText } from './useText';

export function Summary({ state }: { state: CheckoutState }) {
  const t = useText();
  const { discovery, country } = useCheckoutData();
  const sum = summary(state);
  const q = state.selection.quote;
  const buy = sum.direction === 'buy';
  const money = (amount: number | string, code: string | undefined, fiat: boolean) =>
    fiat
      ? fiatText(amount, code ?? '', t.locale)
      : cryptoText(amount, code ?? '', t.locale, state.context.cryptoDecimals);
  const method =
    discovery.methods.items.find((m) => m.method === sum.paymentMethod)?.name ?? sum.paymentMethod;
  const rows: [string, string | undefined][] = [
    [t('quote.youPay'), q ? money(q.sourceAmount, q.sourceCurrencyCode, buy) : undefined],
    [t('quote.youGet'), q ? money(q.destinationAmount, q.destinationCurrencyCode, !buy) : undefined],
    [t('quote.totalFee'), q?.totalFee !== undefined ? money(q.totalFee, sum.fiatCurrency, true) : undefined],
    [t('summary.partner'), sum.serviceProvider],
    [t('name.paymentMethod'), method],
    [t('summary.network'), sum.network],
    [t('name.walletAddress'), sum.walletAddress],
    [
      t('summary.country'),
      [country?.name ?? sum.countryCode, sum.subdivision && subdivisionLabel(sum.subdivision)]
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
