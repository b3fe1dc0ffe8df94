import { DEFAULT_PAGE_SIZE, SEARCH_MAX_LENGTH, type ListingsResponse } from '@preloved/contract';
import { listingFiltersToParams, parseListingFilters, searchListings, type ListingFiltersState } from '@preloved/shared';
import {
  Link,
  useNavigation,
  usePageData,
  useListingFilterChange,
  type LoaderFunctionArgs,
} from '@preloved/shared/router';
import { EmptyState, ListingCards, ListingEmpty, ListingLayout, SaveSearchButton } from '@preloved/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SearchPage.module.css';

interface SearchData {
  query: string;
  filters: ListingFiltersState;
  /** null: nothing was asked (no query) or the search failed (spec §8: emptied, no message). */
  result: ListingsResponse | null;
}

/**
 * /search?q=…: the query and the filters come from the URL, so every state can be shared and reloaded.
 * Any word is searched here ("bag", "top"): the spec's more-than-3 rule is the overlay's, for typing.
 */
export async function searchLoader({ request }: LoaderFunctionArgs): Promise<SearchData> {
  const params = new URL(request.url).searchParams;
  const query = (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH);
  // A search's results come by relevance unless the shopper picks another order.
  const filters = parseListingFilters(params, 'relevance');
  if (query.length === 0) return { query, filters, result: null };
  // The search page offers no gender filter: a stray gender in the URL must not narrow it unseen.
  const result = await searchListings({ ...filters, gender: undefined, q: query, limit: DEFAULT_PAGE_SIZE }, request.signal).catch(() => null);
  return { query, filters, result };
}

/** What "Save this search" keeps of a search: its words and filters (not its order or page). */
export const savedFilters = (query: string, filters: ListingFiltersState) => ({
  q: query,
  size: filters.size,
  colour: filters.colour,
  condition: filters.condition,
  min_price: filters.min_price,
  max_price: filters.max_price,
});
const savedPath = (query: string, filters: ListingFiltersState) =>
  `/search?${listingFiltersToParams({ ...filters, page: 1 }, new URLSearchParams({ q: query }), 'relevance').toString()}`;

/** The full search result grid (spec §2 /search?q={query}): condition, size, colour and price filters, sort, pages. */
export function SearchPage() {
  const { t } = useTranslation('search');
  const { query, filters, result } = usePageData<SearchData>();
  const navigation = useNavigation();
  const searched = query.length > 0;

  useEffect(() => {
    document.title = `${searched ? t('page.documentTitle', { query }) : t('page.titleEmpty')} — Preloved`;
  }, [t, query, searched]);

  const apply = useListingFilterChange(filters, { q: query }, 'relevance');

  if (!searched) {
    return (
      <ListingLayout title={t('page.titleEmpty')} resultsLabel={t('page.results')}>
        <ListingEmpty title={t('page.hintTitle')}>{t('page.hintText')}</ListingEmpty>
      </ListingLayout>
    );
  }

  const cards = result?.products_listings ?? [];
  // Nothing found for the words themselves (not only for the chosen filters): the spec's sentence.
  const nothingFound = result !== null && result.filters.condition.values.length === 0;

  return (
    <ListingLayout
      title={t('page.title', { query })}
      total={result?.total}
      filters={result && !nothingFound ? { state: filters, available: result.filters, onChange: apply, sortByRelevance: true } : undefined}
      resultsLabel={t('page.results')}
      busy={navigation.state === 'loading'}
      pagination={result ? { page: result.page, pages: Math.ceil(result.total / result.limit) } : undefined}
      actions={<SaveSearchButton name={query} path={savedPath(query, filters)} filters={savedFilters(query, filters)} />}
    >
      {result?.corrected_q ? (
        <p role="status" className={styles.corrected}>
          {t('page.corrected', { query: result.corrected_q })}
        </p>
      ) : null}
      {nothingFound ? (
        <ListingEmpty role="status" title={t('overlay.noResults', { query })}>
          {t('page.noResultsText')}
        </ListingEmpty>
      ) : null}
      {result && !nothingFound && cards.length === 0 ? <EmptyState role="status" title={t('page.noFilteredResults')} /> : null}
      {cards.length > 0 ? <ListingCards listings={cards} conditions={result?.filters.condition.values} pieces={filters} /> : null}
      {cards.length > 0 ? (
        <p className={styles.ranking}>
          <Link to="/how-search-works">{t('page.howRanked')}</Link>
        </p>
      ) : null}
    </ListingLayout>
  );
}
