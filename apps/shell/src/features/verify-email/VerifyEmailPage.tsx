import { confirmVerification, HTTPError, isSignedInAtom, openLoginAtom, readRefusal } from '@preloved/shared';
import { Link, useParams } from '@preloved/shared/router';
import { Button, buttonClassName } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './VerifyEmailPage.module.css';

type Outcome = { state: 'confirming' } | { state: 'confirmed' } | { state: 'unusable'; text: string } | { state: 'failed' };

/**
 * One POST per link and page load: a link works once, so React's second run of an effect (strict
 * mode) or a re-render must not send it again and read its own success as "already used".
 */
const refused = (error: unknown) => error instanceof HTTPError && error.response.status < 500;
const sent = new Map<string, Promise<unknown>>();
function confirmOnce(token: string): Promise<unknown> {
  let attempt = sent.get(token);
  if (!attempt) {
    attempt = confirmVerification({ token });
    sent.set(token, attempt);
    // A refusal is final; the network or the store failing may be tried again.
    attempt.catch((error: unknown) => {
      if (!refused(error)) sent.delete(token);
    });
  }
  return attempt;
}

/**
 * /verify-email/:token: the link of the confirmation mail, opened on any device, signed
 * in or not. It proves the account's e-mail on arrival (it signs nobody in), then says so with the
 * way to the account; a used or expired link says how to get a new one.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const { token = '' } = useParams();
  const signedIn = useAtomValue(isSignedInAtom);
  const openLogin = useSetAtom(openLoginAtom);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'confirming' });
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = useCallback(() => {
    let live = true;
    setOutcome({ state: 'confirming' });
    confirmOnce(token).then(
      () => live && setOutcome({ state: 'confirmed' }),
      async (error: unknown) => {
        if (!live) return;
        if (refused(error)) setOutcome({ state: 'unusable', text: (await readRefusal(error)).text });
        else setOutcome({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(confirm, [confirm]);
  useEffect(() => {
    document.title = `${t('verifyEmail.title')} — Preloved`;
  }, [t]);
  // Each outcome is announced by moving focus to its heading.
  useEffect(() => heading.current?.focus(), [outcome.state]);

  if (outcome.state === 'confirming')
    return (
      <div className={styles.page}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {t('verifyEmail.title')}
        </h1>
        <p role="status">{t('verifyEmail.confirming')}</p>
      </div>
    );
  if (outcome.state === 'confirmed')
    return (
      <div className={styles.page}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {t('verifyEmail.confirmed')}
        </h1>
        <p className={styles.intro}>{t('verifyEmail.confirmedText')}</p>
        <Link className={buttonClassName()} to="/user">
          {t('verifyEmail.toAccount')}
        </Link>
      </div>
    );
  if (outcome.state === 'failed')
    return (
      <div className={styles.page} role="alert">
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {tc('errors.network')}
        </h1>
        <Button onClick={confirm}>{tc('errors.retry')}</Button>
      </div>
    );
  return (
    <div className={styles.page} role="alert">
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {t('verifyEmail.unusableTitle')}
      </h1>
      <p className={styles.intro}>{outcome.text}</p>
      {signedIn ? (
        <Link className={buttonClassName()} to="/user">
          {t('verifyEmail.toAccount')}
        </Link>
      ) : (
        <>
          <p className={styles.intro}>{t('verifyEmail.newLink')}</p>
          <Button onClick={() => openLogin()}>{t('verifyEmail.signIn')}</Button>
        </>
      )}
    </div>
  );
}
