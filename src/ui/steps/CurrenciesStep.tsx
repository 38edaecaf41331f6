import { isLocked } from '../../checkout';
import { cryptoKey } from '../../queries';
import { Alert, Combobox } from '../components';
import { useCheckoutState, useSend } from './context';
import { useCheckoutData } from './data';
import { cryptoLabel, fiatLabel, iconOf } from './labels';
import { LoadState } from './LoadState';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import { useText } from './useText';

export function CurrenciesStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const data = useCheckoutData();
  const { attempted, go } = useContinue();
  const { fiat, crypto } = data.discovery;
  const s = state.selection;
  const missing = (chosen: unknown) => (attempted && !chosen ? t('currencies.choose') : undefined);

  return (
    <StepFrame title={t('step.currencies')} onContinue={go}>
      <LoadState list={fiat.isReady ? crypto : fiat} />
      {/* Nothing is served here in this direction (a country the merchant fixed, say). */}
      {((fiat.isReady && !fiat.items.length) || (crypto.isReady && !crypto.items.length)) && (
        <Alert title={t('unavailable.title')}>{t('unavailable.country')}</Alert>
      )}
      {fiat.isReady && (
        <Combobox
          label={t('name.fiatCurrency')}
          options={fiat.items.map((c) => ({
            value: c.currencyCode,
            label: fiatLabel(c),
            icon: iconOf(c.symbol),
          }))}
          value={s.fiatCurrency}
          readOnly={isLocked(state, 'fiatCurrency')}
          error={missing(data.fiat)}
          onChange={(code) => {
            const entry = fiat.items.find((c) => c.currencyCode === code);
            send({ type: 'SET_FIAT', fiatCurrency: code, decimals: entry?.decimalPlaces });
          }}
        />
      )}
      {crypto.isReady && (
        <Combobox
          label={t('name.cryptoCurrency')}
          options={data.cryptoOptions.map((c) => ({
            value: cryptoKey(c),
            label: cryptoLabel(c),
            icon: iconOf(c.symbol),
          }))}
          value={data.crypto ? cryptoKey(data.crypto) : undefined}
          readOnly={isLocked(state, 'cryptoCurrency')}
          error={missing(data.crypto)}
          onChange={(key) => {
            const c = data.cryptoOptions.find((o) => cryptoKey(o) === key);
            if (c)
              send({
                type: 'SET_CRYPTO',
                crypto: { currencyCode: c.currencyCode, chainCode: c.chainCode, contract: c.contract },
                decimals: c.decimalPlaces,
              });
          }}
        />
      )}
    </StepFrame>
  );
}
