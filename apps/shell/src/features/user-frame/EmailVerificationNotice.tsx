import {
  confirmVerification,
  getStorefrontUser,
  HTTPError,
  resendVerification,
  setUserDataAtom,
  store,
  userDataAtom,
  type UserData,
} from '@preloved/shared';
import { EmailCodeForm } from '@preloved/ui';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './EmailVerificationNotice.module.css';

/** The stored user data's word on the e-mail: null when it is older than issue 41 and says nothing. */
function emailState(data: UserData | null): { verified: boolean | null; email: string } {
  const customer = data?.customer;
  const verified = typeof customer?.email_verified === 'boolean' ? customer.email_verified : null;
  return { verified, email: typeof customer?.EmailAddress === 'string' ? customer.EmailAddress : '' };
}

/** The profile again, into the store; a failure leaves the stored data as it was. */
async function refreshUser(): Promise<void> {
  try {
    store.set(setUserDataAtom, await getStorefrontUser());
  } catch {
    // The notice stays as the stored data says; the next page asks again.
  }
}

/**
 * Every /user page, while the account's e-mail is unproven: what it cannot do yet and the
 * mailed code's form. Once the code is accepted the notice gives way to one line saying so. The
 * stored data is read again on arrival: the mailed link may have been opened on another device.
 */
export function EmailVerificationNotice() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const { verified, email } = emailState(useAtomValue(userDataAtom));
  const [confirmedHere, setConfirmedHere] = useState<string | null>(null);
  const titleId = useId();
  const checked = useRef(false);

  useEffect(() => {
    if (verified === true || checked.current) return;
    checked.current = true;
    void refreshUser();
  }, [verified]);

  if (confirmedHere)
    return (
      <p className={styles.confirmed} role="status">
        {confirmedHere}
      </p>
    );
  if (verified !== false) return null;

  const resend = async () => {
    try {
      return await resendVerification();
    } catch (error) {
      // Proven meanwhile (the link, on another device): the notice goes.
      if (error instanceof HTTPError && error.response.status === 409) {
        setConfirmedHere(tc('validation.email_already_verified'));
        await refreshUser();
        return undefined;
      }
      throw error;
    }
  };

  return (
    <section className={styles.notice} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('user.verify.title')}
      </h2>
      <p className={styles.text}>{t('user.verify.text', { email })}</p>
      <EmailCodeForm
        labelledBy={titleId}
        onConfirm={(code) => confirmVerification({ code })}
        onResend={resend}
        onConfirmed={() => setConfirmedHere(tc('emailCode.confirmed'))}
      />
    </section>
  );
}
