import type { AuditPage as AuditPageData, StaffList } from '@preloved/contract';
import { useSearchParams } from '@preloved/shared/router';
import { Button, EmptyState, Pagination } from '@preloved/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { formatMoment } from '../../lib/format';
import { afterSubmit } from '../../lib/after-submit';
import { useStaff } from '../../lib/session';
import styles from '../../lib/console.module.css';

const FILTERS = ['action', 'staff_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** A before or after value, compact: JSON on one line per key. */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/** The log's filters, kept in the URL (a view can be shared); an admin also filters by member. */
function AuditFilters({ values, onApply }: { values: Record<Filter, string>; onApply: (values: Record<Filter, string>) => void }) {
  const { t } = useTranslation('backoffice');
  const { member } = useStaff();
  const [draft, setDraft] = useState(values);
  const staff = useConsoleData<StaffList>(member.role === 'admin' ? 'staff' : null);
  const set = (name: Filter) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className={`${styles.row} ${styles.card}`} onSubmit={submit} aria-label={t('audit.filters')}>
      <label className={styles.filter}>
        <span>{t('audit.action')}</span>
        <input value={draft.action} onChange={(event) => set('action')(event.target.value)} maxLength={80} placeholder={t('audit.actionHint')} />
      </label>
      {staff.data ? (
        <label className={styles.filter}>
          <span>{t('audit.who')}</span>
          <select value={draft.staff_id} onChange={(event) => set('staff_id')(event.target.value)}>
            <option value="">{t('audit.anyone')}</option>
            {staff.data.staff.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={styles.filter}>
        <span>{t('audit.from')}</span>
        <input type="date" value={draft.from} onChange={(event) => set('from')(event.target.value)} />
      </label>
      <label className={styles.filter}>
        <span>{t('audit.to')}</span>
        <input type="date" value={draft.to} onChange={(event) => set('to')(event.target.value)} />
      </label>
      <Button type="submit" variant="secondary">
        {t('audit.apply')}
      </Button>
    </form>
  );
}

/** `/backoffice/audit`: the append-only record of staff actions, filtered, paged and downloadable as CSV. */
export function AuditPage() {
  const { t, i18n } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Record<Filter, string>;
  const page = Number(params.get('page')) || 1;
  const result = useConsoleData<AuditPageData>('audit', { ...values, page });
  const apply = (next: Record<Filter, string>) => {
    const search = new URLSearchParams();
    for (const name of FILTERS) if (next[name]) search.set(name, next[name]);
    afterSubmit(() => setParams(search));
  };
  return (
    <ConsolePage
      title={t('audit.title')}
      intro={t('audit.intro')}
      actions={
        <a href={downloadUrl('audit.csv', values)} download>
          {t('common.downloadCsv')}
        </a>
      }
    >
      <AuditFilters key={params.toString()} values={values} onApply={apply} />
      <Loaded result={result}>
        {(log) =>
          log.entries.length === 0 ? (
            <EmptyState title={t('audit.empty')} role="status" />
          ) : (
            <>
              <p className={styles.muted}>{t('audit.total', { count: log.total })}</p>
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('audit.when')}</th>
                      <th scope="col">{t('audit.who')}</th>
                      <th scope="col">{t('audit.action')}</th>
                      <th scope="col">{t('audit.target')}</th>
                      <th scope="col">{t('audit.reason')}</th>
                      <th scope="col">{t('audit.change')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {log.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td>{formatMoment(entry.at, i18n.language)}</td>
                        <td>{entry.staff_name ?? t('audit.system')}</td>
                        <td>
                          <code>{entry.action}</code>
                        </td>
                        <td>{entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '—'}</td>
                        <td className={styles.prewrap}>{entry.reason ?? '—'}</td>
                        <td>
                          {entry.before !== null || entry.after !== null ? (
                            <details>
                              <summary>{t('audit.details')}</summary>
                              <p className={styles.muted}>{t('audit.before')}</p>
                              <pre className={styles.json}>{shown(entry.before)}</pre>
                              <p className={styles.muted}>{t('audit.after')}</p>
                              <pre className={styles.json}>{shown(entry.after)}</pre>
                            </details>
                          ) : (
                            '—'
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination page={log.page} pages={Math.max(1, Math.ceil(log.total / log.page_size))} />
            </>
          )
        }
      </Loaded>
    </ConsolePage>
  );
}
