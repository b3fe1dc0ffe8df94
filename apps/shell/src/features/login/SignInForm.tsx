import { checkEmail } from '@preloved/contract';
import { login } from '@preloved/shared';
import { Button, Field } from '@preloved/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPanel.module.css';
import { failureText, focusFirstInvalid, type FieldErrors } from './messages';

/**
 * Sign-in (spec §5): a valid email and a non-empty password; empty fields are highlighted; bad
 * credentials show the incorrect-combination message. Success is the session's (spec §4).
 */
export function SignInForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = { email: checkEmail(email), password: password ? null : ('no_password' as const) };
    setErrors(problems);
    setFailure(null);
    if (problems.email || problems.password) {
      focusFirstInvalid([
        [problems.email, emailRef.current],
        [problems.password, passwordRef.current],
      ]);
      return;
    }
    setBusy(true);
    try {
      await login({ email: email.trim(), password });
    } catch (error) {
      setFailure(await failureText(error, 'login.errors.generic'));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        ref={emailRef}
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        data-autofocus
        value={email}
        onChange={(value) => {
          setEmail(value);
          setErrors((current) => ({ ...current, email: null }));
        }}
        error={errors.email ? tc(`validation.${errors.email}`) : null}
      />
      <Field
        ref={passwordRef}
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((current) => ({ ...current, password: null }));
        }}
        error={errors.password ? tc(`validation.${errors.password}`) : null}
      />
      <button type="button" className={styles.link} onClick={onForgot}>
        {t('login.forgotLink')}
      </button>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('login.signInButton')}
      </Button>
    </form>
  );
}
