import { Link, useLocation } from '@preloved/shared';
import styles from './Pagination.module.css';

export interface PaginationLabels {
  /** The navigation landmark's name. */
  label: string;
  previous: string;
  next: string;
  /** The accessible name of a page number's link. */
  page: (page: number) => string;
}

const toTop = () => window.scrollTo({ top: 0 });

/** Page links that keep every other URL parameter (filters, the search), so any page can be shared. */
export function Pagination({ page, pages, labels }: { page: number; pages: number; labels: PaginationLabels }) {
  const { pathname, search } = useLocation();
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
    <nav className={styles.pagination} aria-label={labels.label}>
      {page > 1 ? (
        <Link to={href(page - 1)} onClick={toTop}>
          {labels.previous}
        </Link>
      ) : null}
      {numbers.map((n, index) => (
        <span key={n} className={styles.item}>
          {index > 0 && n - (numbers[index - 1] ?? n) > 1 ? <span aria-hidden="true">…</span> : null}
          <Link to={href(n)} onClick={toTop} aria-current={n === page ? 'page' : undefined} aria-label={labels.page(n)}>
            {n}
          </Link>
        </span>
      ))}
      {page < pages ? (
        <Link to={href(page + 1)} onClick={toTop}>
          {labels.next}
        </Link>
      ) : null}
    </nav>
  );
}
