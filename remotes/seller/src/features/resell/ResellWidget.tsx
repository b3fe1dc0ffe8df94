import { buttonClassName } from '@preloved/ui';
import { useTranslation } from 'react-i18next';
import { resellHref } from '../../lib/resell-link';

/**
 * "Resell this" on the brand's order page: a link into the store's selling flow that
 * carries the piece's catalogue reference and nothing else. The selling page looks up the product,
 * colour, size and original price itself; a visitor is asked to sign in there first.
 */
export function ResellWidget({ reference, storeUrl }: { reference: number; storeUrl: string }) {
  const { t } = useTranslation('seller');
  return (
    <a className={buttonClassName('secondary')} href={resellHref(storeUrl, reference)}>
      {t('resell.button')}
    </a>
  );
}
