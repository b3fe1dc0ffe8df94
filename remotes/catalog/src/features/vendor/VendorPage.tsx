import { dateTimeFormat, localeOf } from '@preloved/contract';
import type { SellerReviews, VendorResponse } from '@preloved/contract';
import { getVendor } from '@preloved/shared';
import { usePageData, type LoaderFunctionArgs } from '@preloved/shared/router';
import { PieceCards } from '@preloved/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFound } from '../../components/NotFound';
import { SellerRating } from '../../components/SellerRating';
import { AnswerTime } from '../../components/AnswerTime';
import { getSellerReviews } from './reviews-api';
import { VendorReviews } from './VendorReviews';
import styles from './VendorPage.module.css';
import { TraderDetails } from '../../components/TraderDetails';
import { ReportButton } from '../../components/report/ReportButton';

interface VendorData {
  vendor: VendorResponse | null;
  /** The first page of reviews; null when they could not be read (the page still shows the rating). */
  reviews: SellerReviews | null;
}

export async function vendorLoader({ params, request }: LoaderFunctionArgs): Promise<VendorData> {
  const id = Number(params.vendorId);
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) return { vendor: null, reviews: null };
  const [vendor, reviews] = await Promise.all([getVendor(id, request.signal), getSellerReviews(id, 1, request.signal).catch(() => null)]);
  return { vendor, reviews };
}

export function VendorPage() {
  const { t, i18n } = useTranslation('catalog');
  const { vendor, reviews } = usePageData<VendorData>();
  useEffect(() => {
    document.title = vendor ? `${t('vendor.title', { name: vendor.FirstName })} — Preloved` : `${t('vendor.notFoundTitle')} — Preloved`;
  }, [vendor, t]);
  if (!vendor) return <NotFound title={t('vendor.notFoundTitle')} text={t('vendor.notFoundText')} />;

  // A seller with a bundle discount and pieces enough for it invites to shop a bundle.
  const bundle = Boolean(vendor.bundle_tiers?.length) && vendor.listings.length >= 2;
  const since = dateTimeFormat(localeOf(i18n.language), { month: 'long', year: 'numeric' }).format(
    new Date(vendor.member_since),
  );
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {vendor.FirstName.slice(0, 1)}
        </span>
        <div>
          <h1 className={styles.title}>
            {t('vendor.title', { name: vendor.FirstName })}
            {vendor.verified ? <span className={styles.verified}>✓ {t('product.verified')}</span> : null}
          </h1>
          <p className={styles.muted}>
            {t('vendor.memberSince', { date: since })} · {t('vendor.activeListings', { count: vendor.listings.length })}
          </p>
          <p className={styles.rating}>
            <a href="#reviews" className={styles.ratingLink}>
              <SellerRating rating={vendor.rating} size="large" />
            </a>
          </p>
          <AnswerTime minutes={vendor.answer_minutes} className={styles.muted} />
          <TraderDetails trader={vendor.trader} />
          {bundle ? (
            <p>
              <a href="#bundle">{t('bundle.shop')}</a>
            </p>
          ) : null}
          <p>
            <ReportButton target="seller" id={vendor.CustomerID} />
          </p>
        </div>
      </header>
      {bundle ? (
        <section id="bundle" className={styles.bundle} aria-labelledby="bundle-title">
          <h2 id="bundle-title" className={styles.bundleTitle}>
            {t('bundle.shop')}
          </h2>
          <ul className={styles.bundleTiers}>
            {vendor.bundle_tiers!.map((tier) => (
              <li key={tier.min_pieces}>{t('bundle.tier', { count: tier.min_pieces, percent: tier.percent_off })}</li>
            ))}
          </ul>
          <p className={styles.muted}>{t('bundle.onePackage', { name: vendor.FirstName })}</p>
        </section>
      ) : null}
      {vendor.listings.length === 0 ? (
        <p className={styles.muted}>{t('vendor.empty')}</p>
      ) : (
        <PieceCards
          pieces={vendor.listings}
          conditions={vendor.listings.map((item) => ({ id: item.condition_id, option: item.condition }))}
          size={(item) => item.O2Child}
          eager={4}
          wide
        />
      )}
      <div id="reviews">
        {reviews ? (
          <VendorReviews sellerId={vendor.CustomerID} sellerName={vendor.FirstName} initial={reviews} />
        ) : (
          <p className={styles.muted}>{t('reviews.loadFailed')}</p>
        )}
      </div>
    </div>
  );
}
