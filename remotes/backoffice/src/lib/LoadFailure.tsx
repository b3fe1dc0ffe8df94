import { describeError } from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { Button } from '@preloved/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './console.module.css';

/**
 * A page's data did not load: the refusal in the member's language (a role that does not open the
 * section, an ended session, a lost connection) and what to do next.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('backoffice');
  const [described, setDescribed] = useState<{ status: number; message: string } | null>(null);
  useEffect(() => {
    let live = true;
    void describeError(error).then((value) => live && setDescribed(value));
    return () => {
      live = false;
    };
  }, [error]);
  if (!described) return null;
  return (
    <div role="alert" className={styles.card}>
      <p>{described.message || t('common.loadFailed')}</p>
      {described.status === 401 ? (
        <Link to="/backoffice/sign-in">{t('signIn.title')}</Link>
      ) : described.status !== 403 && onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
