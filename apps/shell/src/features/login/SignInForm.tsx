import { checkEmail } from '@preloved/contract';
import { login, refusalText } from '@preloved/shared';
import { Button, Field, FormFailure, useFieldForm } from '@preloved/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPanel.module.css';

/**
 * Sign-in (spec §5): a valid email and a non-empty password; empty fields are highlighted; bad
 * credentials show the incorrect-combination message. Success is the session's (spec §4).
 */
export function SignInForm({ onForgot, email = '' }: { onForgot: (email: string) => void; email?: string }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const form = useFieldForm({ email, password: '' }, { message: (key) => tc(`validation.${key}`) });
  const { values, busy } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = { email: checkEmail(values.email), password: values.password ? null : 'no_password' };
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      await login({ email: values.email.trim(), password: values.password });
    } catch (error) {
      form.setFailure(await refusalText(error));
      form.setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        {...form.field('email')}
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        data-autofocus
      />
      <Field
        {...form.field('password')}
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
      />
      <button type="button" className={styles.link} onClick={() => onForgot(form.values.email.trim())}>
        {t('login.forgotLink')}
      </button>
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('login.signInButton')}
      </Button>
    </form>
  );
}
