import { PageSkeleton } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation('common');
  return <PageSkeleton label={t('common.loading')} />;
}
