import { Link, useRouteError } from '@preloved/shared/router';
import { buttonClassName, EmptyState } from '@preloved/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The router's last-resort error screen, inside the store's frame, with the spec's text (§8): 'Unexpected Application Error!'. */
export function AppError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div>
      <EmptyState
        role="alert"
        title={t('errors.unexpected')}
        action={
          <Link to="/" className={buttonClassName('secondary')} reloadDocument>
            {t('errors.backHome')}
          </Link>
        }
      />
    </div>
  );
}
