import { activeFilterCount, type ListingFiltersState } from '@preloved/shared';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from './Button';
import { CloseIcon } from './icons';
import { ListingFilters, type AvailableFilters } from './ListingFilters';
import styles from './ListingLayout.module.css';
import { Pagination } from './Pagination';
import { useListingText } from './use-listing-text';
import { useModalDialog } from './use-modal-dialog';

export interface ListingLayoutProps {
  title: string;
  /** How many cards were found; not shown when unknown. */
  total?: number;
  /** Filters and sort, when there is something to filter; every change goes to `onChange`. */
  filters?: {
    state: ListingFiltersState;
    available: AvailableFilters;
    showGender?: boolean;
    /** A search offers "Relevance" among the sorts (and it is the search's default). */
    sortByRelevance?: boolean;
    onChange: (next: Partial<ListingFiltersState>) => void;
  };
  /** The results region's name. */
  resultsLabel: string;
  /** A new page of results is on its way: the old one fades. */
  busy?: boolean;
  pagination?: { page: number; pages: number };
  /** Beside the title and count ("Save this search"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** Every filter off (sort and the page's own parameters stay). */
export const NO_FILTERS: Partial<ListingFiltersState> = { size: [], colour: [], condition: [], min_price: undefined, max_price: undefined, gender: undefined };

/** One chip per chosen filter value: a tap removes that value only. */
function FilterChips({ state, available, onChange }: { state: ListingFiltersState; available: AvailableFilters; onChange: (next: Partial<ListingFiltersState>) => void }) {
  const { t } = useTranslation('common');
  const { conditionName, colourName, sizeName, price } = useListingText(available.condition.values);
  const chips: { key: string; label: string; remove: Partial<ListingFiltersState> }[] = [];
  if (state.gender) chips.push({ key: 'gender', label: t(`catalogue.filters.genders.${state.gender}`), remove: { gender: undefined } });
  for (const size of state.size) chips.push({ key: `size-${size}`, label: `${t('catalogue.filters.size')} ${sizeName(size)}`, remove: { size: state.size.filter((value) => value !== size) } });
  for (const colour of state.colour) {
    const known = available.colour.values.find((value) => value.id === colour);
    chips.push({ key: `colour-${colour}`, label: colourName(colour, known?.option), remove: { colour: state.colour.filter((value) => value !== colour) } });
  }
  for (const condition of state.condition) chips.push({ key: `condition-${condition}`, label: conditionName(condition), remove: { condition: state.condition.filter((value) => value !== condition) } });
  if (state.min_price !== undefined || state.max_price !== undefined) {
    const label =
      state.min_price !== undefined && state.max_price !== undefined
        ? `${price(state.min_price)} – ${price(state.max_price)}`
        : state.min_price !== undefined
          ? t('catalogue.filters.priceFrom', { price: price(state.min_price) })
          : t('catalogue.filters.priceTo', { price: price(state.max_price!) });
    chips.push({ key: 'price', label, remove: { min_price: undefined, max_price: undefined } });
  }
  if (chips.length === 0) return null;
  return (
    <div className={styles.chips}>
      <ul aria-label={t('catalogue.filters.active')}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className={styles.chip} aria-label={t('catalogue.filters.remove', { name: chip.label })} onClick={() => onChange(chip.remove)}>
              <span>{chip.label}</span>
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.clearAll} onClick={() => onChange(NO_FILTERS)}>
        {t('catalogue.filters.clearAll')}
      </button>
    </div>
  );
}

/**
 * A page of listings (the catalogue's pages, search): title and count, the sort and the filters, the
 * chosen filters as chips that remove one value each, the results and their pages. On phones the
 * filters are a bottom sheet whose "Show N results" counts live as options change; on wide screens
 * they are a column that stays in view. An empty result under filters offers to clear them.
 */
export function ListingLayout({ title, total, filters, resultsLabel, busy = false, pagination, actions, children }: ListingLayoutProps) {
  const { t } = useTranslation('common');
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetTitleId = useId();
  const sheet = useModalDialog(sheetOpen, () => setSheetOpen(false));
  const active = filters ? activeFilterCount(filters.state) + (filters.state.gender ? 1 : 0) : 0;

  // The sheet is a phone's: a window widened past the breakpoint shows the column instead.
  useEffect(() => {
    if (!sheetOpen || typeof window.matchMedia !== 'function') return undefined;
    const wide = window.matchMedia('(min-width: 960px)');
    const close = () => wide.matches && setSheetOpen(false);
    wide.addEventListener?.('change', close);
    return () => wide.removeEventListener?.('change', close);
  }, [sheetOpen]);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{title}</h1>
        {total !== undefined ? (
          <p className={styles.count} aria-live="polite">
            {t('catalogue.count', { count: total })}
          </p>
        ) : null}
        {actions}
      </div>
      {filters ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${buttonClassName('secondary')} ${styles.filtersToggle}`}
            aria-haspopup="dialog"
            aria-expanded={sheetOpen}
            onClick={() => setSheetOpen(true)}
          >
            {active > 0 ? t('catalogue.filters.buttonActive', { count: active }) : t('catalogue.filters.button')}
          </button>
          <label className={styles.sort}>
            <span>{t('catalogue.sort.label')}</span>
            <select
              value={filters.state.sort}
              onChange={(event) => filters.onChange({ sort: event.target.value as ListingFiltersState['sort'] })}
            >
              {filters.sortByRelevance ? <option value="relevance">{t('catalogue.sort.relevance')}</option> : null}
              <option value="price_asc">{t('catalogue.sort.price_asc')}</option>
              <option value="price_desc">{t('catalogue.sort.price_desc')}</option>
              <option value="newest">{t('catalogue.sort.newest')}</option>
            </select>
          </label>
        </div>
      ) : null}
      {filters ? <FilterChips state={filters.state} available={filters.available} onChange={filters.onChange} /> : null}
      <div className={styles.body} data-filters={filters ? true : undefined}>
        {filters ? (
          <aside className={styles.filters} aria-label={t('catalogue.filters.button')}>
            <ListingFilters filters={filters.state} available={filters.available} showGender={filters.showGender} onChange={filters.onChange} />
          </aside>
        ) : null}
        <section className={styles.results} aria-busy={busy} aria-label={resultsLabel}>
          {children}
          {filters && total === 0 && active > 0 ? (
            <p className={styles.emptyActions}>
              <Button variant="primary" onClick={() => filters.onChange(NO_FILTERS)}>
                {t('catalogue.filters.clear')}
              </Button>
            </p>
          ) : null}
          {pagination && pagination.pages > 1 ? <Pagination page={pagination.page} pages={pagination.pages} /> : null}
        </section>
      </div>
      {filters ? (
        <dialog ref={sheet} className={styles.sheet} aria-labelledby={sheetTitleId}>
          {sheetOpen ? (
            <>
              <div className={styles.sheetHead}>
                <h2 id={sheetTitleId} className={styles.sheetTitle}>
                  {t('catalogue.filters.button')}
                </h2>
                <button type="button" className={styles.sheetClose} aria-label={t('catalogue.filters.close')} onClick={() => setSheetOpen(false)}>
                  <CloseIcon size={20} />
                </button>
              </div>
              <div className={styles.sheetBody}>
                <ListingFilters
                  filters={filters.state}
                  available={filters.available}
                  showGender={filters.showGender}
                  onChange={filters.onChange}
                  clearButton={false}
                />
              </div>
              <div className={styles.sheetFoot}>
                <Button variant="ghost" onClick={() => filters.onChange(NO_FILTERS)} disabled={active === 0}>
                  {t('catalogue.filters.clearAll')}
                </Button>
                <Button variant="primary" onClick={() => setSheetOpen(false)} busy={busy}>
                  {t('catalogue.filters.show', { count: total ?? 0 })}
                </Button>
              </div>
            </>
          ) : null}
        </dialog>
      ) : null}
    </div>
  );
}
