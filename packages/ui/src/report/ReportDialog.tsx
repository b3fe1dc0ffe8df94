import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportReason, type ReportTarget } from '@preloved/contract';
import { addTranslations, isSignedInAtom, messageFor, readRefusal } from '@preloved/shared';
import { Button } from '../Button';
import dialogStyles from '../ConfirmDialog.module.css';
import { Field, TextAreaField } from '../Field';
import { useModalDialog } from '../use-modal-dialog';
import { useAtomValue } from 'jotai';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogTexts } from './dialog-texts';
import { reportContent } from './report-api';
import styles from './ReportDialog.module.css';

addTranslations('report', dialogTexts);

type Problems = Partial<Record<'reason' | 'text' | 'email', string>>;

const TITLES = { listing: 'titleListing', seller: 'titleSeller', message: 'titleMessage' } as const;

/**
 * The report form in a modal dialog (notice and action, DSA Art. 16): focus moves in, Escape and
 * Cancel close it, and focus goes back to the button that opened it (useModalDialog). A visitor may
 * leave an e-mail for the acknowledgement; a signed-in shopper's own address is used. Problems show
 * next to their fields. `@preloved/ui/report` on its own (not in the package's index), so the pages
 * that offer a report load it only when it opens: the product and seller pages, a conversation.
 */
export default function ReportDialog({ target, id, onClose }: { target: ReportTarget; id: number; onClose: () => void }) {
  const { t } = useTranslation('report');
  const signedIn = useAtomValue(isSignedInAtom);
  const ref = useModalDialog(true, onClose);
  const titleId = useId();
  const reasonErrorId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ reference: string; mailed: boolean } | null>(null);
  const firstReason = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const show = (found: Problems) => {
    setProblems(found);
    if (found.reason) firstReason.current?.focus();
    else if (found.text) textRef.current?.focus();
    else if (found.email) emailRef.current?.focus();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    if (!reason) found.reason = 'report_reason_needed';
    else if (reason === 'other' && !text.trim()) found.text = 'report_text_needed';
    if (Object.keys(found).length) return show(found);
    setBusy(true);
    setFailure(null);
    try {
      const address = email.trim();
      const receipt = await reportContent({ target, id, reason: reason as ReportReason, text, ...(!signedIn && address ? { email: address } : {}) });
      setSent({ reference: receipt.reference, mailed: signedIn || address !== '' });
    } catch (error) {
      const refusal = await readRefusal(error);
      show(refusal.fields as Problems);
      setFailure(refusal.text || null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} className={`${dialogStyles.dialog} ${styles.wide}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={dialogStyles.title}>
        {t(TITLES[target])}
      </h2>
      {sent ? (
        <>
          <p role="status" className={styles.intro}>
            {t('sent', { reference: sent.reference })} {sent.mailed ? t('sentMail') : null}
          </p>
          <div className={styles.actions}>
            <Button onClick={onClose} autoFocus>
              {t('close')}
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className={styles.intro}>{t('intro')}</p>
          <fieldset className={styles.reasons} aria-describedby={problems.reason ? reasonErrorId : undefined} aria-invalid={problems.reason ? true : undefined}>
            <legend>{t('reason')}</legend>
            {REPORT_REASONS.map((option, index) => (
              <label key={option}>
                <input
                  ref={index === 0 ? firstReason : undefined}
                  type="radio"
                  name="reason"
                  value={option}
                  checked={reason === option}
                  autoFocus={index === 0}
                  onChange={() => {
                    setReason(option);
                    setProblems((before) => ({ ...before, reason: undefined }));
                  }}
                />{' '}
                {t(`reasons.${option}`)}
              </label>
            ))}
            {problems.reason ? (
              <p id={reasonErrorId} className={styles.error}>
                {messageFor(problems.reason)}
              </p>
            ) : null}
          </fieldset>
          <TextAreaField
            ref={textRef}
            label={t('text')}
            value={text}
            maxLength={REPORT_TEXT_MAX}
            rows={4}
            hint={t('textHint')}
            error={messageFor(problems.text)}
            onChange={(value) => {
              setText(value);
              setProblems((before) => ({ ...before, text: undefined }));
            }}
          />
          {signedIn ? (
            <p className={styles.note}>{t('signedInEmail')}</p>
          ) : (
            <Field
              ref={emailRef}
              type="email"
              autoComplete="email"
              label={t('email')}
              value={email}
              maxLength={254}
              hint={t('emailHint')}
              error={messageFor(problems.email)}
              onChange={(value) => {
                setEmail(value);
                setProblems((before) => ({ ...before, email: undefined }));
              }}
            />
          )}
          {failure ? (
            <p role="alert" className={styles.error}>
              {failure}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('sending') : t('send')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
