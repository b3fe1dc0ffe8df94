import { BRAND_GUARANTEE_YEARS, traderAddressLine, type TraderDetails as Trader } from '@preloved/contract';
import { useBrandDetails } from '@preloved/shared';
import { useTranslation } from 'react-i18next';
import styles from './TraderDetails.module.css';

/**
 * "Sold by a business" and the trader's details (DSA Art. 31) on a business seller's listing and page;
 * nothing for a private person (`trader` null or absent). The brand's own piece (Brand Direct) is "Sold by"
 * the brand, with the buyer's 14 days to return it and the legal guarantee.
 */
export function TraderDetails({ trader }: { trader: Trader | null | undefined }) {
  const { t } = useTranslation('catalog');
  const { brand } = useBrandDetails();
  if (!trader) return null;
  return (
    <div className={styles.trader}>
      <p className={styles.title}>
        <strong>{trader.brand ? t('trader.brand', { brand: brand?.name ?? trader.name }) : t('trader.business')}</strong>: {trader.name}
      </p>
      {trader.brand ? <p className={styles.details}>{t('trader.brandRights', { years: BRAND_GUARANTEE_YEARS })}</p> : null}
      <p className={styles.details}>
        {traderAddressLine(trader, (code) => t(`trader.countries.${code}`, { defaultValue: code }))} · <a href={`mailto:${trader.email}`}>{trader.email}</a>
        <br />
        {t('trader.numbers', { registration: trader.registration_number, vat: trader.vat_number })}
      </p>
    </div>
  );
}
