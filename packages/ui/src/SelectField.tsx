import { useId, type ReactNode } from 'react';
import type { FieldBinding } from './use-field-form';
import styles from './Field.module.css';

/**
 * A labelled choice from a list (a country from the countries the store ships to), with its message
 * next to it like `Field`: tied with aria-describedby, marked aria-invalid. Takes a `useFieldForm`
 * binding; the form's focus on a problem only calls focus(), which a select has too.
 */
export function SelectField({ binding, label, children, autoComplete }: { binding: FieldBinding; label: string; children: ReactNode; autoComplete?: string }) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        ref={(element) => binding.ref(element as unknown as HTMLInputElement | null)}
        id={id}
        className={styles.input}
        value={binding.value}
        onChange={(event) => binding.onChange(event.target.value)}
        autoComplete={autoComplete}
        aria-invalid={binding.error ? true : undefined}
        aria-describedby={binding.error ? messageId : undefined}
      >
        {children}
      </select>
      {binding.error ? (
        <p id={messageId} className={styles.error}>
          {binding.error}
        </p>
      ) : null}
    </div>
  );
}
