import { BRAND_GUARANTEE_YEARS, traderAddressLine, type PackageSeller } from '@preloved/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './SellerNotices.module.css';

/**
 * Before paying, per package: whether its seller is a private person (EU consumer withdrawal rights do
 * not apply; Buyer Protection does) or a business (its details, and the buyer's consumer rights):
 * Consumer Rights Directive Art. 6a, DSA Art. 31. The brand's own package (Brand Direct) says so, with the
 * 14-day withdrawal and the legal guarantee. Nothing until the server said who sells.
 */
export function SellerNotices({ sellers }: { sellers: PackageSeller[] | undefined }) {
  const { t } = useTranslation('bag');
  const titleId = useId();
  if (!sellers || sellers.length === 0) return null;
  return (
    <section className={styles.notices} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('sellerNotice.title')}
      </h2>
      <ul className={styles.list}>
        {sellers.map((seller) => (
          <li key={seller.seller_id} className={styles.notice}>
            <strong>{t('sellerNotice.package', { name: seller.FirstName })}</strong>{' '}
            {seller.trader
              ? t(seller.trader.brand ? 'sellerNotice.brand' : 'sellerNotice.business', {
                  name: seller.trader.name,
                  address: traderAddressLine(seller.trader, (code) => t(`countries.${code}`, { defaultValue: code })),
                  registration: seller.trader.registration_number,
                  vat: seller.trader.vat_number,
                  email: seller.trader.email,
                  years: BRAND_GUARANTEE_YEARS,
                })
              : t('sellerNotice.private')}
          </li>
        ))}
      </ul>
    </section>
  );
}
