import { AppLink } from '@preloved/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './Button';
import { EmptyState } from './EmptyState';

/** A listing page with nothing to show: says why, and offers the newest pieces instead (catalog and search). */
export function ListingEmpty({ title, role, children }: { title: string; role?: 'status'; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <EmptyState
      role={role}
      title={title}
      action={
        <AppLink to="/all?sort=newest" className={buttonClassName('primary')}>
          {t('catalogue.newArrivals')}
        </AppLink>
      }
    >
      {children}
    </EmptyState>
  );
}
