import { checkNewPassword } from '@preloved/contract';
import { changePassword, tokenAtom, useToast } from '@preloved/shared';
import { useLocation } from '@preloved/shared/router';
import { Button, Field, FormFailure, NewPasswordFields, PayoutsFrozenNotice, useFieldForm } from '@preloved/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { accountMessage } from '../../lib/messages';

type Name = 'current' | 'next' | 'confirmation';
const EMPTY: Record<Name, string> = { current: '', next: '', confirmation: '' };
const WIRE_FIELDS: Record<string, Name> = { current_password: 'current', new_password: 'next', confirm_password: 'confirmation' };
/** Refusals the API sends as a bare message key, by the field they belong to. */
const KEY_FIELDS: Record<string, string> = {
  current_password_wrong: 'current_password',
  no_current_password: 'current_password',
  no_new_password: 'new_password',
  password_rules: 'new_password',
  no_confirm_password: 'confirm_password',
  password_not_match: 'confirm_password',
};

/** The checks of spec §5 with the messages of the password change (current, new, confirm). */
function check(values: Record<Name, string>): Record<Name, string | null> {
  const rule = checkNewPassword(values.next);
  return {
    current: values.current ? null : 'no_current_password',
    next: rule === 'no_password' ? 'no_new_password' : rule,
    confirmation: !values.confirmation
      ? 'no_confirm_password'
      : values.confirmation === values.next
        ? null
        : 'password_not_match',
  };
}

/**
 * /user/security — change the password: current, new and its confirmation, each with its message.
 * A payout change's "this wasn't me" link lands here: `?payouts=frozen` (every device was
 * signed out, so the owner reads it after signing in again) or `?payouts=link-expired`.
 */
export function SecurityPage() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const token = useAtomValue(tokenAtom);
  const form = useFieldForm(EMPTY, { message: accountMessage });
  const { values, busy } = form;
  const titleId = useId();
  const payouts = new URLSearchParams(useLocation().search).get('payouts');

  useEffect(() => {
    document.title = `${t('security.title')} — Preloved`;
  }, [t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !token) return;
    const problems = check(values);
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      await changePassword({ currentPassword: values.current, newPassword: values.next, confirmPassword: values.confirmation });
      form.setValues(EMPTY);
      toast.success(t('security.saved'));
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS, KEY_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('security.title')}
      </h2>
      {payouts === 'frozen' ? <PayoutsFrozenNotice>{t('security.payoutsFrozen')}</PayoutsFrozenNotice> : null}
      {payouts === 'link-expired' ? (
        <p className={styles.intro} role="status">
          {t('security.freezeLinkExpired')}
        </p>
      ) : null}
      <p className={styles.intro}>{t('security.intro')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field
          {...form.field('current')}
          label={t('security.currentPassword')}
          type="password"
          name="current-password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          password={form.field('next')}
          confirmation={form.field('confirmation')}
          labels={{ password: t('security.newPassword'), confirmation: t('security.confirmPassword') }}
        />
        <FormFailure>{form.failure}</FormFailure>
        <div>
          <Button type="submit" busy={busy} disabled={busy}>
            {t('security.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
