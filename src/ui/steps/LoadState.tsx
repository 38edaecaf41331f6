// A list's loading and failure, said the same way on every step: a spinner while it loads, the
// failure in words with "Try again".
import type { ListView } from '../../queries';
import { Alert, Spinner } from '../components';
import { errorKey } from '../i18n';
import { useTranslator } from '../i18n';

export function LoadState({ list }: { list: Pick<ListView<unknown>, 'isLoading' | 'error' | 'retry'> }) {
  const t = useTranslator();
  if (list.error)
    return (
      <Alert action={{ label: t('action.tryAgain'), onClick: list.retry }}>{t(errorKey(list.error))}</Alert>
    );
  return list.isLoading ? <Spinner showLabel /> : null;
}
