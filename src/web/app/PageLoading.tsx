import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

/** What shows while a page's code is loading. */
export function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}
