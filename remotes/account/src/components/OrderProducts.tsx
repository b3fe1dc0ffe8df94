import type { OrderProduct } from '@preloved/contract';
import { formatPrice } from '@preloved/shared';
import { useListingText } from '@preloved/ui';
import { useTranslation } from 'react-i18next';
import parts from './OrderParts.module.css';

/** The pieces of a package, as an order and a sale show them: photo, title, colour and size, price. */
export function OrderProducts({ products, currency }: { products: OrderProduct[]; currency: string }) {
  const { t, i18n } = useTranslation('account');
  const { colourName, sizeName } = useListingText();
  return (
    <ul className={parts.products}>
      {products.map((product) => (
        <li key={product.listing_id}>
          <img src={product.photo} alt="" width={64} height={80} loading="lazy" />
          <div>
            <p className={parts.productTitle}>{product.title}</p>
            <p className={parts.meta}>{t('order.options', { colour: colourName(product.options.O1Child), size: sizeName(product.options.O2Child) })}</p>
          </div>
          <p className={parts.price}>{formatPrice(product.price, i18n.language, currency)}</p>
        </li>
      ))}
    </ul>
  );
}
