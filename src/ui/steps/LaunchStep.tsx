import { errorKey } from '../i18n';
import { Alert, Button } from '../components';
import { useCheckoutState } from './context';
import { StepFrame } from './StepFrame';
import { Summary } from './Summary';
import { useLaunch } from './useLaunch';
import { useText } from './useText';

export function LaunchStep() {
  const state = useCheckoutState();
  const t = useText();
  const { launch, blocked, launchedByLink } = useLaunch();
  const partner = state.selection.quote?.serviceProvider ?? '';
  const { phase, error, session } = state.launch;
  const start = () => void launch();

  return (
    <StepFrame title={t('step.launch')}>
      <Summary state={state} />
      <p className="rc-help">{t('launch.finishThere', { partner })}</p>
      {phase === 'failed' && error && (
        <Alert action={{ label: t('action.tryAgain'), onClick: start }}>{t(errorKey(error))}</Alert>
      )}
      {blocked && session && (
        <Alert tone="warning" title={t('launch.popupBlocked', { partner })}>
          <a href={session.widgetUrl} target="_blank" rel="noopener noreferrer" onClick={launchedByLink}>
            {t('launch.openCheckout', { partner })}
          </a>
        </Alert>
      )}
      {phase === 'creating' && (
        <p className="rc-help" role="status">
          {t('launch.creating', { partner })}
        </p>
      )}
      <Button block loading={phase === 'creating'} onClick={start}>
        {t('name.continueTo', { partner })}
      </Button>
    </StepFrame>
  );
}
