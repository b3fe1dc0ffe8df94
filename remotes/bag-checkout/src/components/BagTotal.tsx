import { formatMoney } from '@preloved/contract';
import { cartAtom, cartBundlesAtom, cartTotalAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';

/**
 * The bag's total as the panel and the main shop's widget show it (spec §2): each seller's bundle
 * discount, worded and reckoned as checkout's, the total of what can be bought, and that
 * fees, delivery and taxes come at checkout. Styled by the caller (the widget lives in another page).
 */
export function BagTotal({ classes }: { classes: Readonly<Record<string, string | undefined>> }) {
  const { t, i18n } = useTranslation('bag');
  const lines = useAtomValue(cartAtom);
  const bundles = useAtomValue(cartBundlesAtom);
  const total = useAtomValue(cartTotalAtom);
  return (
    <>
      {bundles.map((bundle) => (
        <p key={bundle.seller_id} className={classes.bundle}>
          <span>{t('review.bundle', { seller: lines.find((line) => line.CustomerID === bundle.seller_id)?.customer_name ?? '', count: bundle.pieces, percent: bundle.percent })}</span>
          <span>{formatMoney(bundle.discount / 100, i18n.language, { minus: true })}</span>
        </p>
      ))}
      <p className={classes.total}>
        <span>{t('panel.total')}</span>
        <strong>{formatMoney(total, i18n.language)}</strong>
      </p>
      <p className={classes.taxes}>{t('panel.taxes')}</p>
    </>
  );
}
