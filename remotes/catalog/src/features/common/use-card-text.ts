import type { ProductListing } from '@preloved/contract';
import { formatPriceRange } from '@preloved/shared';
import { useTranslation } from 'react-i18next';

/** The translated texts of a listing card: condition, first size, colours, price or range in €. */
export function useCardText() {
  const { t, i18n } = useTranslation('catalog');
  return (listing: ProductListing, conditionName: (id: number) => string) => ({
    condition: conditionName(listing.condition_id),
    size: listing.Size[0] ? t('card.size', { size: listing.Size[0].O2Child }) : undefined,
    colours: t('card.colours', { count: listing.option1array.length }),
    price: formatPriceRange(listing.min_price, listing.max_price, i18n.language),
  });
}

/** Condition names: translated by id, falling back to the API's own words. */
export function useConditionName(values: { id: number; option: string }[] = []) {
  const { t } = useTranslation('catalog');
  return (id: number) => {
    const fallback = values.find((value) => value.id === id)?.option ?? '';
    return t(`conditions.${id}`, { defaultValue: fallback });
  };
}
