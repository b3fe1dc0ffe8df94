import { TRADER_COUNTRIES, TraderDeclarationInput, type TraderDeclaration, type TraderKind } from '@preloved/contract';
import { useToast } from '@preloved/shared';
import { Button, Field, SelectField, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { sellerMessage } from '../../lib/format';
import { getTraderDeclaration, saveTraderDeclaration } from './trader-api';

const FIELDS = ['name', 'address', 'address2', 'zip_code', 'city', 'country', 'email', 'phone', 'registration_number', 'vat_number', 'self_certified'] as const;
type Name = (typeof FIELDS)[number];
const WIRE_FIELDS = Object.fromEntries(FIELDS.map((name) => [name, name])) as Record<Name, Name>;
const EMPTY: Record<Name, string> = { name: '', address: '', address2: '', zip_code: '', city: '', country: 'PT', email: '', phone: '', registration_number: '', vat_number: '', self_certified: '' };

/**
 * "Do you sell as a private person or as a business?" (DSA Art. 30): a business gives its name,
 * address, contact, trade register and VAT numbers and certifies it only offers products that comply
 * with EU law. Not answered, a seller is treated as a private person, the choice shown first.
 */
export function TraderDeclarationForm({ initial }: { initial?: TraderDeclaration | null }) {
  const { t } = useTranslation('seller');
  const toast = useToast();
  const legendId = useId();
  const [declaration, setDeclaration] = useState<TraderDeclaration | null>(initial ?? null);
  const [kind, setKind] = useState<TraderKind>(initial?.kind ?? 'private');
  const [certified, setCertified] = useState(false);
  const form = useFieldForm(EMPTY, { message: sellerMessage });

  useEffect(() => {
    if (initial !== undefined) return;
    const controller = new AbortController();
    getTraderDeclaration(controller.signal)
      .then((saved) => setDeclaration(saved))
      .catch(() => undefined);
    return () => controller.abort();
  }, [initial]);
  // What was saved fills the form once it arrives.
  const { setValues } = form;
  useEffect(() => {
    if (!declaration) return;
    setKind(declaration.kind ?? 'private');
    const business = declaration.business;
    if (business) {
      setCertified(true);
      setValues({ ...business, self_certified: '' });
    }
  }, [declaration, setValues]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const input = kind === 'private' ? { kind } : { kind, ...form.values, self_certified: certified };
    const parsed = TraderDeclarationInput.safeParse(input);
    const problems: Partial<Record<Name, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) problems[issue.path[0] as Name] ??= issue.message;
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      setDeclaration(await saveTraderDeclaration(input as TraderDeclarationInput));
      toast.success(t('trader.saved'));
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS);
      return;
    }
    form.setBusy(false);
  };

  const certification = form.field('self_certified');
  const certificationErrorId = `${legendId}-certification`;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={styles.section} aria-labelledby={legendId}>
        <legend id={legendId} className={styles.sectionTitle}>
          {t('trader.question')}
        </legend>
        {(['private', 'business'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name="trader-kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
            <span>
              {t(`trader.${value}`)}
              <span className={styles.hint}>{t(`trader.${value}Hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'business' ? (
        <>
          <Field {...form.field('name')} label={t('trader.name')} autoComplete="organization" />
          <Field {...form.field('address')} label={t('trader.address')} autoComplete="address-line1" />
          <Field {...form.field('address2')} label={t('trader.address2')} autoComplete="address-line2" />
          <Field {...form.field('zip_code')} label={t('trader.zip')} autoComplete="postal-code" />
          <Field {...form.field('city')} label={t('trader.city')} autoComplete="address-level2" />
          <SelectField binding={form.field('country')} label={t('trader.country')}>
            {TRADER_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`onboarding.countries.${country}`)}
              </option>
            ))}
          </SelectField>
          <Field {...form.field('email')} label={t('trader.email')} type="email" autoComplete="email" hint={t('trader.emailHint')} />
          <Field {...form.field('phone')} label={t('trader.phone')} type="tel" autoComplete="tel" hint={t('trader.phoneHint')} />
          <Field {...form.field('registration_number')} label={t('trader.registration')} />
          <Field {...form.field('vat_number')} label={t('trader.vat')} hint={t('trader.vatHint')} />
          <label className={styles.choice}>
            <input
              ref={certification.ref}
              type="checkbox"
              checked={certified}
              aria-invalid={certification.error ? true : undefined}
              aria-describedby={certification.error ? certificationErrorId : undefined}
              onChange={(event) => {
                setCertified(event.target.checked);
                certification.onChange('');
              }}
            />
            <span>{t('trader.certify')}</span>
          </label>
          {certification.error ? (
            <p id={certificationErrorId} className={styles.error}>
              {certification.error}
            </p>
          ) : null}
        </>
      ) : null}
      {form.failure ? (
        <p className={styles.error} role="alert">
          {form.failure}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" busy={form.busy} disabled={form.busy}>
          {t('trader.save')}
        </Button>
      </div>
    </form>
  );
}
