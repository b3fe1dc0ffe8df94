import { getStorefrontUser, recoverPassword, refusalText, userDataAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { FormFailure } from './FormFailure';
import styles from './PayoutsFrozenNotice.module.css';

/**
 * Payouts frozen (the owner reported a payout change as not theirs): no money leaves the
 * wallet until the password is reset through the mailed link, which this notice asks for.
 * `children` replaces the sentence that says why.
 */
export function PayoutsFrozenNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const userData = useAtomValue(userDataAtom);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const sendReset = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const known = userData?.customer.EmailAddress;
      const email = typeof known === 'string' && known ? known : (await getStorefrontUser()).customer.EmailAddress;
      await recoverPassword(email);
      setSentTo(email);
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.notice} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('payouts.frozenTitle')}
      </h3>
      <p className={styles.text}>{children ?? t('payouts.frozenText')}</p>
      <div role="status">{sentTo ? <p className={styles.text}>{t('payouts.resetSent', { email: sentTo })}</p> : null}</div>
      <FormFailure>{failure}</FormFailure>
      {sentTo ? null : (
        <div>
          <Button type="button" variant="secondary" busy={busy} disabled={busy} onClick={() => void sendReset()}>
            {t('payouts.sendReset')}
          </Button>
        </div>
      )}
    </section>
  );
}
