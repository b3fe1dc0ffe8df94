import { AppLink, useCurrentLocation } from '@preloved/shared';
import { useTranslation } from 'react-i18next';
import styles from './Pagination.module.css';

const toTop = () => window.scrollTo({ top: 0 });

/** Page links that keep every other URL parameter (filters, the search), so any page can be shared. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation('common');
  const { pathname, search } = useCurrentLocation();
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set('page', String(target));
    else params.delete('page');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const numbers = Array.from(new Set([1, page - 1, page, page + 1, pages]))
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className={styles.pagination} aria-label={t('catalogue.pagination.label')}>
      {page > 1 ? (
        <AppLink to={href(page - 1)} onClick={toTop}>
          {t('catalogue.pagination.previous')}
        </AppLink>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n} className={styles.item}>
          {index > 0 && n - (numbers[index - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
          <AppLink to={href(n)} onClick={toTop} aria-current={n === page ? 'page' : undefined} aria-label={t('catalogue.pagination.page', { page: n })}>
            {n}
          </AppLink>
        </span>
      ))}
      {page < pages ? (
        <AppLink to={href(page + 1)} onClick={toTop}>
          {t('catalogue.pagination.next')}
        </AppLink>
      ) : null}
    </nav>
  );
}
