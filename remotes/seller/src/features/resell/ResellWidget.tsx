import { Button, buttonClassName } from '@preloved/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resellHref } from '../../lib/resell-link';
import { TradeInChoice } from '../../components/TradeInChoice';

/**
 * "Resell this" on the brand's order page: a link into the store's selling flow that
 * carries the piece's catalogue reference and nothing else. The selling page looks up the product,
 * colour, size and original price itself; a visitor is asked to sign in there first. Beside it, "Trade
 * it in" (issue 48): the brand's instant offer for the piece, accepted right here.
 */
export function ResellWidget({ reference, storeUrl }: { reference: number; storeUrl: string }) {
  const { t } = useTranslation('seller');
  const [tradeIn, setTradeIn] = useState(false);
  return (
    <div>
      <a className={buttonClassName('secondary')} href={resellHref(storeUrl, reference)}>
        {t('resell.button')}
      </a>{' '}
      <Button variant="secondary" aria-expanded={tradeIn} onClick={() => setTradeIn((open) => !open)}>
        {t('resell.tradeIn')}
      </Button>
      {tradeIn ? <TradeInChoice childId={reference} storeUrl={storeUrl} /> : null}
    </div>
  );
}
