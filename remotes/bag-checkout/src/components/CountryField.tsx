import { SHIPPING_COUNTRIES } from '@preloved/contract';
import { SelectField, type FieldBinding } from '@preloved/ui';
import { useTranslation } from 'react-i18next';

/**
 * The country of a delivery address, chosen from the countries the store ships to (no
 * free text, "Po" is not a country); the API refuses any other with 422 invalid_country.
 */
export function CountryField({ binding, label }: { binding: FieldBinding; label: string }) {
  const { t } = useTranslation('bag');
  const listed = (SHIPPING_COUNTRIES as readonly string[]).includes(binding.value);
  return (
    <SelectField binding={binding} label={label} autoComplete="country">
      {listed ? null : <option value="">{t('delivery.chooseCountry')}</option>}
      {SHIPPING_COUNTRIES.map((code) => (
        <option key={code} value={code}>
          {t(`countries.${code}`)}
        </option>
      ))}
    </SelectField>
  );
}
