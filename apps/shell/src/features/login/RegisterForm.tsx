import { checkEmail, checkName, checkNewPassword, checkPasswordConfirmation, splitName } from '@preloved/contract';
import { refusalText, refusedFields, register, useToast } from '@preloved/shared';
import { Button, Field, NewPasswordFields, type FieldErrors, useFieldForm } from '@preloved/ui';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPanel.module.css';

type Name = 'name' | 'email' | 'password' | 'confirmation';

/**
 * Registration (spec §3, §5): name, email, password and its confirmation under the password rule;
 * the first word of the name is the first name, the words after it the last name (a middle word is kept). The button stays
 * disabled while the request runs; the server's refusal goes in the "Error register" box (spec §8).
 */
export function RegisterForm({ email = '' }: { email?: string }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const form = useFieldForm<Name>(
    { name: '', email, password: '', confirmation: '' },
    { message: (key) => tc(`validation.${key}`) },
  );
  const { values, busy } = form;
  const toast = useToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems: FieldErrors<Name> = {
      name: checkName(values.name),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password),
      confirmation: checkPasswordConfirmation(values.password, values.confirmation),
    };
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      const { firstName, lastName } = splitName(values.name);
      await register({ firstName, lastName, email: values.email.trim(), password: values.password });
      // The panel closes with the new session: the toast says where the proof of the e-mail went.
      toast.info(t('login.registered', { email: values.email.trim() }));
    } catch (error) {
      // A field the server refused gets its message next to it too.
      const keys = refusedFields(error);
      const fromServer: FieldErrors<Name> = {
        name: keys.first_name ?? keys.last_name,
        email: keys.EmailAddress,
        password: keys.password,
      };
      if (Object.values(fromServer).some(Boolean)) form.setErrors(fromServer);
      form.setFailure(await refusalText(error));
      form.setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        {...form.field('name')}
        label={t('login.name')}
        name="name"
        autoComplete="name"
        data-autofocus
        hint={t('login.nameHint')}
      />
      <Field
        {...form.field('email')}
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
      />
      <NewPasswordFields
        password={form.field('password')}
        confirmation={form.field('confirmation')}
        labels={{ password: t('login.password'), confirmation: t('login.confirmPassword') }}
      />
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('login.registerButton')}
      </Button>
      {form.failure ? (
        <div className={styles.errorBox} role="alert">
          <p className={styles.errorBoxLabel}>{t('login.errorRegister')}</p>
          <p>{form.failure}</p>
        </div>
      ) : null}
    </form>
  );
}
