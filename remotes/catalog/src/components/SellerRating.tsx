import { localeOf, numberFormat, type SellerRating as Rating } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import styles from './SellerRating.module.css';

export interface SellerRatingProps {
  rating: Rating;
  /** One line for "Listed by" and the listing rows; the seller's page shows it larger. */
  size?: 'small' | 'large';
}

/** "4.7" in English, "4,7" in Portuguese: always one decimal, as the API rounds it. */
export function formatAverage(average: number, language: string): string {
  return numberFormat(localeOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

/**
 * A seller's rating: five stars filled to the average, the figure and the number of
 * reviews. Read out as one phrase ("4.7 out of 5, 12 reviews"), never as star glyphs; a seller
 * nobody rated says so.
 */
export function SellerRating({ rating, size = 'small' }: SellerRatingProps) {
  const { t, i18n } = useTranslation('catalog');
  const className = `${styles.rating} ${size === 'large' ? styles.large : ''}`;
  if (rating.average === null || rating.count === 0) return <span className={`${className} ${styles.none}`}>{t('rating.none')}</span>;
  const average = formatAverage(rating.average, i18n.language);
  return (
    <span className={className} role="img" aria-label={t('rating.label', { average, count: rating.count })}>
      <span className={styles.stars}>
        ★★★★★
        <span className={styles.filled} style={{ width: `${(Math.min(5, Math.max(0, rating.average)) / 5) * 100}%` }}>
          ★★★★★
        </span>
      </span>
      <span className={styles.figure}>{average}</span>
      <span className={styles.count}>({rating.count})</span>
    </span>
  );
}
