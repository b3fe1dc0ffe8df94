import { refusalText } from '@preloved/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Field } from './Field';
import styles from './EmailCodeForm.module.css';
import { FormFailure } from './FormFailure';
import { useFieldForm } from './use-field-form';

export interface EmailCodeFormProps<Result> {
  /** Sends the typed code (its 6 digits, spaces dropped); rejects with the API's refusal. */
  onConfirm: (code: string) => Promise<Result>;
  /** Mails a new code; rejects with the API's refusal (429 too often, 409 already confirmed). */
  onResend: () => Promise<unknown>;
  /** What the form says once the code is accepted (default: the e-mail address is confirmed). */
  successText?: (result: Result) => string;
  /** Called after the success message is shown (a parent reloads its list, claims again…). */
  onConfirmed?: (result: Result) => void;
  /** The id of the heading that names the form, if the parent shows one. */
  labelledBy?: string;
  /** The confirm button's words (default "Confirm"). */
  confirmLabel?: string;
}

/** The code as the API takes it: typed with or without spaces (packages/contract's EmailCode). */
const digitsOf = (value: string) => value.replace(/\s+/g, '');
const codeProblem = (code: string) => (!code ? 'no_email_code' : /^\d{6}$/.test(code) ? null : 'invalid_email_code');

/**
 * The 6-digit code of a mail that proves an e-mail address: the account's confirmation,
 * the orders page's "add my guest orders", a payment answer that needs a proven e-mail. A labelled
 * one-time-code input (phones offer the code from the mail), its problem next to it, a way to get
 * the code again, and a status message once it is accepted. Every call is the parent's.
 */
export function EmailCodeForm<Result>({
  onConfirm,
  onResend,
  successText,
  onConfirmed,
  labelledBy,
  confirmLabel,
}: EmailCodeFormProps<Result>) {
  const { t } = useTranslation('common');
  const form = useFieldForm({ code: '' }, { message: (key) => t(`validation.${key}`) });
  const { values, busy } = form;
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const code = digitsOf(values.code);
    if (!form.check({ code: codeProblem(code) })) return;
    setResent(false);
    form.setBusy(true);
    try {
      const result = await onConfirm(code);
      setDone(successText ? successText(result) : t('emailCode.confirmed'));
      form.setBusy(false);
      onConfirmed?.(result);
    } catch (error) {
      await form.refuseFailure(error, { code: 'code' });
    }
  };

  const resend = async () => {
    if (resending) return;
    setResending(true);
    setResent(false);
    form.setFailure(null);
    try {
      await onResend();
      setResent(true);
    } catch (error) {
      form.setFailure(await refusalText(error));
    } finally {
      setResending(false);
    }
  };

  if (done)
    return (
      <p className={styles.success} role="status">
        {done}
      </p>
    );
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby={labelledBy} noValidate>
      <div className={styles.row}>
        <Field
          {...form.field('code')}
          className={styles.code}
          label={t('emailCode.label')}
          hint={t('emailCode.hint')}
          name="one-time-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
        />
        <Button type="submit" busy={busy} disabled={busy}>
          {confirmLabel ?? t('emailCode.confirm')}
        </Button>
      </div>
      <FormFailure>{form.failure}</FormFailure>
      <div className={styles.resend}>
        <Button variant="ghost" onClick={() => void resend()} busy={resending} disabled={resending}>
          {t('emailCode.resend')}
        </Button>
        {/* Polite and always present, so the news is read out when it appears. */}
        <p role="status" className={styles.note}>
          {resent ? t('emailCode.resent') : null}
        </p>
      </div>
    </form>
  );
}
