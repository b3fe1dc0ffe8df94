import { activeFilterCount, type ListingFiltersState } from '@preloved/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './Button';
import { ListingFilters, type AvailableFilters } from './ListingFilters';
import styles from './ListingLayout.module.css';
import { Pagination } from './Pagination';

export interface ListingLayoutProps {
  title: string;
  /** How many cards were found; not shown when unknown. */
  total?: number;
  /** Filters and sort, when there is something to filter; every change goes to `onChange`. */
  filters?: {
    state: ListingFiltersState;
    available: AvailableFilters;
    showGender?: boolean;
    /** A search offers "Relevance" among the sorts (min price ascending stays the default). */
    sortByRelevance?: boolean;
    onChange: (next: Partial<ListingFiltersState>) => void;
  };
  /** The results region's name. */
  resultsLabel: string;
  /** A new page of results is on its way: the old one fades. */
  busy?: boolean;
  pagination?: { page: number; pages: number };
  children: ReactNode;
}

/**
 * A page of listings (the catalogue's pages, search): title and count, the sort and the filters (a
 * panel behind a button on phones, a column on wide screens), the results and their pages.
 */
export function ListingLayout({ title, total, filters, resultsLabel, busy = false, pagination, children }: ListingLayoutProps) {
  const { t } = useTranslation('common');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const active = filters ? activeFilterCount(filters.state) : 0;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{title}</h1>
        {total !== undefined ? (
          <p className={styles.count} aria-live="polite">
            {t('catalogue.count', { count: total })}
          </p>
        ) : null}
      </div>
      {filters ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${buttonClassName('secondary')} ${styles.filtersToggle}`}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {active > 0 ? t('catalogue.filters.buttonActive', { count: active }) : t('catalogue.filters.button')}
          </button>
          <label className={styles.sort}>
            <span>{t('catalogue.sort.label')}</span>
            <select
              value={filters.state.sort}
              onChange={(event) => filters.onChange({ sort: event.target.value as ListingFiltersState['sort'] })}
            >
              <option value="price_asc">{t('catalogue.sort.price_asc')}</option>
              <option value="price_desc">{t('catalogue.sort.price_desc')}</option>
              <option value="newest">{t('catalogue.sort.newest')}</option>
              {filters.sortByRelevance ? <option value="relevance">{t('catalogue.sort.relevance')}</option> : null}
            </select>
          </label>
        </div>
      ) : null}
      <div className={styles.body} data-filters={filters ? true : undefined}>
        {filters ? (
          <div id={filtersId} className={styles.filters} data-open={filtersOpen || undefined}>
            <ListingFilters
              filters={filters.state}
              available={filters.available}
              showGender={filters.showGender}
              onChange={filters.onChange}
            />
          </div>
        ) : null}
        <section className={styles.results} aria-busy={busy} aria-label={resultsLabel}>
          {children}
          {pagination && pagination.pages > 1 ? <Pagination page={pagination.page} pages={pagination.pages} /> : null}
        </section>
      </div>
    </div>
  );
}
