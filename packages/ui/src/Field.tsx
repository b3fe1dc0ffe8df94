import { MAX_INPUT_LENGTH } from '@preloved/contract';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from './Field.module.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated message of the field's problem; the field is marked invalid while it is set. */
  error?: string | null;
  /** A lasting hint (the password rule); hidden while an error says the same thing louder. */
  hint?: ReactNode;
}

/**
 * A labelled input with its message next to it (spec §5): the message is tied to the input with
 * aria-describedby, the input is marked aria-invalid, and every input stops at 50 characters
 * (MAX_INPUT_LENGTH) unless a `maxLength` of its own is given.
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, value, onChange, error, hint, className, ...input },
  ref,
) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? messageId : null, hint && !error ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={styles.input}
        maxLength={MAX_INPUT_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p id={messageId} className={styles.error}>
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
});

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated message of the field's problem; the field is marked invalid while it is set. */
  error?: string | null;
  /** A lasting hint (the characters left); hidden while an error is shown. */
  hint?: ReactNode;
}

/** Field's longer sibling: a labelled text area with its message (a review, a reply). */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, value, onChange, error, hint, className, ...textarea },
  ref,
) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        className={`${styles.input} ${styles.textarea}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        {...textarea}
      />
      {error ? (
        <p id={messageId} className={styles.error}>
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
});
