import type { BrandDetails, ListingsResponse } from '@preloved/contract';
import { getListings, isSignedInAtom, loadBrandDetails, openLoginAtom } from '@preloved/shared';
import { Link, useNavigate, usePageData } from '@preloved/shared/router';
import { Button, buttonClassName, ListingCards } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './HomePage.module.css';

interface HomeData {
  brand: BrandDetails | null;
  newArrivals: ListingsResponse | null;
}

const NEW_ARRIVALS = 8;

/**
 * The brand's collections come in its own words (English in the demo); a collection that opens one of
 * the store's listing pages is named in the shopper's language, others keep the brand's text.
 */
const tileKey = (link: string) => link.replace(/^\//, '').replace(/[^a-z]/g, '_') || 'home';

/** The home page's data: brand details (collections) and new arrivals. Without them the hero still shows. */
export async function homeLoader(): Promise<HomeData> {
  const [brand, newArrivals] = await Promise.all([
    loadBrandDetails().catch(() => null),
    getListings({ sort: 'newest', limit: NEW_ARRIVALS }).catch(() => null),
  ]);
  return { brand, newArrivals };
}

export function HomePage() {
  const { t } = useTranslation('catalog');
  const { brand, newArrivals } = usePageData<HomeData>();
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = t('home.title');
  }, [t]);

  const collections = brand?.collections.collections ?? [];
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-headline">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('home.eyebrow')}</p>
          <h1 id="home-headline" className={styles.headline}>
            {t('home.headline')}
          </h1>
          <p className={styles.intro}>{t('home.intro')}</p>
          <div className={styles.actions}>
            <Link to="/all" className={buttonClassName('primary')}>
              {t('home.shopAll')}
            </Link>
            <Button
              variant="secondary"
              onClick={() => (signedIn ? void navigate('/user/submit-item-2hand') : openLogin({ intent: { kind: 'sell' } }))}
            >
              {t('home.sell')}
            </Button>
          </div>
        </div>
        {brand?.['2hand_sidebar_image_vertical'] ? (
          <img
            className={styles.heroImage}
            src={brand['2hand_sidebar_image_vertical']}
            alt=""
            width={480}
            height={600}
            fetchPriority="high"
          />
        ) : null}
      </section>
      {collections.length > 0 ? (
        <section className={styles.collections} aria-labelledby="collections-title">
          <h2 id="collections-title" className={styles.sectionTitle}>
            {t('home.collections')}
          </h2>
          <ul className={styles.grid}>
            {collections.map((collection) => (
              <li key={collection.id}>
                <Link to={collection.link} className={styles.card}>
                  <img src={collection.image} alt="" width={400} height={500} loading="lazy" />
                  <span className={styles.cardTitle}>{t(`home.tiles.${tileKey(collection.link)}.title`, { defaultValue: collection.title })}</span>
                  <span className={styles.cardText}>{t(`home.tiles.${tileKey(collection.link)}.text`, { defaultValue: collection.description })}</span>
                  <span className={styles.cardLink} aria-hidden="true">
                    {t('home.explore')} →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {newArrivals && newArrivals.products_listings.length > 0 ? (
        <section className={styles.collections} aria-labelledby="new-arrivals-title">
          <div className={styles.rowHead}>
            <h2 id="new-arrivals-title" className={styles.sectionTitle}>
              {t('home.newArrivals')}
            </h2>
            <Link to="/all?sort=newest">{t('home.seeAll')}</Link>
          </div>
          <ListingCards listings={newArrivals.products_listings} conditions={newArrivals.filters.condition.values} className={styles.row} eager={0} />
        </section>
      ) : null}
    </>
  );
}
