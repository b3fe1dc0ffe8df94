import { AddressInput, SHIPPING_COUNTRIES, type Address, type AddressList } from '@preloved/contract';
import {
  addAddress,
  deleteAddress,
  getAddresses,
  setDefaultAddress,
  updateAddress,
  useToast,
} from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, ConfirmDialog, EmptyState, Field, FormFailure, PageSkeleton, SelectField, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { AddressLines } from '../../components/AddressLines';
import { countryName } from '../../lib/format';
import { accountMessage } from '../../lib/messages';
import book from './AddressesPage.module.css';

export async function addressesLoader({ request }: LoaderFunctionArgs): Promise<AddressList | null> {
  return hasSession() ? getAddresses(request.signal) : null;
}

type Name = 'name' | 'firstName' | 'lastName' | 'phone' | 'address' | 'address2' | 'zipCode' | 'city' | 'country';
const WIRE_FIELDS: Record<string, Name> = {
  name: 'name',
  first_name: 'firstName',
  last_name: 'lastName',
  phone: 'phone',
  address: 'address',
  address2: 'address2',
  zip_code: 'zipCode',
  city: 'city',
  country: 'country',
};
const EMPTY: Record<Name, string> = { name: '', firstName: '', lastName: '', phone: '', address: '', address2: '', zipCode: '', city: '', country: 'PT' };

const valuesOf = (address: Address): Record<Name, string> => ({
  name: address.name,
  firstName: address.first_name,
  lastName: address.last_name,
  phone: address.phone,
  address: address.address,
  address2: address.address2,
  zipCode: address.zip_code,
  city: address.city,
  country: address.country,
});

const wireOf = (values: Record<Name, string>): AddressInput => ({
  name: values.name,
  first_name: values.firstName,
  last_name: values.lastName,
  phone: values.phone,
  address: values.address,
  address2: values.address2,
  zip_code: values.zipCode,
  city: values.city,
  country: values.country,
});

/** The contract's own checks, run in the page so a missing field is said before anything is sent. */
function problemsOf(values: Record<Name, string>): Partial<Record<Name, string>> {
  const parsed = AddressInput.safeParse(wireOf(values));
  const problems: Partial<Record<Name, string>> = {};
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const name = WIRE_FIELDS[String(issue.path[0])];
    if (name) problems[name] ??= issue.message;
  }
  return problems;
}

/**
 * /user/addresses — the address book (spec §3 "Address"): the addresses the customer saved, the
 * default first; add, edit, delete (after a confirmation) and choose the default. Checkout offers them.
 */
export function AddressesPage() {
  const loaded = usePageData<AddressList | null>();
  const { t } = useTranslation('account');
  useReloadOnSignIn(Boolean(loaded));
  useEffect(() => {
    document.title = `${t('addresses.title')} — Preloved`;
  }, [t]);
  if (!loaded) return <PageSkeleton label={t('addresses.title')} />;
  return <AddressBook initial={loaded.addresses} />;
}

type Editing = { kind: 'new' } | { kind: 'edit'; address: Address } | null;

function AddressBook({ initial }: { initial: Address[] }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const titleId = useId();
  const addId = useId();
  // Focus goes back to "Add an address" once the form closes, not to the top of the page.
  const focusAdd = () => requestAnimationFrame(() => document.getElementById(addId)?.focus());

  useEffect(() => setAddresses(initial), [initial]);

  const closeForm = () => {
    setEditing(null);
    focusAdd();
  };

  const saved = async (message: string) => {
    setAddresses((await getAddresses()).addresses);
    setEditing(null);
    toast.success(message);
    focusAdd();
  };

  const remove = async (address: Address) => {
    setDeleting(null);
    setBusyId(address.id);
    try {
      setAddresses((await deleteAddress(address.id)).addresses);
      toast.success(t('addresses.deleted'));
    } catch {
      // The shared catalogue's toast has said what failed.
    } finally {
      setBusyId(null);
    }
  };

  const makeDefault = async (address: Address) => {
    setBusyId(address.id);
    try {
      setAddresses((await setDefaultAddress(address.id)).addresses);
      toast.success(t('addresses.defaultSaved'));
    } catch {
      // The shared catalogue's toast has said what failed.
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className={`${styles.page} ${book.page}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('addresses.title')}
      </h2>
      <p className={styles.intro}>{t('addresses.intro')}</p>
      {editing ? (
        <AddressForm
          key={editing.kind === 'edit' ? editing.address.id : 'new'}
          address={editing.kind === 'edit' ? editing.address : null}
          first={addresses.length === 0}
          onSaved={(message) => void saved(message)}
          onCancel={closeForm}
        />
      ) : addresses.length === 0 ? (
        <EmptyState
          title={t('addresses.empty')}
          action={
            <Button id={addId} onClick={() => setEditing({ kind: 'new' })}>
              {t('addresses.add')}
            </Button>
          }
        >
          <p>{t('addresses.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className={book.list} aria-label={t('addresses.listLabel')}>
            {addresses.map((address) => {
              const label = address.name || `${address.first_name} ${address.last_name}`;
              return (
                <li key={address.id} className={book.card} aria-label={label}>
                  <div className={book.head}>
                    <h3 className={book.name}>{label}</h3>
                    {address.default ? <span className={book.badge}>{t('addresses.default')}</span> : null}
                  </div>
                  <AddressLines address={address} withName={Boolean(address.name)} muted />
                  <div className={book.actions}>
                    <Button variant="secondary" onClick={() => setEditing({ kind: 'edit', address })} aria-label={t('addresses.editOf', { name: label })}>
                      {t('addresses.edit')}
                    </Button>
                    <Button variant="ghost" onClick={() => setDeleting(address)} disabled={busyId === address.id} aria-label={t('addresses.deleteOf', { name: label })}>
                      {t('addresses.delete')}
                    </Button>
                    {address.default ? null : (
                      <Button
                        variant="ghost"
                        busy={busyId === address.id}
                        disabled={busyId === address.id}
                        onClick={() => void makeDefault(address)}
                        aria-label={t('addresses.makeDefaultOf', { name: label })}
                      >
                        {t('addresses.makeDefault')}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
          <div>
            <Button id={addId} onClick={() => setEditing({ kind: 'new' })}>
              {t('addresses.add')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('addresses.confirmDelete')}
        confirmLabel={t('addresses.delete')}
        cancelLabel={t('addresses.cancel')}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? <p>{t('addresses.confirmDeleteText', { name: deleting.name || `${deleting.first_name} ${deleting.last_name}` })}</p> : null}
      </ConfirmDialog>
    </section>
  );
}

function AddressForm({
  address,
  first,
  onSaved,
  onCancel,
}: {
  address: Address | null;
  first: boolean;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('account');
  const form = useFieldForm<Name>(address ? valuesOf(address) : EMPTY, { message: accountMessage });
  const [makeDefault, setMakeDefault] = useState(address?.default ?? first);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { busy } = form;

  useEffect(() => headingRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.check(problemsOf(form.values))) return;
    form.setBusy(true);
    try {
      const body = { ...wireOf(form.values), default: makeDefault };
      if (address) await updateAddress(address.id, body);
      else await addAddress(body);
      onSaved(t(address ? 'addresses.updated' : 'addresses.added'));
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="address-form-title">
      <h3 id="address-form-title" ref={headingRef} tabIndex={-1} className={book.formTitle}>
        {t(address ? 'addresses.editTitle' : 'addresses.newTitle')}
      </h3>
      <Field {...form.field('name')} label={t('addresses.name')} hint={t('addresses.nameHint')} name="address-name" autoComplete="off" />
      <div className={styles.row}>
        <Field {...form.field('firstName')} label={t('addresses.firstName')} name="given-name" autoComplete="given-name" />
        <Field {...form.field('lastName')} label={t('addresses.lastName')} name="family-name" autoComplete="family-name" />
      </div>
      <Field {...form.field('phone')} label={t('addresses.phone')} type="tel" name="tel" autoComplete="tel" inputMode="tel" />
      <Field {...form.field('address')} label={t('addresses.address')} name="address-line1" autoComplete="address-line1" />
      <Field {...form.field('address2')} label={t('addresses.address2')} name="address-line2" autoComplete="address-line2" />
      <div className={styles.row}>
        <Field {...form.field('zipCode')} label={t('addresses.zipCode')} name="postal-code" autoComplete="postal-code" />
        <Field {...form.field('city')} label={t('addresses.city')} name="address-level2" autoComplete="address-level2" />
      </div>
      {/* A country the store ships to, from the list (the API refuses others). */}
      <SelectField binding={form.field('country')} label={t('addresses.country')} autoComplete="country">
        <option value="">{t('addresses.chooseCountry')}</option>
        {SHIPPING_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {countryName(code, i18n.language)}
          </option>
        ))}
      </SelectField>
      <label className={book.check}>
        <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} disabled={first} />
        {t('addresses.useAsDefault')}
      </label>
      <FormFailure>{form.failure}</FormFailure>
      <div className={book.actions}>
        <Button type="submit" busy={busy} disabled={busy}>
          {t('addresses.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('addresses.cancel')}
        </Button>
      </div>
    </form>
  );
}
