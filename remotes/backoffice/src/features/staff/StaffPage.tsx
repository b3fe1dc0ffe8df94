import { STAFF_ROLES, StaffInvite, type StaffList } from '@preloved/contract';
import { messageFor, useToast } from '@preloved/shared';
import { Button, EmptyState, Field, FormFailure, SelectField, useFieldForm } from '@preloved/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi, useConsoleData } from '../../lib/console-api';
import { ConsolePage, Loaded } from '../../lib/ConsolePage';
import { fieldProblems } from '../../lib/field-problems';
import { formatDay } from '../../lib/format';
import styles from '../../lib/console.module.css';

// In the order the form shows its fields: the first one with a problem is focused.
const initial = { name: '', email: '', role: 'support' };

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const { t } = useTranslation('backoffice');
  const toast = useToast();
  const form = useFieldForm(initial, { message: (key) => messageFor(key, 'backoffice') });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = StaffInvite.safeParse(form.values);
    if (!form.check(fieldProblems(parsed)) || !parsed.success) return;
    form.setBusy(true);
    try {
      await consoleApi.post('staff', parsed.data);
      toast.success(t('staff.invitedToast', { email: parsed.data.email }));
      form.setValues(initial);
      form.setBusy(false);
      onInvited();
    } catch (failure) {
      await form.refuseFailure(failure, { email: 'email', name: 'name', role: 'role' }, { staff_email_taken: 'email' });
    }
  };
  return (
    <section className={styles.card} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.subtitle}>
        {t('staff.inviteTitle')}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.row}>
          <Field {...form.field('name')} label={t('staff.name')} autoComplete="off" maxLength={120} />
          <Field {...form.field('email')} label={t('staff.email')} type="email" autoComplete="off" maxLength={254} />
        </div>
        <SelectField binding={form.field('role')} label={t('staff.role')}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`staff.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <FormFailure>{form.failure}</FormFailure>
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t('staff.invite')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** `/backoffice/staff` (admin): the team and their roles, and inviting a new member. */
export function StaffPage() {
  const { t, i18n } = useTranslation('backoffice');
  const staff = useConsoleData<StaffList>('staff');
  return (
    <ConsolePage title={t('staff.title')} intro={t('staff.intro')}>
      <Loaded result={staff}>
        {(list) =>
          list.staff.length === 0 ? (
            <EmptyState title={t('common.none')} role="status" />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('staff.name')}</th>
                    <th scope="col">{t('staff.email')}</th>
                    <th scope="col">{t('staff.role')}</th>
                    <th scope="col">{t('staff.active')}</th>
                    <th scope="col">{t('staff.enrolled')}</th>
                    <th scope="col">{t('staff.since')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.staff.map((person) => (
                    <tr key={person.id}>
                      <th scope="row">{person.name}</th>
                      <td>{person.email}</td>
                      <td>{t(`roles.${person.role}`)}</td>
                      <td>
                        <span className={`${styles.badge} ${person.active ? styles.good : ''}`}>{person.active ? t('staff.active') : t('staff.inactive')}</span>
                      </td>
                      <td>{person.enrolled ? t('common.yes') : t('staff.invited')}</td>
                      <td>{formatDay(person.created_at, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      <InviteForm onInvited={staff.reload} />
    </ConsolePage>
  );
}
