import { refusalText, sendCheckoutEmailCode } from '@preloved/shared';
import { Button, Field } from '@preloved/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './PaymentPage.module.css';

export interface GuestEmailCodeProps {
  /** The checkout e-mail the code goes to. */
  email: string;
  /** The name the mail greets (the delivery address's first name). */
  firstName?: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated refusal of the code (missing, wrong, expired), shown next to the field. */
  error: string | null;
}

/**
 * A guest's first-order code needs the checkout e-mail proven: the code is mailed when this
 * shows (once per address), typed here and sent with the payment; "Send the code again" mails a new
 * one (the old one stops working), and a refusal to send (too soon) is said beside the button.
 */
export function GuestEmailCode({ email, firstName, value, onChange, error }: GuestEmailCodeProps) {
  const { t } = useTranslation('bag');
  const [sent, setSent] = useState<'sent' | 'resent' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sentTo = useRef<string | null>(null);

  const send = async (again: boolean) => {
    setSending(true);
    setProblem(null);
    try {
      await sendCheckoutEmailCode({ email, first_name: firstName || undefined });
      setSent(again ? 'resent' : 'sent');
    } catch (failure) {
      setProblem(await refusalText(failure));
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    // One mail per address shown (a re-render or a strict-mode second run would void the first code).
    if (sentTo.current === email) return;
    sentTo.current = email;
    void send(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sent once per address, on purpose
  }, [email]);

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('payment.emailCode.legend')}</legend>
      <p role="status" className={styles.wide}>
        {sent === 'resent' ? t('payment.emailCode.resent', { email }) : sent === 'sent' ? t('payment.emailCode.sent', { email }) : null}
      </p>
      <Field label={t('payment.emailCode.label')} value={value} onChange={onChange} error={error} inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
      <div>
        <Button type="button" variant="secondary" disabled={sending} onClick={() => void send(true)}>
          {t('payment.emailCode.resend')}
        </Button>
        {problem ? <p role="alert">{problem}</p> : null}
      </div>
    </fieldset>
  );
}
