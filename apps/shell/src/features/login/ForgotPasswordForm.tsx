import { checkEmail, type ValidationKey } from '@preloved/contract';
import { recoverPassword, refusalText } from '@preloved/shared';
import { Button, Field, FormFailure } from '@preloved/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPanel.module.css';

/** Spec §5, §9: with an invalid email the button's spinner stops after 1 s and nothing is sent. */
export const FORGOT_INVALID_SPINNER_MS = 1000;

/** The forgot-password view: an email, then the "check inbox" confirmation (spec §2, §4). */
export function ForgotPasswordForm({ onSent, onBack, initialEmail = '' }: { onSent: (email: string) => void; onBack: () => void; initialEmail?: string }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<ValidationKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const problem = checkEmail(email);
    if (problem) {
      timer.current = setTimeout(() => {
        setBusy(false);
        setError(problem);
        emailRef.current?.focus();
      }, FORGOT_INVALID_SPINNER_MS);
      return;
    }
    try {
      await recoverPassword(email.trim());
      onSent(email.trim());
    } catch (failed) {
      setFailure(await refusalText(failed));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.text}>{t('login.forgotText')}</p>
      <Field
        ref={emailRef}
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        data-autofocus
        value={email}
        onChange={(value) => {
          setEmail(value);
          setError(null);
        }}
        error={error ? tc(`validation.${error}`) : null}
      />
      <FormFailure>{failure}</FormFailure>
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('login.sendLink')}
      </Button>
      <button type="button" className={styles.link} onClick={onBack}>
        {t('login.backToSignIn')}
      </button>
    </form>
  );
}

/** "Check inbox": the link is on its way (the answer never says whether the account exists). */
export function ForgotSent({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.form} role="status">
      <p className={styles.text}>{t('login.sentText', { email })}</p>
      <p className={styles.muted}>{t('login.sentHint')}</p>
      <Button variant="secondary" block onClick={onBack} data-autofocus>
        {t('login.backToSignIn')}
      </Button>
    </div>
  );
}
