import { formatMoney, type TaxStatus } from '@preloved/contract';
import { addTranslations, api } from '@preloved/shared';
import { Link } from '@preloved/shared/router';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './TaxDataNotice.module.css';

// The DAC7 notice (issue 46) on the seller's pages (the wallet, My listings): its words travel with it,
// so they are loaded by those pages only, never by a shopper's first view.
addTranslations('taxNotice', {
  en: {
    soonTitle: 'Your tax details will be needed soon',
    soonText: 'You made {{sales}} sales ({{amount}}) this year. From 30 sales or €2,000 in a year, EU rules (DAC7) require us to report your sales to the tax authority, and payouts pause until we have your tax details.',
    requiredTitle: 'Payouts are paused: we need your tax details',
    requiredText: 'You made {{sales}} sales ({{amount}}) this year. EU rules (DAC7) require us to report them to the tax authority, so no money leaves your wallet until you give your tax details.',
    link: 'Give my tax details',
  },
  pt: {
    soonTitle: 'Em breve vamos precisar dos seus dados fiscais',
    soonText: 'Fez {{sales}} vendas ({{amount}}) este ano. A partir de 30 vendas ou 2000 € num ano, as regras da UE (DAC7) obrigam-nos a comunicar as suas vendas à autoridade tributária, e os pagamentos ficam suspensos até termos os seus dados fiscais.',
    requiredTitle: 'Pagamentos suspensos: precisamos dos seus dados fiscais',
    requiredText: 'Fez {{sales}} vendas ({{amount}}) este ano. As regras da UE (DAC7) obrigam-nos a comunicá-las à autoridade tributária, por isso nenhum dinheiro sai da sua carteira até indicar os seus dados fiscais.',
    link: 'Indicar os meus dados fiscais',
  },
  es: {
    soonTitle: 'Pronto necesitaremos tus datos fiscales',
    soonText: 'Has hecho {{sales}} ventas ({{amount}}) este año. A partir de 30 ventas o 2000 € en un año, las normas de la UE (DAC7) nos obligan a comunicar tus ventas a la administración tributaria, y los pagos se suspenden hasta que tengamos tus datos fiscales.',
    requiredTitle: 'Pagos suspendidos: necesitamos tus datos fiscales',
    requiredText: 'Has hecho {{sales}} ventas ({{amount}}) este año. Las normas de la UE (DAC7) nos obligan a comunicarlas a la administración tributaria, así que no sale dinero de tu monedero hasta que indiques tus datos fiscales.',
    link: 'Indicar mis datos fiscales',
  },
});

/** GET /api/seller/tax — this year's sales against the DAC7 thresholds, what is asked and the data given (masked). */
export function getTaxStatus(signal?: AbortSignal): Promise<TaxStatus> {
  return api().get('seller/tax', { signal, context: { handlesErrors: true } }).json<TaxStatus>();
}

/**
 * Asks a seller near the DAC7 threshold (25 sales or €1 800 this year) for their tax details, and
 * says payouts are paused past it (30 sales or €2 000) until they give them, with a link to the form
 * (/user/tax-data). Nothing when no data is needed or it was given; nothing when the status cannot be read.
 */
export function TaxDataNotice() {
  const { t, i18n } = useTranslation('taxNotice');
  const titleId = useId();
  const [status, setStatus] = useState<TaxStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getTaxStatus(controller.signal)
      .then(setStatus)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  if (!status || status.data || status.need === 'none') return null;
  const required = status.payouts_paused || status.need === 'required';
  const figures = { sales: status.sales, amount: formatMoney(status.consideration, i18n.language) };
  return (
    <section className={required ? `${styles.notice} ${styles.required}` : styles.notice} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t(required ? 'requiredTitle' : 'soonTitle')}
      </h3>
      <p className={styles.text}>{t(required ? 'requiredText' : 'soonText', figures)}</p>
      <p className={styles.text}>
        <Link to="/user/tax-data">{t('link')}</Link>
      </p>
    </section>
  );
}
