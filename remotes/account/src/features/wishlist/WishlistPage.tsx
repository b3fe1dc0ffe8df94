import { formatMoney, type WishlistEntries } from '@preloved/contract';
import { getWishlist, setWishlistAtom } from '@preloved/shared';
import { hasSession, Link, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { EmptyState, PageSkeleton, WishlistButton, buttonClassName, useListingText } from '@preloved/ui';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import wishlist from './WishlistPage.module.css';

export async function wishlistLoader({ request }: LoaderFunctionArgs): Promise<WishlistEntries | null> {
  return hasSession() ? getWishlist(request.signal) : null;
}

/**
 * /user/wishlist — the saved pieces (a colour in a size) with their availability and cheapest price
 * now; the heart removes one, and a piece for sale links to its product page.
 */
export function WishlistPage() {
  const entries = usePageData<WishlistEntries | null>();
  const { t, i18n } = useTranslation('account');
  const { colourName, sizeName } = useListingText();
  const setWishlist = useSetAtom(setWishlistAtom);
  useReloadOnSignIn(Boolean(entries));

  useEffect(() => {
    document.title = `${t('wishlist.title')} — Preloved`;
  }, [t]);
  useEffect(() => {
    // The page's answer is the freshest list: the hearts everywhere follow it.
    if (entries) setWishlist(entries.map((entry) => entry.product_child_id));
  }, [entries, setWishlist]);

  if (!entries) return <PageSkeleton label={t('wishlist.title')} />;
  return (
    <section className={styles.page} aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className={styles.title}>
        {t('wishlist.title')}
      </h2>
      <p className={styles.intro}>{t('wishlist.intro')}</p>
      {entries.length === 0 ? (
        <EmptyState
          title={t('wishlist.emptyTitle')}
          action={
            <Link to="/all" className={buttonClassName('primary')}>
              {t('wishlist.browse')}
            </Link>
          }
        >
          <p>{t('wishlist.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={wishlist.list}>
          {entries.map((entry) => {
            const href = `/product/${entry.product_brand_id}?variant=${entry.variant_id}`;
            const available = entry.available > 0 && entry.price !== null;
            return (
              <li key={entry.product_child_id} className={`${wishlist.item} ${available ? '' : wishlist.unavailable}`}>
                <img src={entry.photo} alt="" width={80} height={100} loading="lazy" />
                <div>
                  <h2 className={wishlist.title}>
                    <Link to={href}>{entry.title}</Link>
                  </h2>
                  <p className={wishlist.meta}>{t('wishlist.options', { colour: colourName(entry.options.O1Child), size: sizeName(entry.options.O2Child) })}</p>
                  <p className={wishlist.meta}>
                    {available
                      ? t('wishlist.available', { count: entry.available, price: formatMoney(entry.price ?? 0, i18n.language, { currency: entry.currency_symb_code }) })
                      : t('wishlist.soldOut')}
                    {available && entry.was_price ? (
                      <>
                        {' '}
                        <s className={wishlist.was} aria-hidden="true">
                          {t('wishlist.was', { price: formatMoney(entry.was_price, i18n.language, { currency: entry.currency_symb_code }) })}
                        </s>
                        <span className="visually-hidden">
                          {t('wishlist.wasLabel', { price: formatMoney(entry.was_price, i18n.language, { currency: entry.currency_symb_code }) })}
                        </span>
                      </>
                    ) : null}
                  </p>
                </div>
                <WishlistButton childId={entry.product_child_id} title={entry.title} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
