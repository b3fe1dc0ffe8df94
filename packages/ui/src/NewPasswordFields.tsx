import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import type { FieldBinding } from './use-field-form';

/**
 * A new password and its confirmation (registration, password reset, security page): browsers'
 * password managers recognise the pair, and the spec's rule is shown under the first.
 */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
}: {
  password: FieldBinding;
  confirmation: FieldBinding;
  labels: { password: string; confirmation: string };
}) {
  const { t } = useTranslation('common');
  return (
    <>
      <Field
        {...password}
        label={labels.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        hint={t('validation.password_rules')}
      />
      <Field {...confirmation} label={labels.confirmation} type="password" name="confirm-password" autoComplete="new-password" />
    </>
  );
}
