import { FIGURE_PERIODS, type FigureRow, type Figures } from '@preloved/contract';
import { describeError, messageFor } from '@preloved/shared';
import { useSearchParams } from '@preloved/shared/router';
import { Button, EmptyState, Skeleton } from '@preloved/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
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

/** The contract's rule (FiguresQuery): two dates, the end not before the start, at most 731 days apart. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
function rangeOk(from: string, to: string) {
  if (!ISO_DAY.test(from) || !ISO_DAY.test(to)) return false;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= 731;
}

/**
 * Whether the figures' load was refused for its range (422 `figures_range`: a URL written by hand),
 * which the form shows next to its dates rather than as the page's failure.
 */
function useRangeRefused(error: unknown) {
  const [read, setRead] = useState<{ error: unknown; range: boolean } | null>(null);
  useEffect(() => {
    if (!error) return;
    let live = true;
    void describeError(error).then(({ code }) => live && setRead({ error, range: code === 'figures_range' }));
    return () => {
      live = false;
    };
  }, [error]);
  return Boolean(error) && read !== null && read.error === error && read.range;
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
  const [badRange, setBadRange] = useState(false);
  const toInput = useRef<HTMLInputElement>(null);
  const rangeMessageId = useId();
  const result = useConsoleData<Figures>('figures', query);
  const refused = useRangeRefused(result.error);
  const rangeError = badRange || refused ? messageFor('figures_range', 'backoffice') : null;
  const invalid = rangeError ? { 'aria-invalid': true, 'aria-describedby': rangeMessageId } : {};
  const setDate = (name: 'from' | 'to', value: string) => {
    setDraft({ ...draft, [name]: value });
    setBadRange(false);
  };
  const shown = (figure: Figure, value: number | null) =>
    value === null ? '—' : MONEY.includes(figure) ? formatMoney(value, i18n.language) : SHARES.includes(figure) ? formatShare(value, i18n.language) : String(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeOk(draft.from, draft.to)) {
      setBadRange(true);
      toInput.current?.focus();
      return;
    }
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
      <form className={`${styles.row} ${styles.card}`} onSubmit={submit} noValidate aria-label={t('figures.range')}>
        <label className={styles.filter}>
          <span>{t('figures.from')}</span>
          <input type="date" value={draft.from} onChange={(event) => setDate('from', event.target.value)} required {...invalid} />
        </label>
        <label className={styles.filter}>
          <span>{t('figures.to')}</span>
          <input ref={toInput} type="date" value={draft.to} onChange={(event) => setDate('to', event.target.value)} required {...invalid} />
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
        {rangeError ? (
          <p id={rangeMessageId} className={`${styles.error} ${styles.grow}`}>
            {rangeError}
          </p>
        ) : null}
      </form>
      {refused ? null : (
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
      )}
    </ConsolePage>
  );
}
