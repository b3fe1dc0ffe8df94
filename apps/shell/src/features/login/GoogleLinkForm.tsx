import { INCORRECT_COMBINATION } from '@preloved/contract';
import { googleSignIn } from '@preloved/shared';
import { Button, Field, FormFailure, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './LoginPanel.module.css';

/**
 * Google meets a proven password account of the same e-mail: its password, typed once,
 * links the two; the same Google credential is sent again with it. A wrong password is said next
 * to the field. Success is the session's (spec §4), as any sign-in.
 */
export function GoogleLinkForm({ credential, onCancel }: { credential: string; onCancel: () => void }) {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const form = useFieldForm({ password: '' }, { message: (key) => tc(`validation.${key}`) });
  const { values, busy } = form;
  const textId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const { ref } = form.field('password');

  // The field appears in place of nothing the user asked for: focus goes to it, its reason read out.
  useEffect(() => input.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!form.check({ password: values.password ? null : 'no_password' })) return;
    form.setBusy(true);
    try {
      await googleSignIn(credential, values.password);
    } catch (error) {
      await form.refuseFailure(error, { password: 'password' }, { [INCORRECT_COMBINATION]: 'password' });
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby={textId} noValidate>
      <p id={textId} className={styles.notice}>
        {tc('validation.google_link_password')}
      </p>
      <Field
        {...form.field('password')}
        ref={(element) => {
          input.current = element;
          ref(element);
        }}
        label={t('login.googleLinkPassword')}
        type="password"
        name="password"
        autoComplete="current-password"
      />
      <FormFailure>{form.failure}</FormFailure>
      <Button type="submit" block busy={busy} disabled={busy}>
        {t('login.googleLink')}
      </Button>
      <button type="button" className={styles.link} onClick={onCancel}>
        {t('login.googleLinkCancel')}
      </button>
    </form>
  );
}
