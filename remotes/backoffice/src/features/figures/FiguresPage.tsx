import { FIGURE_PERIODS, type FigureRow, type Figures } from '@preloved/contract';
import { useSearchParams } from '@preloved/shared/router';
import { Button, EmptyState, Skeleton } from '@preloved/ui';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { afterSubmit } from '../../lib/after-submit';
import { downloadUrl, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatMoney, formatShare } from '../../lib/format';
import styles from '../../lib/console.module.css';

const FiguresChart = lazy(() => import('./FiguresChart'));

type Figure = Exclude<keyof FigureRow, 'period'>;
const MONEY: Figure[] = ['gmv', 'average_order', 'take'];
const SHARES: Figure[] = ['take_rate', 'sell_through', 'dispute_rate', 'cancellation_rate'];
const ORDER: Figure[] = ['gmv', 'orders', 'average_order', 'take', 'take_rate', 'listed', 'sold', 'sell_through', 'median_days_to_sell', 'dispute_rate', 'cancellation_rate', 'new_buyers', 'new_sellers', 'resells_started'];

const day = (date: Date) => date.toISOString().slice(0, 10);
/** The last 30 days, today included. */
function lastThirtyDays() {
  const to = new Date();
  const from = new Date(to.getTime() - 29 * 86_400_000);
  return { from: day(from), to: day(to) };
}

/** `/backoffice/figures`: the store's figures for a range, by period, as tiles, a chart and a table, and as CSV. */
export function FiguresPage() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const fallback = lastThirtyDays();
  const asked = params.get('by') ?? 'day';
  const query = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    by: (FIGURE_PERIODS as readonly string[]).includes(asked) ? asked : 'day',
  };
  const [draft, setDraft] = useState(query);
  const result = useConsoleData<Figures>('figures', query);
  const shown = (figure: Figure, value: number | null) =>
    value === null ? '—' : MONEY.includes(figure) ? formatMoney(value, i18n.language) : SHARES.includes(figure) ? formatShare(value, i18n.language) : String(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    afterSubmit(() => setParams(draft));
  };
  return (
    <ConsolePage
      title={t('figures.title')}
      intro={t('figures.intro')}
      actions={
        <a href={downloadUrl('figures.csv', query)} download>
          {t('common.downloadCsv')}
        </a>
      }
    >
      <form className={`${styles.row} ${styles.card}`} onSubmit={submit} aria-label={t('figures.range')}>
        <label className={styles.filter}>
          <span>{t('figures.from')}</span>
          <input type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} required />
        </label>
        <label className={styles.filter}>
          <span>{t('figures.to')}</span>
          <input type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} required />
        </label>
        <label className={styles.filter}>
          <span>{t('figures.by')}</span>
          <select value={draft.by} onChange={(event) => setDraft({ ...draft, by: event.target.value })}>
            {FIGURE_PERIODS.map((period) => (
              <option key={period} value={period}>
                {t(`figures.periods.${period}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          {t('figures.show')}
        </Button>
      </form>
      <Loaded result={result}>
        {(figures) => (
          <>
            <section aria-labelledby="totals-title" className={styles.cards}>
              <h2 id="totals-title" className={styles.subtitle}>
                {t('figures.totals')}
              </h2>
              <dl className={styles.tiles}>
                {ORDER.map((figure) => (
                  <div key={figure} className={styles.tile}>
                    <dt>{t(`figures.names.${figure}`)}</dt>
                    <dd>{shown(figure, figures.totals[figure])}</dd>
                  </div>
                ))}
              </dl>
            </section>
            {figures.rows.every((row) => row.orders === 0 && row.listed === 0) ? (
              <EmptyState title={t('figures.empty')} role="status" />
            ) : (
              <figure className={styles.card} aria-labelledby="chart-title">
                <figcaption id="chart-title">
                  <strong>{t('figures.chart', { by: t(`figures.periods.${figures.by}`).toLowerCase() })}</strong> — {t('figures.chartText')}
                </figcaption>
                <div className={styles.chart} aria-hidden="true">
                  <Suspense fallback={<Skeleton height={300} />}>
                    <FiguresChart rows={figures.rows} labels={{ gmv: t('figures.names.gmv'), orders: t('figures.names.orders') }} />
                  </Suspense>
                </div>
              </figure>
            )}
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('figures.period')}</th>
                    {ORDER.map((figure) => (
                      <th key={figure} scope="col" className={styles.number}>
                        {t(`figures.names.${figure}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {figures.rows.map((row) => (
                    <tr key={row.period}>
                      <th scope="row">{row.period}</th>
                      {ORDER.map((figure) => (
                        <td key={figure} className={styles.number}>
                          {shown(figure, row[figure])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Loaded>
    </ConsolePage>
  );
}
