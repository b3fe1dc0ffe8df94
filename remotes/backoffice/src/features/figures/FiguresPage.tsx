import { useTranslation } from 'react-i18next';
import { ConsolePage } from '../../lib/ConsolePage';

// Not built yet (issue 45): the page exists so the route table has it.
export function FiguresPage() {
  const { t } = useTranslation('backoffice');
  return <ConsolePage title={t('figures.title')}>{null}</ConsolePage>;
}
