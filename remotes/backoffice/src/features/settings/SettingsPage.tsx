import { CreditBonusPolicy, PriceRule, type CreditBonusSettings, type PriceRulesSettings } from '@preloved/contract';
import { i18n as store, messageFor, useToast } from '@preloved/shared';
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

/** A percentage typed in a field: null when empty, NaN when not a whole number. */
const percentOf = (text: string) => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The price rules as a table of categories, each with its floor and ceiling; an admin edits them. */
function PriceRulesForm({ current, editable, onSaved }: { current: PriceRulesSettings; editable: boolean; onSaved: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const initial = Object.fromEntries(
    current.rules.flatMap((rule) => [
      [`floor-${rule.category_id}`, rule.floor_percent === null ? '' : String(rule.floor_percent)],
      [`ceiling-${rule.category_id}`, rule.ceiling_percent === null ? '' : String(rule.ceiling_percent)],
    ]),
  );
  const form = useFieldForm(initial, { message: (key) => messageFor(key, 'backoffice') });
  const nameOf = (rule: PriceRulesSettings['rules'][number]) =>
    store.exists(`settings.categories.${rule.category_id}`, { ns: 'backoffice' }) ? t(`settings.categories.${rule.category_id}`) : rule.name;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string | null> = {};
    const rules = current.rules.map((rule) => {
      const next = { category_id: rule.category_id, floor_percent: percentOf(form.values[`floor-${rule.category_id}`] ?? ''), ceiling_percent: percentOf(form.values[`ceiling-${rule.category_id}`] ?? '') };
      for (const issue of PriceRule.safeParse(next).error?.issues ?? []) {
        const field = issue.path[0] === 'floor_percent' ? `floor-${rule.category_id}` : `ceiling-${rule.category_id}`;
        problems[field] ??= issue.message.startsWith('price_rule') ? issue.message : 'price_rule_percent';
      }
      return next;
    });
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      await consoleApi.put('settings/price-rules', { rules: rules.filter((rule) => rule.floor_percent !== null || rule.ceiling_percent !== null) });
      toast.success(t('settings.rulesSaved'));
      form.setBusy(false);
      onSaved();
    } catch (failure) {
      await form.refuseFailure(failure, {});
    }
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('settings.category')}</th>
              <th scope="col">{t('settings.floorHead')}</th>
              <th scope="col">{t('settings.ceilingHead')}</th>
            </tr>
          </thead>
          <tbody>
            {current.rules.map((rule) => (
              <tr key={rule.category_id}>
                <th scope="row">{nameOf(rule)}</th>
                {(['floor', 'ceiling'] as const).map((bound) => (
                  <td key={bound}>
                    <Field
                      {...form.field(`${bound}-${rule.category_id}`)}
                      label={t(`settings.${bound}`, { category: nameOf(rule) })}
                      className={styles.compactField}
                      inputMode="numeric"
                      maxLength={3}
                      readOnly={!editable}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormFailure>{form.failure}</FormFailure>
      {editable ? (
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t('settings.saveRules')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** `/backoffice/settings`: the brand's settings with money in them, and what they cost. */
export function SettingsPage() {
  const { t, i18n } = useTranslation('backoffice');
  const { member } = useStaff();
  const bonus = useConsoleData<CreditBonusSettings>('settings/credit-bonus');
  const rules = useConsoleData<PriceRulesSettings>('settings/price-rules');
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
      <section className={styles.card} aria-labelledby="rules-title">
        <h2 id="rules-title" className={styles.subtitle}>
          {t('settings.rulesTitle')}
        </h2>
        <p className={styles.muted}>{t('settings.rulesIntro')}</p>
        <Loaded result={rules}>
          {(current) => <PriceRulesForm key={JSON.stringify(current)} current={current} editable={member.role === 'admin'} onSaved={rules.reload} />}
        </Loaded>
      </section>
    </ConsolePage>
  );
}
