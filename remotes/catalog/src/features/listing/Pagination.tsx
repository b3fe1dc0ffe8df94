import { Link, useLocation } from '@preloved/shared';
import { useTranslation } from 'react-i18next';
import styles from './ListingPage.module.css';

const toTop = () => window.scrollTo({ top: 0 });

/** Page links that keep every filter in the URL, so any page can be shared or bookmarked. */
export function Pagination({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation('catalog');
  const { pathname, search } = useLocation();
  const href = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set('page', String(target));
    else params.delete('page');
    const query = params.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  const numbers = Array.from(new Set([1, page - 1, page, page + 1, pages])).filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      {page > 1 ? <Link to={href(page - 1)} onClick={toTop}>{t('pagination.previous')}</Link> : null}
      {numbers.map((n, index) => (
        <span key={n} className={styles.pageItem}>
          {index > 0 && n - (numbers[index - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
          <Link to={href(n)} onClick={toTop} aria-current={n === page ? 'page' : undefined} aria-label={t('pagination.page', { page: n })}>
            {n}
          </Link>
        </span>
      ))}
      {page < pages ? <Link to={href(page + 1)} onClick={toTop}>{t('pagination.next')}</Link> : null}
    </nav>
  );
}
