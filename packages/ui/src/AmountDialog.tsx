import { messageFor, readRefusal, refusedFields } from '@preloved/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import dialog from './ConfirmDialog.module.css';
import { Field } from './Field';
import styles from './AmountDialog.module.css';
import { useModalDialog } from './use-modal-dialog';

/** "25", "25.5", "25,50" → 25.5; null when it is not an amount with at most 2 decimals. */
export function parseAmount(text: string): number | null {
  const normal = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(normal)) return null;
  return Number(normal);
}

export interface AmountDialogProps {
  open: boolean;
  title: ReactNode;
  /** Lines above the field (what the piece is listed at, what was offered). */
  intro?: ReactNode;
  /** A line below the field. */
  note?: ReactNode;
  label: string;
  hint: string;
  /** What the field holds each time the dialog opens. */
  initialAmount?: string;
  cancelLabel: string;
  sendLabel: string;
  /** What is wrong with the typed amount (`amount` is `parseAmount(text)`), or null to send it. */
  check: (amount: number | null, text: string) => string | null;
  /** Sends a checked amount; a refusal it throws is shown at the field. */
  onSend: (amount: number, text: string) => Promise<void>;
  /** The sentence for a refused price's key; by default the shared catalogue's. */
  priceRefusal?: (key: string) => string | null;
  onClose: () => void;
}

/**
 * A modal form for one amount of money (an offer, a counter-offer): checked before sending, the
 * API's refusal shown next to the field, the field focused again on either.
 */
export function AmountDialog(props: AmountDialogProps) {
  const { open, title, intro, note, label, hint, initialAmount = '', cancelLabel, sendLabel, check, onSend, priceRefusal = messageFor, onClose } = props;
  const ref = useModalDialog(open, onClose);
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState(initialAmount);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setAmount(initialAmount);
  }, [open, initialAmount]);

  const refuse = (problem: string | null) => {
    setError(problem);
    inputRef.current?.focus();
  };
  const close = () => {
    setAmount('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    const problem = check(value, amount);
    if (problem || value === null) return refuse(problem);
    setBusy(true);
    try {
      await onSend(value, amount.trim());
      setAmount('');
      setError(null);
    } catch (failure) {
      const fields = refusedFields(failure);
      const refusal = await readRefusal(failure);
      refuse(fields.price ? priceRefusal(fields.price) : refusal.text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={dialog.dialog} aria-labelledby={titleId}>
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate className={styles.form}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {intro ? <p className={styles.text}>{intro}</p> : null}
          <Field
            ref={inputRef}
            label={label}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            inputMode="decimal"
            autoComplete="off"
            maxLength={10}
            error={error}
            hint={hint}
            autoFocus
          />
          {note ? <p className={styles.text}>{note}</p> : null}
          <div className={dialog.actions}>
            <Button type="button" variant="secondary" onClick={close}>
              {cancelLabel}
            </Button>
            <Button type="submit" busy={busy} disabled={busy}>
              {sendLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
