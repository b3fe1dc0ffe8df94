import { PageSkeleton } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

/** The page-shaped placeholder while a remote page's module and data load. */
export function RemoteSkeleton() {
  const { t } = useTranslation('common');
  return <PageSkeleton label={t('common.loading')} />;
}
