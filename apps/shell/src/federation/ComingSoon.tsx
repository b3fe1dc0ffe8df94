import { AppLink } from '@preloved/shared';
import { buttonClassName, EmptyState } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

/** A route whose remote is not deployed yet: says so plainly instead of pretending to work. */
export function ComingSoon() {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      title={t('common.comingSoon')}
      action={
        <AppLink to="/all" className={buttonClassName('secondary')}>
          {t('common.browseAll')}
        </AppLink>
      }
    >
      {t('common.comingSoonText')}
    </EmptyState>
  );
}
