import { HTTPError, messageFor, refusalCode, refusalText, sendStepUpCode, stepUp, userDataAtom } from '@preloved/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import dialog from './ConfirmDialog.module.css';
import { EmailCodeForm } from './EmailCodeForm';
import { Field } from './Field';
import { FormFailure } from './FormFailure';
import styles from './AmountDialog.module.css';
import { useFieldForm } from './use-field-form';
import { useModalDialog } from './use-modal-dialog';

export interface StepUpDialogProps {
  open: boolean;
  /** False for an account without a password (Google only): it proves itself with a mailed code. */
  hasPassword: boolean;
  /** The session proved its owner: money may move out of it for 10 minutes. */
  onProven: () => void;
  /** Closed without a proof (Escape, the backdrop, Cancel). */
  onClose: () => void;
}

/** A wrong password comes as a bare code too: it belongs to the password field. */
const KEY_FIELDS = { current_password_wrong: 'password', no_password: 'password' };

/**
 * "For your safety, confirm it's you": before money leaves the account, the password, or
 * for an account without one a 6-digit code it asks to be mailed (EmailCodeForm, as every mailed code
 * of the store). A refusal is shown next to its field, which is focused again; Escape, the backdrop
 * and Cancel close it without a proof.
 */
export function StepUpDialog({ open, hasPassword, onProven, onClose }: StepUpDialogProps) {
  const titleId = useId();
  const ref = useModalDialog(open, onClose);
  return (
    <dialog ref={ref} className={dialog.dialog} aria-labelledby={titleId}>
      {open ? <StepUpContent titleId={titleId} hasPassword={hasPassword} onProven={onProven} onClose={onClose} /> : null}
    </dialog>
  );
}

function StepUpContent({ titleId, hasPassword, onProven, onClose }: Omit<StepUpDialogProps, 'open'> & { titleId: string }) {
  const { t } = useTranslation('common');
  // A password account may ask for a code too (a forgotten password, user data read before it had one).
  const [byCode, setByCode] = useState(!hasPassword);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const codeArea = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) codeArea.current?.querySelector('input')?.focus();
  }, [sent]);

  const sendCode = async () => {
    if (sending) return;
    setSending(true);
    setFailure(null);
    try {
      await sendStepUpCode();
      setSent(true);
    } catch (error) {
      setFailure(await refusalText(error));
    } finally {
      setSending(false);
    }
  };

  const cancel = (
    <Button type="button" variant="secondary" onClick={onClose}>
      {t('stepUp.cancel')}
    </Button>
  );
  return (
    <div className={styles.form}>
      <h2 id={titleId} className={styles.title}>
        {t('stepUp.title')}
      </h2>
      {!byCode ? (
        <PasswordProof onProven={onProven} onUseCode={() => setByCode(true)} cancel={cancel} />
      ) : sent ? (
        <>
          <p className={styles.text}>{t('stepUp.codeSent')}</p>
          <div ref={codeArea}>
            <EmailCodeForm onConfirm={(code) => stepUp({ code })} onResend={sendStepUpCode} successText={() => t('stepUp.proven')} onConfirmed={onProven} labelledBy={titleId} />
          </div>
          <div className={dialog.actions}>{cancel}</div>
        </>
      ) : (
        <>
          <p className={styles.text}>{t('stepUp.codeText')}</p>
          <FormFailure>{failure}</FormFailure>
          <div className={dialog.actions}>
            {cancel}
            <Button type="button" busy={sending} disabled={sending} onClick={() => void sendCode()} autoFocus>
              {t('stepUp.sendCode')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function PasswordProof({ onProven, onUseCode, cancel }: { onProven: () => void; onUseCode: () => void; cancel: ReactElement }) {
  const { t } = useTranslation('common');
  const form = useFieldForm({ password: '' }, { message: (key) => messageFor(key) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    if (!form.check({ password: form.values.password ? null : 'no_password' })) return;
    form.setBusy(true);
    try {
      await stepUp({ password: form.values.password });
      form.setBusy(false);
      onProven();
    } catch (error) {
      await form.refuseFailure(error, { password: 'password' }, KEY_FIELDS);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
      <p className={styles.text}>{t('stepUp.passwordText')}</p>
      <Field {...form.field('password')} label={t('stepUp.password')} type="password" name="current-password" autoComplete="current-password" autoFocus />
      <div>
        <Button type="button" variant="ghost" onClick={onUseCode}>
          {t('stepUp.useCode')}
        </Button>
      </div>
      <FormFailure>{form.failure}</FormFailure>
      <div className={dialog.actions}>
        {cancel}
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {t('stepUp.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** True when a failed call was refused for want of a fresh proof (403 `step_up_required`). */
export function isStepUpRequired(failure: unknown): boolean {
  return failure instanceof HTTPError && failure.response.status === 403 && refusalCode(failure) === 'step_up_required';
}

export interface StepUp {
  /**
   * Runs `action`; when the API answers 403 `step_up_required`, asks for the proof and runs it once
   * more. Resolves to the action's result, or undefined when the dialog was closed without a proof;
   * any other failure (the retry's too) rejects as the action's did.
   */
  withStepUp: <T extends object>(action: () => Promise<T>) => Promise<T | undefined>;
  /** The dialog: rendered by the component that uses the hook. */
  stepUpDialog: ReactElement;
}

/**
 * The one way money moves out of the storefront: try, prove on demand, retry once. After
 * the dialog, focus goes back to the control that started the action once it takes focus again (a
 * form's busy button), unless the user has put it somewhere else meanwhile.
 */
export function useStepUp(): StepUp {
  const userData = useAtomValue(userDataAtom);
  const [open, setOpen] = useState(false);
  const pending = useRef<((proven: boolean) => void) | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const settle = useCallback((proven: boolean) => {
    setOpen(false);
    const resolve = pending.current;
    pending.current = null;
    resolve?.(proven);
  }, []);

  // Runs after every render of the caller: its button is enabled again in the render that ends the action.
  useEffect(() => {
    const opener = returnTo.current;
    if (open || !opener) return;
    const active = document.activeElement;
    if (!opener.isConnected || (active && active !== document.body && active !== opener)) {
      returnTo.current = null;
    } else if (!opener.matches(':disabled')) {
      opener.focus();
      returnTo.current = null;
    }
  });

  const withStepUp = useCallback(async <T extends object>(action: () => Promise<T>): Promise<T | undefined> => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    try {
      return await action();
    } catch (error) {
      if (!isStepUpRequired(error)) throw error;
    }
    pending.current?.(false);
    returnTo.current = opener;
    const proven = await new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setOpen(true);
    });
    return proven ? action() : undefined;
  }, []);

  const hasPassword = (userData?.customer as { has_password?: unknown } | undefined)?.has_password !== false;
  return {
    withStepUp,
    stepUpDialog: <StepUpDialog open={open} hasPassword={hasPassword} onProven={() => settle(true)} onClose={() => settle(false)} />,
  };
}
