import { canContinue, isLocked } from '../../checkout';
import { Alert, Combobox } from '../components';
import { useCheckoutState, useHost, useSend } from './context';
import { useCheckoutData } from './data';
import { countryLabel, iconOf } from './labels';
import { LoadState } from './LoadState';
import { StepFrame } from './StepFrame';
import { subdivisionLabel, subdivisionsOf } from './subdivisions';
import { useContinue } from './useContinue';
import { useText } from './useText';

export function CountryStep() {
  const state = useCheckoutState();
  const send = useSend();
  const host = useHost();
  const t = useText();
  const data = useCheckoutData();
  const { attempted, go } = useContinue();
  const { countries } = data.discovery;
  const s = state.selection;
  // An unsupported country the shopper chose is replaced by the sync; one the merchant locked stays.
  const unsupported = countries.isReady && !!s.country && !data.country && isLocked(state, 'country');
  const missingState =
    attempted && data.subdivisions.length > 0 && !canContinue(state, host.now()) && !s.subdivision;

  return (
    <StepFrame title={t('step.country')} onContinue={go}>
      <LoadState list={countries} />
      {countries.isReady && (
        <Combobox
          label={t('name.country')}
          options={countries.items.map((c) => ({
            value: c.countryCode,
            label: countryLabel(c),
            icon: iconOf(c.flag),
          }))}
          value={s.country}
          readOnly={isLocked(state, 'country')}
          onChange={(code) => {
            const entry = countries.items.find((c) => c.countryCode === code);
            send({
              type: 'SET_COUNTRY',
              country: code,
              requiresSubdivision: subdivisionsOf(entry).length > 0,
            });
          }}
        />
      )}
      {unsupported && <Alert title={t('unavailable.title')}>{t('unavailable.country')}</Alert>}
      {data.subdivisions.length > 0 && (
        <Combobox
          label={t('name.subdivision')}
          options={data.subdivisions.map((code) => ({ value: code, label: subdivisionLabel(code) }))}
          value={s.subdivision}
          readOnly={isLocked(state, 'subdivision')}
          error={missingState ? t('country.chooseState') : undefined}
          onChange={(subdivision) => send({ type: 'SET_SUBDIVISION', subdivision })}
        />
      )}
    </StepFrame>
  );
}
