import { Link } from '@preloved/shared/router';
import { buttonClassName, EmptyState } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

/** Unknown product or seller: a friendly view with a way back. */
export function NotFound({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('catalog');
  return (
    <EmptyState
      title={title}
      action={
        <Link to="/all" className={buttonClassName('primary')}>
          {t('product.browse')}
        </Link>
      }
    >
      {text}
    </EmptyState>
  );
}
