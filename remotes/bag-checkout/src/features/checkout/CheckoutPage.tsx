import type { CheckoutData } from '@preloved/contract';
import {
  bagOpenAtom,
  cartQuantityAtom,
  formatPrice,
  guestCheckoutAtom,
  loadCheckout,
  openLoginAtom,
  tokenAtom,
  usePageData,
  useRevalidator,
  type LoaderFunctionArgs,
} from '@preloved/shared';
import { Button, EmptyState } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BagLineItem } from '../../components/BagLineItem';
import styles from './CheckoutPage.module.css';

export function checkoutLoader({ request }: LoaderFunctionArgs): Promise<CheckoutData> {
  return loadCheckout(request.signal);
}

/**
 * /checkout, for now the order summary (spec §2): the bag's lines and the subtotal from GET checkout
 * (a guest's from the local bag). Delivery, review and payment are the next issue.
 */
export function CheckoutPage() {
  const { t, i18n } = useTranslation('bag');
  const checkout = usePageData<CheckoutData>();
  const revalidator = useRevalidator();
  const bagOpen = useAtomValue(bagOpenAtom);
  const count = useAtomValue(cartQuantityAtom);
  const token = useAtomValue(tokenAtom);
  const guest = useAtomValue(guestCheckoutAtom);
  const openLogin = useSetAtom(openLoginAtom);

  useEffect(() => {
    document.title = `${t('checkout.title')} — Preloved`;
  }, [t]);

  // Spec §4: when the bag closes on this page and its count differs from the checkout's, refetch.
  useEffect(() => {
    if (!bagOpen && count !== checkout.lines.length && revalidator.state === 'idle')
      void revalidator.revalidate();
  }, [bagOpen, count, checkout.lines.length, revalidator]);

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('checkout.title')}</h1>
      {!token && !guest && checkout.lines.length > 0 ? (
        <EmptyState
          title={t('checkout.signInTitle')}
          action={
            <Button onClick={() => openLogin({ forCheckout: true })}>{t('checkout.signIn')}</Button>
          }
        >
          <p>{t('checkout.signInText')}</p>
        </EmptyState>
      ) : null}
      <section className={styles.summary} aria-labelledby="order-summary">
        <h2 id="order-summary" className={styles.summaryTitle}>
          {t('checkout.summary')}
        </h2>
        {checkout.lines.length === 0 ? (
          <p>{t('checkout.empty')}</p>
        ) : (
          <ul className={styles.lines}>
            {checkout.lines.map((line) => (
              <BagLineItem
                key={line.listing_id}
                line={{ ...line, customer_name: line.FirstName }}
              />
            ))}
          </ul>
        )}
        <p className={styles.subtotal}>
          <span>{t('checkout.subtotal')}</span>
          <strong>
            {formatPrice(checkout.subtotal, i18n.language, checkout.currency_symb_code)}
          </strong>
        </p>
        <p className={styles.meta}>{t('panel.taxes')}</p>
      </section>
      <p className={styles.meta}>{t('checkout.next')}</p>
    </div>
  );
}
