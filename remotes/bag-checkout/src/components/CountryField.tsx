import { SHIPPING_COUNTRIES } from '@preloved/contract';
import type { FieldBinding } from '@preloved/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './CountryField.module.css';

/**
 * The country of a delivery address, chosen from the countries the store ships to (issue 26: no
 * free text, "Po" is not a country); the API refuses any other with 422 invalid_country.
 */
export function CountryField({ binding, label }: { binding: FieldBinding; label: string }) {
  const { t } = useTranslation('bag');
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        // The form focuses a field with a problem; focus() is all it asks of the element.
        ref={(element) => binding.ref(element as unknown as HTMLInputElement | null)}
        id={id}
        className={styles.input}
        value={binding.value}
        onChange={(event) => binding.onChange(event.target.value)}
        autoComplete="country"
        aria-invalid={binding.error ? true : undefined}
        aria-describedby={binding.error ? messageId : undefined}
      >
        {SHIPPING_COUNTRIES.includes(binding.value as (typeof SHIPPING_COUNTRIES)[number]) ? null : <option value="">{t('delivery.chooseCountry')}</option>}
        {SHIPPING_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {t(`countries.${code}`)}
          </option>
        ))}
      </select>
      {binding.error ? (
        <p id={messageId} className={styles.error}>
          {binding.error}
        </p>
      ) : null}
    </div>
  );
}
