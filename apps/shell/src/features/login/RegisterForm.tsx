import { checkEmail, checkName, checkNewPassword, checkPasswordConfirmation, splitName } from '@preloved/contract';
import { register } from '@preloved/shared';
import { Button, Field } from '@preloved/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPanel.module.css';
import { failureText, fieldKeys, focusFirstInvalid, type FieldErrors } from './messages';

type Name = 'name' | 'email' | 'password' | 'confirmation';

/**
 * Registration (spec §3, §5): name, email, password and its confirmation under the password rule;
 * the first word of the name is the first name, the last word the last name. The button stays
 * disabled while the request runs; the server's refusal goes in the "Error register" box (spec §8).
 */
export function RegisterForm() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const [values, setValues] = useState<Record<Name, string>>({ name: '', email: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
  };

  const change = (name: Name) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: null }));
  };
  const message = (name: Name) => {
    const key = errors[name];
    return key ? tc(`validation.${key}`) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems: FieldErrors<Name> = {
      name: checkName(values.name),
      email: checkEmail(values.email),
      password: checkNewPassword(values.password),
      confirmation: checkPasswordConfirmation(values.password, values.confirmation),
    };
    setErrors(problems);
    setFailure(null);
    const order: Name[] = ['name', 'email', 'password', 'confirmation'];
    if (order.some((name) => problems[name])) {
      focusFirstInvalid(order.map((name) => [problems[name], refs[name].current] as const));
      return;
    }
    setBusy(true);
    try {
      const { firstName, lastName } = splitName(values.name);
      await register({ firstName, lastName, email: values.email.trim(), password: values.password });
    } catch (error) {
      // A field the server refused gets its message next to it too.
      const keys = fieldKeys(error);
      const fromServer: FieldErrors<Name> = {
        name: keys.first_name ?? keys.last_name,
        email: keys.EmailAddress,
        password: keys.password,
      };
      if (Object.values(fromServer).some(Boolean)) setErrors(fromServer);
      setFailure(await failureText(error, 'login.errors.generic'));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        ref={refs.name}
        label={t('login.name')}
        name="name"
        autoComplete="name"
        data-autofocus
        value={values.name}
        onChange={change('name')}
        error={message('name')}
        hint={t('login.nameHint')}
      />
      <Field
        ref={refs.email}
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={change('email')}
        error={message('email')}
      />
      <Field
        ref={refs.password}
        label={t('login.password')}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={values.password}
        onChange={change('password')}
        error={message('password')}
        hint={tc('validation.password_rules')}
      />
      <Field
        ref={refs.confirmation}
        label={t('login.confirmPassword')}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={change('confirmation')}
        error={message('confirmation')}
      />
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('login.registerButton')}
      </Button>
      {failure ? (
        <div className={styles.errorBox} role="alert">
          <p className={styles.errorBoxLabel}>{t('login.errorRegister')}</p>
          <p>{failure}</p>
        </div>
      ) : null}
    </form>
  );
}
