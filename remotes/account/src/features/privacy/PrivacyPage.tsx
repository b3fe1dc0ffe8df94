import { deleteMyAccount, downloadMyData, messageFor, readRefusal, refusalText, useToast } from '@preloved/shared';
import { Button, Field, FormFailure } from '@preloved/ui';
import { useNavigate } from '@preloved/shared/router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';

/**
 * /user/privacy — the person's GDPR rights: "Download my data" (the API's JSON file, saved by the
 * browser) and "Delete my account" (a confirm step with the password as step-up proof; a refusal's
 * reason in words). Once deleted, the shopper goes to the home page, signed out, where a notice says
 * so: the /user frame shows only a sign-in prompt to a signed-out shopper, so it cannot hold the confirmation.
 */
export function PrivacyPage() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const titleId = useId();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const deleteRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${t('privacy.title')} — Preloved`;
  }, [t]);
  useEffect(() => {
    if (confirming) passwordRef.current?.focus();
  }, [confirming]);

  const download = async () => {
    setDownloading(true);
    try {
      const { file, name } = await downloadMyData();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      toast.success(t('privacy.downloaded'));
    } catch (error) {
      toast.error(await refusalText(error));
    } finally {
      setDownloading(false);
    }
  };

  const cancel = () => {
    setConfirming(false);
    setPassword('');
    setPasswordError(null);
    setFailure(null);
    // Focus goes back to the button that opened the confirm step, once it is shown again.
    setTimeout(() => deleteRef.current?.querySelector('button')?.focus(), 0);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setPasswordError(t('privacy.noPassword'));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    setPasswordError(null);
    try {
      await deleteMyAccount({ password });
      navigate('/', { replace: true });
      toast.notice(t('privacy.deleted'));
      return;
    } catch (error) {
      const refusal = await readRefusal(error, { current_password_wrong: 'password' });
      const wrong = Object.values(refusal.fields)[0];
      if (wrong) setPasswordError(messageFor(wrong) ?? refusal.text);
      else setFailure(refusal.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('privacy.title')}
      </h2>
      <p className={styles.intro}>{t('privacy.intro')}</p>
      <h3>{t('privacy.downloadTitle')}</h3>
      <p className={styles.intro}>{t('privacy.downloadIntro')}</p>
      <div>
        <Button type="button" busy={downloading} disabled={downloading} onClick={() => void download()}>
          {t('privacy.download')}
        </Button>
      </div>
      <h3>{t('privacy.deleteTitle')}</h3>
      <p className={styles.intro}>{t('privacy.deleteIntro')}</p>
      {confirming ? (
        <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
          <p className={styles.intro}>{t('privacy.confirmIntro')}</p>
          <Field
            ref={passwordRef}
            label={t('privacy.password')}
            type="password"
            name="current-password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={passwordError ?? undefined}
          />
          <FormFailure>{failure}</FormFailure>
          <div>
            <Button type="submit" busy={busy} disabled={busy}>
              {t('privacy.confirm')}
            </Button>{' '}
            <Button type="button" variant="secondary" onClick={cancel}>
              {t('privacy.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div ref={deleteRef}>
          <Button type="button" onClick={() => setConfirming(true)}>
            {t('privacy.delete')}
          </Button>
        </div>
      )}
    </section>
  );
}
