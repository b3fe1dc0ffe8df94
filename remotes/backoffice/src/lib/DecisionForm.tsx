import { messageFor } from '@preloved/shared';
import { Button, Field, FormFailure, TextAreaField, useFieldForm } from '@preloved/ui';
import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './console.module.css';

export interface DecisionFormProps<Choice extends string> {
  /** The question the choices answer (a fieldset's legend). */
  legend: string;
  /** The choices, as value and label; one only shows no choice at all. */
  choices: ReadonlyArray<readonly [Choice, string]>;
  reasonLabel: string;
  reasonHint?: string;
  submitLabel: string;
  /**
   * The choices that ask for the member's authenticator code again (a large refund: step-up): the code
   * field's label, and for a choice its hint and whether the code must be given (optional: the API
   * says whether the amount needs it); the code is sent with the decision.
   */
  stepUp?: { label: string; ask: (choice: Choice) => { hint: string; required: boolean } | null };
  /** What a choice asks besides the reason (the pieces of a partial refund), shown under the choices. */
  children?: (choice: Choice | '') => ReactNode;
  /** Checks that extra part before sending; false stops the decision (the part shows and focuses its own problem). */
  precheck?: (choice: Choice) => boolean;
  /** Sends the decision; a refusal is shown by the form (a 422's `reason` or `code` next to its field). */
  onSubmit: (choice: Choice, reason: string, code?: string) => Promise<void>;
}

/**
 * A decision of staff with its reason, the shape of every action the audit log records: a choice (when
 * there is more than one), a reason that cannot be left empty, and the refusal next to what it is about.
 */
export function DecisionForm<Choice extends string>({ legend, choices, reasonLabel, reasonHint, submitLabel, stepUp, children, precheck, onSubmit }: DecisionFormProps<Choice>) {
  const { t } = useTranslation('backoffice');
  const name = useId();
  const form = useFieldForm({ choice: choices.length === 1 ? choices[0]![0] : '', reason: '', code: '' }, { message: (key) => messageFor(key, 'backoffice') });
  const asked = stepUp && form.values.choice ? stepUp.ask(form.values.choice as Choice) : null;
  const code = form.values.code.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      choice: form.values.choice ? null : 'staff_choice_needed',
      reason: form.values.reason.trim() ? null : 'staff_reason_needed',
      code: !asked || /^\d{6}$/.test(code) || (!asked.required && code === '') ? null : 'staff_totp_invalid',
    };
    if (!form.check(problems)) return;
    if (precheck && !precheck(form.values.choice as Choice)) return;
    form.setBusy(true);
    try {
      await onSubmit(form.values.choice as Choice, form.values.reason.trim(), asked && code ? code : undefined);
      form.setValues({ choice: choices.length === 1 ? choices[0]![0] : '', reason: '', code: '' });
      form.setBusy(false);
    } catch (failure) {
      form.setValues((values) => ({ ...values, code: '' }));
      await form.refuseFailure(failure, { reason: 'reason', resolution: 'choice', decision: 'choice', blocked: 'choice', code: 'code' });
    }
  };
  const choiceError = form.errors.choice ? t('common.chooseOne') : null;
  const reason = form.field('reason');
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {choices.length > 1 ? (
        <fieldset className={styles.choices} aria-describedby={choiceError ? `${name}-choice` : undefined}>
          <legend>{legend}</legend>
          {choices.map(([value, label]) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={form.values.choice === value}
                onChange={() => form.field('choice').onChange(value)}
                ref={form.values.choice === '' && value === choices[0]![0] ? form.field('choice').ref : undefined}
              />
              {label}
            </label>
          ))}
          {choiceError ? (
            <p id={`${name}-choice`} className={styles.error}>
              {choiceError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {children?.(form.values.choice as Choice | '')}
      <TextAreaField
        ref={reason.ref as unknown as Ref<HTMLTextAreaElement>}
        value={reason.value}
        onChange={reason.onChange}
        error={reason.error}
        label={reasonLabel}
        hint={reasonHint ?? t('common.reasonHint')}
        rows={3}
        maxLength={1000}
      />
      {asked ? <Field {...form.field('code')} label={stepUp!.label} hint={asked.hint} inputMode="numeric" autoComplete="one-time-code" maxLength={6} /> : null}
      <FormFailure>{form.failure}</FormFailure>
      <div>
        <Button type="submit" busy={form.busy} disabled={form.busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
