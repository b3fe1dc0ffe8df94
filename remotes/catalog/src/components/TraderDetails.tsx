import { traderAddressLine, type TraderDetails as Trader } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import styles from './TraderDetails.module.css';

/**
 * "Sold by a business" and the trader's details (DSA Art. 31) on a business seller's listing and page;
 * nothing for a private person (`trader` null or absent).
 */
export function TraderDetails({ trader }: { trader: Trader | null | undefined }) {
  const { t } = useTranslation('catalog');
  if (!trader) return null;
  return (
    <div className={styles.trader}>
      <p className={styles.title}>
        <strong>{t('trader.business')}</strong>: {trader.name}
      </p>
      <p className={styles.details}>
        {traderAddressLine(trader, (code) => t(`trader.countries.${code}`, { defaultValue: code }))} · <a href={`mailto:${trader.email}`}>{trader.email}</a>
        <br />
        {t('trader.numbers', { registration: trader.registration_number, vat: trader.vat_number })}
      </p>
    </div>
  );
}
