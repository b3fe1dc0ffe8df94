import { StaffSignIn, type StaffSessionResponse } from '@preloved/contract';
import { messageFor } from '@preloved/shared';
import { useNavigate, useSearchParams } from '@preloved/shared/router';
import { Button, Field, FormFailure, useFieldForm } from '@preloved/ui';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleApi } from '../../lib/console-api';
import { fieldProblems } from '../../lib/field-problems';
import styles from '../../lib/console.module.css';

/** Only a path of the console is a place to come back to after signing in. */
export function safeNext(next: string | null): string {
  return next && /^\/backoffice(\/|$|\?)/.test(next) && !next.startsWith('//') ? next : '/backoffice';
}

/**
 * `/backoffice/sign-in`: e-mail, password and the six-digit code of the member's authenticator app,
 * all three at once (the second factor is never optional). Any wrong one gets the same answer.
 */
export function SignInPage() {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useFieldForm({ email: '', password: '', code: '' }, { message: (key) => messageFor(key, 'backoffice') });

  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = StaffSignIn.safeParse(form.values);
    if (!form.check(fieldProblems(parsed))) return;
    form.setBusy(true);
    try {
      await consoleApi.post<StaffSessionResponse>('session', parsed.data);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (failure) {
      form.setValues((values) => ({ ...values, code: '' }));
      await form.refuseFailure(failure, { email: 'email', password: 'password', code: 'code' });
    }
  };

  return (
    <section className={styles.narrow} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" ref={heading} tabIndex={-1} className={styles.title}>
        {t('signIn.title')}
      </h1>
      <p className={styles.muted}>{t('signIn.intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field {...form.field('email')} label={t('signIn.email')} type="email" autoComplete="username" maxLength={254} />
        <Field {...form.field('password')} label={t('signIn.password')} type="password" autoComplete="current-password" maxLength={200} />
        <Field
          {...form.field('code')}
          label={t('signIn.code')}
          hint={t('signIn.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <FormFailure>{form.failure}</FormFailure>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('signIn.submit')}
        </Button>
      </form>
    </section>
  );
}
