import { EU_COUNTRIES, formatMoney, TaxDataInput, type TaxStatus } from '@preloved/contract';
import { hasSession, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, Field, getTaxStatus, PageSkeleton, SelectField, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/SellerPage.module.css';
import { formatDate, sellerMessage } from '../../lib/format';
import { saveTaxData } from './tax-api';

export async function taxDataLoader({ request }: LoaderFunctionArgs): Promise<TaxStatus | null> {
  if (!hasSession()) return null;
  return getTaxStatus(request.signal);
}

const FIELDS = ['first_name', 'last_name', 'birth_date', 'business_name', 'registration_number', 'vat_number', 'address', 'zip_code', 'city', 'country', 'tin', 'tin_country'] as const;
type Name = (typeof FIELDS)[number];
const WIRE_FIELDS = Object.fromEntries(FIELDS.map((name) => [name, name])) as Record<Name, Name>;
const EMPTY: Record<Name, string> = { first_name: '', last_name: '', birth_date: '', business_name: '', registration_number: '', vat_number: '', address: '', zip_code: '', city: '', country: 'PT', tin: '', tin_country: 'PT' };
const PERSON_FIELDS: readonly Name[] = ['first_name', 'last_name', 'birth_date'];
const BUSINESS_FIELDS: readonly Name[] = ['business_name', 'registration_number', 'vat_number'];

/** The contract's checks as the form shows them: each field's first message key, before anything is sent. */
function firstProblems(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Partial<Record<Name, string>> {
  return Object.fromEntries([...issues].reverse().map((issue) => [String(issue.path[0]), issue.message]));
}

/**
 * /user/tax-data — the seller's DAC7 tax details: why they are asked, this year's sales, whether
 * payouts are paused, the details given (masked: the TIN's last 4 characters), and the form that
 * gives or replaces them. Nothing given is ever filled back into the form.
 */
export function TaxDataPage() {
  const data = usePageData<TaxStatus | null>();
  const { t, i18n } = useTranslation('seller');
  const titleId = useId();
  const savedId = useId();
  const kindId = useId();
  const [status, setStatus] = useState<TaxStatus | null>(data);
  const [kind, setKind] = useState<'private' | 'business'>('private');
  const [saved, setSaved] = useState(false);
  const form = useFieldForm(EMPTY, { message: sellerMessage });
  useReloadOnSignIn(Boolean(data));
  useEffect(() => setStatus(data), [data]);
  useEffect(() => {
    document.title = `${t('tax.title')} — Preloved`;
  }, [t]);
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const countries = useMemo(() => [...EU_COUNTRIES].sort((a, b) => (countryNames.of(a) ?? a).localeCompare(countryNames.of(b) ?? b, i18n.language)), [countryNames, i18n.language]);
  if (!status) return <PageSkeleton label={t('tax.title')} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.busy) return;
    const own = kind === 'private' ? PERSON_FIELDS : BUSINESS_FIELDS;
    const values = Object.fromEntries(FIELDS.filter((name) => own.includes(name) || (!PERSON_FIELDS.includes(name) && !BUSINESS_FIELDS.includes(name))).map((name) => [name, form.values[name]]));
    const input = { kind, ...values } as TaxDataInput;
    if (!form.check(firstProblems(TaxDataInput.safeParse(input).error?.issues ?? []))) return;
    form.setBusy(true);
    setSaved(false);
    try {
      setStatus(await saveTaxData(input));
      form.setValues(EMPTY);
      setSaved(true);
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS);
      return;
    }
    form.setBusy(false);
  };

  const countrySelect = (name: 'country' | 'tin_country', label: string) => (
    <SelectField binding={form.field(name)} label={label}>
      {countries.map((code) => (
        <option key={code} value={code}>
          {countryNames.of(code) ?? code}
        </option>
      ))}
    </SelectField>
  );
  const given = status.data;
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('tax.title')}
      </h2>
      <p className={styles.intro}>{t('tax.intro')}</p>
      <p>{t('tax.year', { year: status.year, sales: status.sales, amount: formatMoney(status.consideration, i18n.language) })}</p>
      <p role="status">{saved ? t('tax.saved') : status.payouts_paused ? t('tax.paused') : given ? t('tax.active') : null}</p>
      {given ? (
        <section className={styles.section} aria-labelledby={savedId}>
          <h3 id={savedId} className={styles.sectionTitle}>
            {t('tax.savedTitle')}
          </h3>
          <dl>
            <dt>{t('tax.savedKind')}</dt>
            <dd>{t(`tax.${given.kind}`)}</dd>
            <dt>{t('tax.savedName')}</dt>
            <dd>{given.name}</dd>
            <dt>{t('tax.savedTin')}</dt>
            <dd>{t('tax.savedTinValue', { tin: given.tin_masked, country: countryNames.of(given.tin_country) ?? given.tin_country })}</dd>
            <dt>{t('tax.savedCountry')}</dt>
            <dd>{countryNames.of(given.country) ?? given.country}</dd>
            <dt>{t('tax.savedOn')}</dt>
            <dd>{formatDate(given.given_at, i18n.language)}</dd>
          </dl>
          <p className={styles.hint}>{t('tax.correct')}</p>
        </section>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.section} aria-labelledby={kindId}>
          <legend id={kindId} className={styles.sectionTitle}>
            {t('tax.kindQuestion')}
          </legend>
          {(['private', 'business'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name="tax-kind" value={value} checked={kind === value} onChange={() => setKind(value)} />
              <span>{t(`tax.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {kind === 'private' ? (
          <>
            <Field {...form.field('first_name')} label={t('tax.firstName')} autoComplete="given-name" />
            <Field {...form.field('last_name')} label={t('tax.lastName')} autoComplete="family-name" />
            <Field {...form.field('birth_date')} label={t('tax.birthDate')} type="date" autoComplete="bday" hint={t('tax.birthDateHint')} />
          </>
        ) : (
          <>
            <Field {...form.field('business_name')} label={t('tax.businessName')} autoComplete="organization" />
            <Field {...form.field('registration_number')} label={t('tax.registration')} />
            <Field {...form.field('vat_number')} label={t('tax.vat')} hint={t('tax.vatHint')} />
          </>
        )}
        <Field {...form.field('address')} label={t('tax.address')} autoComplete="street-address" />
        <Field {...form.field('zip_code')} label={t('tax.zip')} autoComplete="postal-code" />
        <Field {...form.field('city')} label={t('tax.city')} autoComplete="address-level2" />
        {countrySelect('country', t('tax.country'))}
        <Field {...form.field('tin')} label={t('tax.tin')} autoComplete="off" hint={t('tax.tinHint')} />
        {countrySelect('tin_country', t('tax.tinCountry'))}
        {form.failure ? (
          <p className={styles.error} role="alert">
            {form.failure}
          </p>
        ) : null}
        <div>
          <Button type="submit" busy={form.busy} disabled={form.busy}>
            {t('tax.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
