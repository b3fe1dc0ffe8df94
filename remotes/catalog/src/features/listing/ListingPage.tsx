import { CATEGORY_ACCESSORIES, CATEGORY_CLOTHING, DEFAULT_PAGE_SIZE, type Gender, type ListingsResponse } from '@preloved/contract';
import {
  activeFilterCount,
  getListings,
  Link,
  listingFiltersToParams,
  parseListingFilters,
  useNavigation,
  usePageData,
  useSearchParams,
  type ListingFiltersState,
  type LoaderFunctionArgs,
} from '@preloved/shared';
import { buttonClassName, EmptyState, ListingFilters, Pagination, ProductCard } from '@preloved/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardText, useConditionName } from '../common/use-card-text';
import styles from './ListingPage.module.css';

export type ListingPreset = 'all' | 'women' | 'men' | 'clothing' | 'accessories';

/** What each listing route fixes (spec §2): a gender, or category ids. */
const PRESETS: Record<ListingPreset, { gender?: Gender; category?: readonly number[] }> = {
  all: {},
  women: { gender: 'women' },
  men: { gender: 'men' },
  clothing: { category: [CATEGORY_CLOTHING] },
  accessories: { category: CATEGORY_ACCESSORIES },
};

interface ListingData {
  preset: ListingPreset;
  filters: ListingFiltersState;
  result: ListingsResponse;
}

export function listingLoader(preset: ListingPreset) {
  return async ({ request }: LoaderFunctionArgs): Promise<ListingData> => {
    const filters = parseListingFilters(new URL(request.url).searchParams);
    const fixed = PRESETS[preset];
    const result = await getListings(
      {
        ...filters,
        gender: fixed.gender ?? filters.gender,
        category: fixed.category,
        limit: DEFAULT_PAGE_SIZE,
      },
      request.signal,
    );
    return { preset, filters, result };
  };
}

export function ListingPage() {
  const { t } = useTranslation('catalog');
  const { preset, filters, result } = usePageData<ListingData>();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const conditionName = useConditionName(result.filters.condition.values);
  const cardText = useCardText();
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    document.title = `${t(`listing.title.${preset}`)} — Preloved`;
  }, [t, preset]);

  const apply = (next: Partial<ListingFiltersState>) =>
    setSearchParams(listingFiltersToParams({ ...filters, page: 1, ...next }), { preventScrollReset: true });

  const pages = Math.max(1, Math.ceil(result.total / result.limit));
  const activeCount = activeFilterCount(filters);

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t(`listing.title.${preset}`)}</h1>
        <p className={styles.count} aria-live="polite">
          {t('listing.count', { count: result.total })}
        </p>
      </div>
      <div className={styles.toolbar}>
        <button
          type="button"
          className={`${buttonClassName('secondary')} ${styles.filtersToggle}`}
          aria-expanded={filtersOpen}
          aria-controls="listing-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {activeCount > 0 ? t('filters.buttonActive', { count: activeCount }) : t('filters.button')}
        </button>
        <label className={styles.sort}>
          <span>{t('sort.label')}</span>
          <select value={filters.sort} onChange={(event) => apply({ sort: event.target.value as ListingFiltersState['sort'] })}>
            <option value="price_asc">{t('sort.price_asc')}</option>
            <option value="price_desc">{t('sort.price_desc')}</option>
            <option value="newest">{t('sort.newest')}</option>
          </select>
        </label>
      </div>
      <div className={styles.body}>
        <div id="listing-filters" className={styles.filters} data-open={filtersOpen || undefined}>
          <ListingFilters
            filters={filters}
            available={result.filters}
            showGender={preset !== 'women' && preset !== 'men'}
            labels={{
              gender: t('filters.gender'),
              genders: { all: t('filters.genders.all'), women: t('filters.genders.women'), men: t('filters.genders.men') },
              size: t('filters.size'),
              colour: t('filters.colour'),
              condition: t('filters.condition'),
              price: t('filters.price'),
              minPrice: t('filters.minPrice'),
              maxPrice: t('filters.maxPrice'),
              applyPrice: t('filters.applyPrice'),
              clear: t('filters.clear'),
            }}
            conditionName={conditionName}
            colourName={(id, fallback) => t(`colours.${id}`, { defaultValue: fallback })}
            onChange={apply}
          />
        </div>
        <section className={styles.results} aria-busy={navigation.state === 'loading'} aria-label={t('listing.results')}>
          {result.products_listings.length === 0 ? (
            <EmptyState
              title={t('listing.emptyTitle')}
              action={
                <Link to="/all?sort=newest" className={buttonClassName('primary')}>
                  {t('listing.newArrivals')}
                </Link>
              }
            >
              {t('listing.emptyText')}
            </EmptyState>
          ) : (
            <ul className={styles.grid}>
              {result.products_listings.map((listing, index) => (
                <li key={listing.product_variant_id}>
                  <ProductCard
                    to={`/product/${listing.product_id}?variant=${listing.product_variant_id}`}
                    photo={listing.photo}
                    title={listing.title}
                    eager={index < 4}
                    {...cardText(listing, conditionName)}
                  />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <Pagination
              page={result.page}
              pages={pages}
              labels={{
                label: t('pagination.label'),
                previous: t('pagination.previous'),
                next: t('pagination.next'),
                page: (page) => t('pagination.page', { page }),
              }}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
