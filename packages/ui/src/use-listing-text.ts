import { formatMoney, formatMoneyRange, type ProductListing } from '@preloved/contract';
import { useTranslation } from 'react-i18next';

/**
 * The catalogue's words in the shopper's language, for every page that shows listings: conditions
 * (by id, falling back to the API's own words), colours, sizes, prices, and the texts of a card
 * (spec §2: condition, size, number of colours, price or price range in euros).
 */
export function useListingText(conditions: readonly { id: number; option: string }[] = []) {
  const { t, i18n } = useTranslation('common');
  const conditionName = (id: number) =>
    t(`catalogue.conditions.${id}`, { defaultValue: conditions.find((value) => value.id === id)?.option ?? '' });
  /** A colour by its id or its English name ('navy', 'Navy'). */
  const colourName = (colour: string, fallback = colour) => t(`catalogue.colours.${colour.toLowerCase()}`, { defaultValue: fallback });
  /** A size as a shopper reads it: letters and numbers as they are, "One size" in their language. */
  const sizeName = (size: string) => t(`catalogue.sizes.${size}`, { defaultValue: size });
  const sizeLabel = (size: string) => (size === 'One size' ? t('catalogue.card.oneSize') : t('catalogue.card.size', { size }));
  const categoryName = (id: number, fallback: string) => t(`catalogue.categories.${id}`, { defaultValue: fallback });
  const price = (euros: number) => formatMoney(euros, i18n.language);
  /**
   * A card's texts: its pieces are the variant's listings that match the filters, and each
   * text describes all of them, one value when they share it, else honestly a range ("2 conditions",
   * "Sizes XS–L", "€28.00 – €61.50"), so a card never pairs one piece's condition with another's size.
   */
  /**
   * A card's title: a card is one colour of a product, so when the product has several the title
   * names the card's colour (two cards with one title looked like duplicates).
   */
  const cardTitle = (listing: Pick<ProductListing, 'title' | 'option1array' | 'colour'>) =>
    listing.colour && listing.option1array.length > 1
      ? t('catalogue.card.titleWithColour', { title: listing.title, colour: colourName(listing.colour.id, listing.colour.option) })
      : listing.title;
  const cardText = (listing: ProductListing) => {
    const conditionIds = listing.condition_ids.length > 0 ? listing.condition_ids : [listing.condition_id];
    const sizes = listing.Size.map((entry) => entry.O2Child);
    return {
      condition: conditionIds.length === 1 ? conditionName(conditionIds[0]!) : t('catalogue.card.conditions', { count: conditionIds.length }),
      size:
        sizes.length === 0
          ? undefined
          : sizes.length === 1
            ? sizeLabel(sizes[0]!)
            : t('catalogue.card.sizeRange', { from: sizeName(sizes[0]!), to: sizeName(sizes[sizes.length - 1]!) }),
      colours: t('catalogue.card.colours', { count: listing.option1array.length }),
      price: formatMoneyRange(listing.min_price, listing.max_price, i18n.language),
    };
  };
  return { conditionName, colourName, sizeName, sizeLabel, categoryName, price, cardText, cardTitle };
}
