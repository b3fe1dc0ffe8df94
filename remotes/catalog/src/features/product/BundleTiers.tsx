import type { BundleTier } from '@preloved/contract';
import { Link } from '@preloved/shared/router';
import { useTranslation } from 'react-i18next';

/**
 * A seller's bundle discount beside their piece: "Buy 2+ from this seller: −10 %", the
 * further tiers after it, and a link to the seller's page to pick the other pieces. Nothing when the
 * seller gives none.
 */
export function BundleTiers({ tiers, sellerId, className }: { tiers: BundleTier[] | undefined; sellerId: number; className?: string }) {
  const { t } = useTranslation('catalog');
  if (!tiers?.length) return null;
  const [first, ...more] = tiers;
  return (
    <p className={className}>
      {t('bundle.first', { count: first!.min_pieces, percent: first!.percent_off })}
      {more.map((tier) => (
        <span key={tier.min_pieces}> · {t('bundle.more', { count: tier.min_pieces, percent: tier.percent_off })}</span>
      ))}{' '}
      <Link to={`/vendor/${sellerId}#bundle`}>{t('bundle.shop')}</Link>
    </p>
  );
}
