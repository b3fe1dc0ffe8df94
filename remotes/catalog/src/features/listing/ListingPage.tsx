import { CATEGORY_ACCESSORIES, CATEGORY_CLOTHING, DEFAULT_PAGE_SIZE, type Gender, type ListingsResponse } from '@preloved/contract';
import {
  activeFilterCount,
  getListings,
  listingFiltersToParams,
  parseListingFilters,
  type ListingFiltersState,
} from '@preloved/shared';
import {
  Link,
  useNavigation,
  usePageData,
  useListingFilterChange,
  type LoaderFunctionArgs,
} from '@preloved/shared/router';
import { buttonClassName, EmptyState, ListingCards, ListingEmpty, ListingLayout, SaveSearchButton, useListingText } from '@preloved/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

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
  const navigation = useNavigation();

  useEffect(() => {
    document.title = `${t(`listing.title.${preset}`)} — Preloved`;
  }, [t, preset]);

  const apply = useListingFilterChange(filters);
  const { colourName, sizeName } = useListingText(result.filters.condition.values);
  // "Save this search" on a filtered page (an unfiltered page of everything would be every new piece).
  const filtered = activeFilterCount(filters) > 0 || (filters.gender !== undefined && preset === 'all');
  const fixed = PRESETS[preset];
  const name = [t(`listing.title.${preset}`), ...filters.colour.map((colour) => colourName(colour)), ...filters.size.map((size) => sizeName(size))].join(' · ');

  return (
    <ListingLayout
      title={t(`listing.title.${preset}`)}
      total={result.total}
      filters={{ state: filters, available: result.filters, showGender: preset !== 'women' && preset !== 'men', onChange: apply }}
      resultsLabel={t('listing.results')}
      busy={navigation.state === 'loading'}
      pagination={{ page: result.page, pages: Math.ceil(result.total / result.limit) }}
      actions={
        filtered ? (
          <SaveSearchButton
            name={name}
            path={`/${preset}?${listingFiltersToParams({ ...filters, page: 1 }).toString()}`}
            filters={{
              gender: fixed.gender ?? filters.gender,
              category: fixed.category ? [...fixed.category] : undefined,
              size: filters.size,
              colour: filters.colour,
              condition: filters.condition,
              min_price: filters.min_price,
              max_price: filters.max_price,
            }}
          />
        ) : undefined
      }
    >
      {result.products_listings.length === 0 && result.total > 0 ? (
        // Past the last page (an old link, a hand-typed ?page=99): say so and offer the first page.
        <EmptyState
          role="status"
          title={t('listing.noSuchPage', { page: result.page })}
          action={
            <Link to={`?${listingFiltersToParams({ ...filters, page: 1 }).toString()}`} className={buttonClassName('primary')}>
              {t('listing.firstPage')}
            </Link>
          }
        >
          {t('listing.noSuchPageText', { count: Math.ceil(result.total / result.limit) })}
        </EmptyState>
      ) : result.products_listings.length === 0 ? (
        <ListingEmpty title={t('listing.emptyTitle')}>{t('listing.emptyText')}</ListingEmpty>
      ) : (
        <ListingCards listings={result.products_listings} conditions={result.filters.condition.values} pieces={filters} />
      )}
    </ListingLayout>
  );
}
