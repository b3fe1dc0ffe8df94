import { PageSkeleton } from '@preloved/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleData } from './console-api';
import { LoadFailure } from './LoadFailure';
import styles from './console.module.css';

/** A console page: its heading, a line on what it is for, and its content. */
export function ConsolePage({ title, intro, actions, children }: { title: string; intro?: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="console-page-title">
      <div className={styles.head}>
        <div>
          <h1 id="console-page-title" className={styles.title}>
            {title}
          </h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        {actions ? <div className={styles.headActions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** What a page shows of its data: a placeholder while it first loads, the refusal if it failed, else `children`. */
export function Loaded<T>({ result, children }: { result: ConsoleData<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('backoffice');
  if (result.data !== undefined) return <>{children(result.data)}</>;
  if (result.error) return <LoadFailure error={result.error} onRetry={result.reload} />;
  return <PageSkeleton label={t('common.loading')} />;
}
