import { CreditBonusPolicy, type CreditBonusSettings } from '@preloved/contract';
import { messageFor, useToast } from '@preloved/shared';
import { Button, Field, FormFailure, useFieldForm } from '@preloved/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { fieldProblems } from '../../lib/field-problems';
import { formatMoney } from '../../lib/format';
import { useStaff } from '../../lib/session';
import styles from '../../lib/console.module.css';

/** The bonus's form, for an admin: the percentage and the monthly cap, checked before sending. */
function BonusForm({ current, onSaved }: { current: CreditBonusSettings; onSaved: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const form = useFieldForm({ percent: String(current.percent), cap: String(current.monthly_cap) }, { message: (key) => messageFor(key, 'backoffice') });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const policy = { percent: Number(form.values.percent.trim() || NaN), monthly_cap: Number(form.values.cap.trim().replace(',', '.') || NaN) };
    const parsed = CreditBonusPolicy.safeParse(policy);
    const problems = fieldProblems(parsed);
    if (!form.check({ percent: problems.percent ?? null, cap: problems.monthly_cap ?? null })) return;
    form.setBusy(true);
    try {
      await consoleApi.put('settings/credit-bonus', parsed.data);
      toast.success(t('settings.saved'));
      form.setBusy(false);
      onSaved();
    } catch (failure) {
      await form.refuseFailure(failure, { percent: 'percent', monthly_cap: 'cap' });
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        <Field {...form.field('percent')} label={t('settings.percent')} hint={t('settings.percentHint')} inputMode="numeric" maxLength={3} />
        <Field {...form.field('cap')} label={t('settings.cap')} hint={t('settings.capHint')} inputMode="decimal" maxLength={8} />
      </div>
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** `/backoffice/settings`: the brand's settings with money in them, and what they cost. */
export function SettingsPage() {
  const { t, i18n } = useTranslation('backoffice');
  const { member } = useStaff();
  const bonus = useConsoleData<CreditBonusSettings>('settings/credit-bonus');
  const money = (value: number) => formatMoney(value, i18n.language);
  return (
    <ConsolePage title={t('settings.title')} intro={t('settings.intro')}>
      <section className={styles.card} aria-labelledby="bonus-title">
        <h2 id="bonus-title" className={styles.subtitle}>
          {t('settings.bonusTitle')}
        </h2>
        <p className={styles.muted}>{t('settings.bonusIntro')}</p>
        <Loaded result={bonus}>
          {(current) => (
            <>
              <p role="status">{current.percent > 0 && current.monthly_cap > 0 ? t('settings.current', { percent: current.percent, cap: money(current.monthly_cap) }) : t('settings.off')}</p>
              <h3 className={styles.subtitle}>{t('settings.costTitle')}</h3>
              <dl className={styles.facts}>
                <dt>{t('settings.thisMonth')}</dt>
                <dd>{money(current.cost.this_month)}</dd>
                <dt>{t('settings.allTime')}</dt>
                <dd>{money(current.cost.all_time)}</dd>
                <dt>{t('settings.codes')}</dt>
                <dd>{current.cost.codes}</dd>
              </dl>
              {member.role === 'admin' ? <BonusForm key={`${current.percent}/${current.monthly_cap}`} current={current} onSaved={bonus.reload} /> : <p className={styles.muted}>{t('settings.adminOnly')}</p>}
            </>
          )}
        </Loaded>
      </section>
    </ConsolePage>
  );
}
