import { formatMoney, type CheckoutSummary } from '@preloved/contract';
import { useTranslation } from 'react-i18next';
import styles from './CheckoutFrame.module.css';

/** What is taken off, as a fee list's rows: the discount code's amount and each package's bundle discount. */
export function Reductions({ discount, bundles, currency }: { discount: number; bundles: CheckoutSummary['bundles']; currency: string }) {
  const { t, i18n } = useTranslation('bag');
  const minus = (amount: number) => formatMoney(amount, i18n.language, { currency, minus: true });
  return (
    <>
      {discount > 0 ? (
        <div>
          <dt>{t('review.discount')}</dt>
          <dd>{minus(discount)}</dd>
        </div>
      ) : null}
      {(bundles ?? []).map((line) => (
        <div key={line.seller_id}>
          <dt>{t('review.bundle', { seller: line.FirstName, count: line.pieces, percent: line.percent_off })}</dt>
          <dd>{minus(line.discount)}</dd>
        </div>
      ))}
    </>
  );
}

/**
 * The order summary's money: every fee line from the first step, what Buyer Protection
 * buys, the total before delivery, shipping and delivery, the total the Pay button asks, and how
 * taxes stand. All amounts as the server priced them (`CheckoutSummary`).
 */
export function OrderTotals({ summary, failure }: { summary: CheckoutSummary | null; failure: string | null }) {
  const { t, i18n } = useTranslation('bag');
  if (failure) return <p className={styles.meta}>{failure}</p>;
  if (!summary) return <p className={styles.meta}>{t('review.loading')}</p>;
  const money = (amount: number) => formatMoney(amount, i18n.language, { currency: summary.currency_symb_code });
  return (
    <>
      <dl className={styles.totals} aria-label={t('fees.label')}>
        <div>
          <dt>{t('checkout.subtotal')}</dt>
          <dd>{money(summary.subtotal)}</dd>
        </div>
        <div>
          <dt>{t('review.processing')}</dt>
          <dd>{money(summary.fees.processing)}</dd>
        </div>
        {summary.fees.verification === undefined ? null : (
          <div>
            <dt>{t('review.verification')}</dt>
            <dd>{money(summary.fees.verification)}</dd>
          </div>
        )}
        <Reductions discount={summary.fees.discount} bundles={summary.bundles} currency={summary.currency_symb_code} />
        <div className={styles.strong}>
          <dt>{t('fees.beforeDelivery')}</dt>
          <dd>{money(summary.before_delivery)}</dd>
        </div>
        <div>
          <dt>{t('fees.shipping', { count: summary.packages })}</dt>
          <dd>{money(summary.fees.shipping)}</dd>
        </div>
        <div>
          <dt>{t('review.delivery')}</dt>
          <dd>{summary.delivery_option ? money(summary.fees.delivery) : t('fees.chooseDelivery')}</dd>
        </div>
        <div className={styles.strong}>
          <dt>{t('review.total')}</dt>
          <dd>{summary.total === null ? t('fees.chooseDelivery') : money(summary.total)}</dd>
        </div>
      </dl>
      <p className={styles.meta}>{t('fees.protection', { context: summary.fees.verification === undefined ? undefined : 'checked' })}</p>
      <p className={styles.meta}>{t('fees.taxes')}</p>
    </>
  );
}
