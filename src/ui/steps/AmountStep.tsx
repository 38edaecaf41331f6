import { useEffect, useState } from 'react';
import type { AmountCheck } from '../../checkout';
import { amountRules, isLocked, sourceDecimals, summary, validateAmount } from '../../checkout';
import { AmountField } from '../components';
import { useCheckoutState, useSend } from './context';
import { useCheckoutData } from './data';
import { cryptoText, fiatText } from './labels';
import { LoadState } from './LoadState';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import type { Text } from './useText';
import { useText } from './useText';

/** How long typing must pause before a problem is announced (not at every keystroke). */
const SETTLE_MS = 700;

function problem(check: AmountCheck, t: Text, decimals: number): string | undefined {
  if (check.ok) return undefined;
  switch (check.reason) {
    case 'min':
    case 'max':
      return t(check.reason === 'min' ? 'amount.min' : 'amount.max', {
        amount: fiatText(check.bound ?? 0, check.currency ?? '', t.locale),
      });
    case 'decimals':
      return t('amount.decimals', { count: decimals });
    case 'empty':
    case 'zero':
      return t('amount.zero');
    case 'format':
    case 'tooLarge':
      return t('amount.format');
  }
}

export function AmountStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const { discovery, quotes } = useCheckoutData();
  const { attempted, go } = useContinue();
  const s = state.selection;
  const [text, setText] = useState(s.amount ?? '');
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { limits } = state.context;
  const decimals = sourceDecimals(state);
  const check = validateAmount(text, { ...amountRules(state), locale: t.locale });
  const show = attempted || (text.trim() !== '' && settled === text);
  const range = limits && {
    min: fiatText(limits.min, limits.currencyCode, t.locale),
    max: fiatText(limits.max, limits.currencyCode, t.locale),
  };
  const best = quotes.quotes.reduce<(typeof quotes.quotes)[number] | undefined>(
    (a, q) => (!a || q.destinationAmount > a.destinationAmount ? q : a),
    undefined,
  );
  const estimate =
    best &&
    (s.direction === 'buy'
      ? cryptoText(
          best.destinationAmount,
          best.destinationCurrencyCode,
          t.locale,
          state.context.cryptoDecimals,
        )
      : fiatText(best.destinationAmount, best.destinationCurrencyCode, t.locale));

  return (
    <StepFrame title={t('step.amount')} onContinue={go}>
      {limits === undefined && <LoadState list={discovery.routes} />}
      <AmountField
        label={t('name.amount')}
        currency={summary(state).sourceCurrencyCode}
        value={text}
        readOnly={isLocked(state, 'amount')}
        onChange={(value) => {
          setText(value);
          send({ type: 'SET_AMOUNT', text: value, locale: t.locale });
        }}
        onBlur={() => setSettled(text)}
        // A sell amount is in crypto but its bounds are the fiat received: the help says so.
        {...(range && s.direction === 'buy' ? range : {})}
        help={range && s.direction === 'sell' ? t('amount.receiveRange', range) : undefined}
        error={show ? problem(check, t, decimals) : undefined}
      />
      {estimate && check.ok && <p className="rc-help">{t('amount.estimate', { amount: estimate })}</p>}
    </StepFrame>
  );
}
