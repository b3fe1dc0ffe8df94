import type { ListingOffer, VerificationMode } from '@preloved/contract';
import { verificationContext } from '@preloved/shared';
import { useTranslation } from 'react-i18next';
import styles from './AllInPrice.module.css';

/**
 * A piece's all-in price (as the EU's consumer authorities asked of Vinted): the price
 * with the buyer fees the server's checkout pricing adds to one piece ("€21.95 incl. Buyer
 * Protection"), and with `explain` what those fees buy. Nothing is worked out here: the amounts are
 * the product answer's `buyer_price` and `buyer_protection`. `verification`, the brand's mode (issue 48):
 * only a store that checks pieces at its hub says the fees pay for a check.
 */
export function AllInPrice({
  listing,
  price,
  explain = false,
  verification = null,
}: {
  listing: ListingOffer;
  price: (amount: number) => string;
  explain?: boolean;
  verification?: VerificationMode | null;
}) {
  const { t } = useTranslation('catalog');
  if (listing.buyer_price === undefined || listing.buyer_protection === undefined) return null;
  return (
    <>
      <p className={styles.allIn}>{t('allIn.price', { price: price(listing.buyer_price) })}</p>
      {explain ? (
        <p className={styles.explain}>
          {t('allIn.explain', { piece: price(listing.price), fees: price(listing.buyer_protection), context: verificationContext(verification) })}
        </p>
      ) : null}
    </>
  );
}
