import { isLocked } from '../../checkout';
import { Alert, Button, RadioGroup } from '../components';
import { useCheckoutState, useSend } from './context';
import { useCheckoutData } from './data';
import { LoadState } from './LoadState';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import { useText } from './useText';

export function PaymentMethodStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const { discovery, crypto } = useCheckoutData();
  const { attempted, go } = useContinue();
  const { methods } = discovery;
  const s = state.selection;
  const buy = s.direction === 'buy';
  // A method the merchant fixed that no route serves leaves nothing to choose.
  const unavailable =
    methods.unavailable ||
    (methods.isReady &&
      isLocked(state, 'paymentMethod') &&
      !methods.items.some((m) => m.method === s.paymentMethod));
  const pair = [s.fiatCurrency, crypto?.currencyCode ?? s.crypto?.currencyCode];

  return (
    // Nothing to continue to when no route serves the pair: the way out is back.
    <StepFrame
      title={t(buy ? 'step.paymentMethod' : 'step.payoutMethod')}
      onContinue={unavailable ? () => undefined : go}
    >
      <LoadState list={methods} />
      {unavailable && (
        <Alert title={t('unavailable.title')}>
          <p>{t('unavailable.routes', { pair: (buy ? pair : [...pair].reverse()).join(' → ') })}</p>
          {!state.skipped.includes('currencies') && (
            <Button variant="secondary" onClick={() => send({ type: 'GO_TO', step: 'currencies' })}>
              {t('action.changeCurrencies')}
            </Button>
          )}
        </Alert>
      )}
      {methods.isReady && !unavailable && (
        <RadioGroup
          label={t('name.paymentMethod')}
          variant="cards"
          options={methods.items.map((m) => ({ value: m.method, name: m.name }))}
          value={s.paymentMethod}
          disabled={isLocked(state, 'paymentMethod')}
          onChange={(method) => send({ type: 'SET_PAYMENT_METHOD', method })}
        />
      )}
      {attempted && methods.isReady && !unavailable && !s.paymentMethod && (
        <Alert>{t('method.choose')}</Alert>
      )}
    </StepFrame>
  );
}
