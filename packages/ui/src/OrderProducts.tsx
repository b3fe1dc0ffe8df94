import { formatMoney, type OrderProduct } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import styles from './OrderProducts.module.css';
import { useListingText } from './use-listing-text';

/**
 * The pieces of an order, as the buyer's order, the seller's sale and the review page show them:
 * photo, title, colour and size, price (one list for the account and bag-checkout remotes).
 */
export function OrderProducts({
  products,
  currency,
  details,
}: {
  products: readonly OrderProduct[];
  currency: string;
  /** What a page adds under a piece (its refund, a control for it), or nothing. */
  details?: (product: OrderProduct) => ReactNode;
}) {
  const { t, i18n } = useTranslation('common');
  const { colourName, sizeName } = useListingText();
  return (
    <ul className={styles.products}>
      {products.map((product) => (
        <li key={product.listing_id}>
          <img src={product.photo} alt="" width={64} height={80} loading="lazy" />
          <div>
            <p className={styles.title}>{product.title}</p>
            <p className={styles.meta}>
              {t('catalogue.card.options', { colour: colourName(product.options.O1Child), size: sizeName(product.options.O2Child) })}
            </p>
            {details?.(product)}
          </div>
          <p className={styles.price}>{formatMoney(product.price, i18n.language, { currency })}</p>
        </li>
      ))}
    </ul>
  );
}
