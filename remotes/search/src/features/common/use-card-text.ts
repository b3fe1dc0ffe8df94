import type { ProductListing } from '@preloved/contract';
import { formatPriceRange } from '@preloved/shared';
import { useTranslation } from 'react-i18next';

/**
 * The translated texts of a result card (spec §2): condition, first size, number of colours, and the
 * price or price range in euros. Conditions are translated by id, falling back to the API's words.
 */
export function useCardText(conditions: { id: number; option: string }[] = []) {
  const { t, i18n } = useTranslation('search');
  const conditionName = (id: number) =>
    t(`conditions.${id}`, { defaultValue: conditions.find((value) => value.id === id)?.option ?? '' });
  const cardText = (listing: ProductListing) => ({
    condition: conditionName(listing.condition_id),
    size: listing.Size[0] ? t('card.size', { size: listing.Size[0].O2Child }) : undefined,
    colours: t('card.colours', { count: listing.option1array.length }),
    price: formatPriceRange(listing.min_price, listing.max_price, i18n.language),
  });
  return { conditionName, cardText };
}
