import { SegmentedControl } from '../components';
import { useCheckoutState, useSend } from './context';
import { StepFrame } from './StepFrame';
import { useContinue } from './useContinue';
import { useText } from './useText';

export function DirectionStep() {
  const state = useCheckoutState();
  const send = useSend();
  const t = useText();
  const { go } = useContinue();
  return (
    <StepFrame title={t('step.direction')} onContinue={go}>
      <SegmentedControl
        label={t('name.direction')}
        options={state.directions.map((d) => ({
          value: d,
          label: t(d === 'buy' ? 'name.buy' : 'name.sell'),
        }))}
        value={state.selection.direction}
        onChange={(direction) => send({ type: 'SET_DIRECTION', direction })}
      />
    </StepFrame>
  );
}
