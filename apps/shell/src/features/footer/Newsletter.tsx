import { checkEmail, MAX_INPUT_LENGTH } from '@preloved/contract';
import { describeError, subscribeNewsletter, useToast } from '@preloved/shared';
import { Button } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Footer.module.css';

/** Spec §4: the success message shows for 5 s, then the block resets. */
export const NEWSLETTER_SUCCESS_MS = 5000;

type Status = 'idle' | 'submitting' | 'success';

export function Newsletter() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (status !== 'success') return undefined;
    const timer = setTimeout(() => setStatus('idle'), NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setError(problem);
    if (problem) return; // invalid: nothing is sent
    setStatus('submitting');
    try {
      await subscribeNewsletter(email.trim());
      setEmail('');
      setStatus('success');
    } catch (failure) {
      setStatus('idle');
      const { status: code, message } = await describeError(failure);
      toast.error(t('footer.subscribeFailed', { status: code, text: message }));
    }
  };

  return (
    <section className={styles.newsletter} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.newsletterTitle}>
        {t('footer.newsletterTitle')}
      </h2>
      <p className={styles.muted}>{t('footer.newsletterText')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          {t('footer.emailLabel')}
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={MAX_INPUT_LENGTH}
            placeholder={t('footer.emailPlaceholder')}
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" busy={status === 'submitting'} disabled={status === 'submitting'}>
            {t('footer.subscribe')}
          </Button>
        </div>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {tc(`validation.${error}`)}
          </p>
        ) : null}
        {/* A live region that is always there: screen readers announce text put into it, while one
            inserted together with its text is often missed. */}
        <p className={styles.success} role="status">
          {status === 'success' ? t('footer.subscribed') : null}
        </p>
      </form>
    </section>
  );
}
