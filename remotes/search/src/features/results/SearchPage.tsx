import { DEFAULT_PAGE_SIZE, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type ListingsResponse } from '@preloved/contract';
import {
  activeFilterCount,
  Link,
  listingFiltersToParams,
  parseListingFilters,
  searchListings,
  useNavigation,
  usePageData,
  useSearchParams,
  type ListingFiltersState,
  type LoaderFunctionArgs,
} from '@preloved/shared';
import { buttonClassName, EmptyState, ListingFilters, Pagination, ProductCard } from '@preloved/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardText } from '../common/use-card-text';
import styles from './SearchPage.module.css';

interface SearchData {
  query: string;
  filters: ListingFiltersState;
  /** null: nothing was asked (a query of 3 characters or fewer) or the search failed (spec §8: emptied, no message). */
  result: ListingsResponse | null;
}

/** /search?q=…: the query and the filters come from the URL, so every state can be shared and reloaded. */
export async function searchLoader({ request }: LoaderFunctionArgs): Promise<SearchData> {
  const params = new URL(request.url).searchParams;
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  const filters = parseListingFilters(params);
  if (query.length < SEARCH_MIN_LENGTH) return { query, filters, result: null };
  // The search page offers no gender filter: a stray gender in the URL must not narrow it unseen.
  const result = await searchListings({ ...filters, gender: undefined, q: query, limit: DEFAULT_PAGE_SIZE }, request.signal).catch(() => null);
  return { query, filters, result };
}

/** The full search result grid (spec §2 /search?q={query}): condition, size, colour and price filters, sort, pages. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const { query, filters, result } = usePageData<SearchData>();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { conditionName, cardText } = useCardText(result?.filters.condition.values);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const searched = query.length >= SEARCH_MIN_LENGTH;

  useEffect(() => {
    document.title = `${searched ? t('page.documentTitle', { query }) : t('page.titleEmpty')} — Preloved`;
  }, [t, query, searched]);

  const apply = (next: Partial<ListingFiltersState>) =>
    setSearchParams(listingFiltersToParams({ ...filters, page: 1, ...next }, new URLSearchParams({ q: query })), {
      preventScrollReset: true,
    });

  if (!searched) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('page.titleEmpty')}</h1>
        <EmptyState
          title={t('page.hintTitle')}
          action={
            <Link to="/all?sort=newest" className={buttonClassName('primary')}>
              {t('page.newArrivals')}
            </Link>
          }
        >
          {t('page.hintText')}
        </EmptyState>
      </div>
    );
  }

  const active = activeFilterCount(filters);
  const cards = result?.products_listings ?? [];
  const pages = result ? Math.max(1, Math.ceil(result.total / result.limit)) : 1;
  // Nothing found for the words themselves (not only for the chosen filters): the spec's sentence.
  const nothingFound = result !== null && result.filters.condition.values.length === 0;

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('page.title', { query })}</h1>
        {result ? (
          <p className={styles.count} aria-live="polite">
            {t('page.count', { count: result.total })}
          </p>
        ) : null}
      </div>
      {result && !nothingFound ? (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${buttonClassName('secondary')} ${styles.filtersToggle}`}
            aria-expanded={filtersOpen}
            aria-controls="search-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {active > 0 ? t('filters.buttonActive', { count: active }) : t('filters.button')}
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
      ) : null}
      <div className={styles.body} data-filters={Boolean(result && !nothingFound) || undefined}>
        {result && !nothingFound ? (
          <div id="search-filters" className={styles.filters} data-open={filtersOpen || undefined}>
            <ListingFilters
              filters={filters}
              available={result.filters}
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
        ) : null}
        <section className={styles.results} aria-busy={navigation.state === 'loading'} aria-label={t('page.results')}>
          {nothingFound ? (
            <EmptyState
              role="status"
              title={t('overlay.noResults', { query })}
              action={
                <Link to="/all?sort=newest" className={buttonClassName('primary')}>
                  {t('page.newArrivals')}
                </Link>
              }
            >
              {t('page.noResultsText')}
            </EmptyState>
          ) : null}
          {result && !nothingFound && cards.length === 0 ? <EmptyState role="status" title={t('page.noFilteredResults')} /> : null}
          {cards.length > 0 ? (
            <ul className={styles.grid}>
              {cards.map((listing, index) => (
                <li key={listing.product_variant_id}>
                  <ProductCard
                    to={`/product/${listing.product_id}?variant=${listing.product_variant_id}`}
                    photo={listing.photo}
                    title={listing.title}
                    eager={index < 4}
                    {...cardText(listing)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          {pages > 1 && result ? (
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
