import type { ProductListing } from '@preloved/contract';
import { formatPrice, formatPriceRange } from '@preloved/shared';
import { useTranslation } from 'react-i18next';

/**
 * The catalogue's words in the shopper's language, for every page that shows listings: conditions
 * (by id, falling back to the API's own words), colours, sizes, prices, and the texts of a card
 * (spec §2: condition, first size, number of colours, price or price range in euros).
 */
export function useListingText(conditions: readonly { id: number; option: string }[] = []) {
  const { t, i18n } = useTranslation('common');
  const conditionName = (id: number) =>
    t(`catalogue.conditions.${id}`, { defaultValue: conditions.find((value) => value.id === id)?.option ?? '' });
  /** A colour by its id or its English name ('navy', 'Navy'). */
  const colourName = (colour: string, fallback = colour) => t(`catalogue.colours.${colour.toLowerCase()}`, { defaultValue: fallback });
  const sizeLabel = (size: string) => t('catalogue.card.size', { size });
  const price = (euros: number) => formatPrice(euros, i18n.language);
  const cardText = (listing: ProductListing) => ({
    condition: conditionName(listing.condition_id),
    size: listing.Size[0] ? sizeLabel(listing.Size[0].O2Child) : undefined,
    colours: t('catalogue.card.colours', { count: listing.option1array.length }),
    price: formatPriceRange(listing.min_price, listing.max_price, i18n.language),
  });
  return { conditionName, colourName, sizeLabel, price, cardText };
}
