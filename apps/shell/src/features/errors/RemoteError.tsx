import { Link, useRevalidator } from '@preloved/shared';
import { Button, buttonClassName, EmptyState } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

/**
 * The error view of one remote's slot: the header, footer and the shell's own pages keep working.
 * Retry runs the route's loader again, which fetches the remote anew.
 */
export function RemoteError() {
  const { t } = useTranslation('common');
  const revalidator = useRevalidator();
  return (
    <EmptyState
      role="alert"
      title={t('errors.remoteFailed')}
      action={
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', justifyContent: 'center' }}>
          <Button onClick={() => void revalidator.revalidate()} busy={revalidator.state === 'loading'}>
            {t('errors.retry')}
          </Button>
          <Link to="/" className={buttonClassName('secondary')}>
            {t('errors.backHome')}
          </Link>
        </div>
      }
    >
      {t('errors.network')}
    </EmptyState>
  );
}
