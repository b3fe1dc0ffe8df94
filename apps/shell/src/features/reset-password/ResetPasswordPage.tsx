import { checkNewPassword, checkPasswordConfirmation } from '@preloved/contract';
import {
  checkResetLink,
  HTTPError,
  loginPanelAtom,
  openLoginAtom,
  resetPassword,
  useToast,
  refusalText,
} from '@preloved/shared';
import {
  useLoaderData,
  useNavigate,
  useParams,
  useRevalidator,
  type LoaderFunctionArgs,
} from '@preloved/shared/router';
import { Button, FormFailure, NewPasswordFields, useFieldForm } from '@preloved/ui';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ResetPasswordPage.module.css';

export type ResetLinkState = 'valid' | 'expired' | 'unreachable';

/** The route's loader: is the link from the e-mail still usable? (404 → expired or used.) */
export async function resetPasswordLoader({ params, request }: LoaderFunctionArgs): Promise<ResetLinkState> {
  try {
    return (await checkResetLink(params.resetId ?? '', request.signal)) ? 'valid' : 'expired';
  } catch {
    return 'unreachable';
  }
}

type Name = 'password' | 'confirmation';

/**
 * /reset-password/:id (spec §2): the link from the recovery e-mail. A usable link asks for the new
 * password twice under the registration rules, then signs in (spec §4) and goes to /user. An expired
 * or used link says so and offers a new one (the login panel in forgot-password mode).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const loaded = useLoaderData() as ResetLinkState;
  const { resetId = '' } = useParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const openLogin = useSetAtom(openLoginAtom);
  const setPanel = useSetAtom(loginPanelAtom);
  const [state, setState] = useState<ResetLinkState>(loaded);
  const form = useFieldForm<Name>({ password: '', confirmation: '' }, { message: (key) => tc(`validation.${key}`) });
  const { values, busy } = form;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => setState(loaded), [loaded]);
  // The window's title names the page, as every other page's does.
  useEffect(() => {
    document.title = `${t('resetPassword.title')} — Preloved`;
  }, [t]);
  // A new view (form, expired) is announced by moving focus to its heading.
  useEffect(() => heading.current?.focus(), [state]);

  const requestNewLink = () => {
    openLogin();
    setPanel({ mode: 'forgot', forCheckout: false });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problems = {
      password: checkNewPassword(values.password),
      confirmation: checkPasswordConfirmation(values.password, values.confirmation),
    };
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      await resetPassword({ id: resetId, password: values.password, confirmPassword: values.confirmation });
      toast.success(t('resetPassword.done'));
      await navigate('/user', { replace: true });
    } catch (error) {
      form.setBusy(false);
      // The link was used or expired meanwhile (422 without a field): the expired view says what to do.
      if (error instanceof HTTPError && error.response.status === 422 && !hasFields(error)) setState('expired');
      else form.setFailure(await refusalText(error));
    }
  };

  if (state !== 'valid') {
    const expired = state === 'expired';
    return (
      <div className={styles.page} role={expired ? 'alert' : undefined}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {expired ? t('resetPassword.expiredTitle') : tc('errors.network')}
        </h1>
        {expired ? <p className={styles.intro}>{t('resetPassword.expiredText')}</p> : null}
        {expired ? (
          <Button onClick={requestNewLink}>{t('resetPassword.requestNew')}</Button>
        ) : (
          <Button onClick={() => void revalidator.revalidate()}>{tc('errors.retry')}</Button>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t('resetPassword.title')}
      </h1>
      <p className={styles.intro}>{t('resetPassword.intro')}</p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <NewPasswordFields
          password={form.field('password')}
          confirmation={form.field('confirmation')}
          labels={{ password: t('resetPassword.newPassword'), confirmation: t('resetPassword.confirmPassword') }}
        />
        <FormFailure>{form.failure}</FormFailure>
        <Button type="submit" block busy={busy} disabled={busy}>
          {t('resetPassword.save')}
        </Button>
      </form>
    </div>
  );
}

function hasFields(error: HTTPError): boolean {
  const data = error.data as { fields?: unknown } | undefined;
  return Array.isArray(data?.fields) && data.fields.length > 0;
}
