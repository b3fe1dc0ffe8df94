import { checkEmail, checkName, dateTimeFormat, localeOf, type StorefrontProfile } from '@preloved/contract';
import {
  getStorefrontUser,
  updateStorefrontUser,
  useToast,
} from '@preloved/shared';
import { hasSession, type LoaderFunctionArgs, usePageData, useReloadOnSignIn } from '@preloved/shared/router';
import { Button, Field, FormFailure, PageSkeleton, useFieldForm } from '@preloved/ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../components/AccountPage.module.css';
import { accountMessage } from '../../lib/messages';

export async function detailsLoader({ request }: LoaderFunctionArgs): Promise<StorefrontProfile | null> {
  return hasSession() ? getStorefrontUser(request.signal) : null;
}

type Name = 'firstName' | 'lastName' | 'email' | 'currentPassword';
const WIRE_FIELDS: Record<string, Name> = { first_name: 'firstName', last_name: 'lastName', EmailAddress: 'email', current_password: 'currentPassword' };
/** Refusals the API sends as a bare message key, by the field they belong to. */
const KEY_FIELDS: Record<string, string> = { current_password_wrong: 'current_password', no_current_password: 'current_password' };
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** /user — the customer's first and last name and e-mail, editable, saved with a success toast. */
export function DetailsPage() {
  const profile = usePageData<StorefrontProfile | null>();
  const { t } = useTranslation('common');
  useReloadOnSignIn(Boolean(profile));
  if (!profile) return <PageSkeleton label={t('common.loading')} />;
  return <DetailsForm profile={profile} />;
}

function DetailsForm({ profile }: { profile: StorefrontProfile }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const form = useFieldForm<Name>(
    { firstName: profile.customer.FirstName, lastName: profile.customer.LastName, email: profile.customer.EmailAddress, currentPassword: '' },
    { message: accountMessage },
  );
  const { values, busy } = form;
  const titleId = useId();
  // A new e-mail moves the account's recovery to another mailbox: the API asks for the password then.
  const [savedEmail, setSavedEmail] = useState(profile.customer.EmailAddress);
  const emailChanges = !sameEmail(values.email, savedEmail);

  useEffect(() => {
    document.title = `${t('details.title')} — Preloved`;
  }, [t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const named = (key: string | null, specific: string) => (key === 'no_name' ? specific : key);
    const problems: Record<Name, string | null> = {
      firstName: named(checkName(values.firstName), 'no_first_name'),
      lastName: named(checkName(values.lastName), 'no_last_name'),
      email: checkEmail(values.email),
      currentPassword: emailChanges && !values.currentPassword ? 'no_current_password' : null,
    };
    if (!form.check(problems)) return;
    form.setBusy(true);
    try {
      const saved = await updateStorefrontUser({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        ...(emailChanges ? { currentPassword: values.currentPassword } : {}),
      });
      form.setValues({ firstName: saved.customer.FirstName, lastName: saved.customer.LastName, email: saved.customer.EmailAddress, currentPassword: '' });
      setSavedEmail(saved.customer.EmailAddress);
      toast.success(t(emailChanges ? 'details.savedEmail' : 'details.saved'));
    } catch (error) {
      await form.refuseFailure(error, WIRE_FIELDS, KEY_FIELDS);
    } finally {
      form.setBusy(false);
    }
  };

  const since = dateTimeFormat(localeOf(i18n.language), { month: 'long', year: 'numeric' }).format(
    new Date(profile.customer.member_since),
  );
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('details.title')}
      </h2>
      <p className={styles.intro}>
        {t('details.intro')}{' '}
        <span className={styles.meta}>
          {t('details.memberSince', { date: since })}
          {profile.customer.verified ? ` · ${t('details.verified')}` : ''}
        </span>
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.row}>
          <Field
            {...form.field('firstName')}
            label={t('details.firstName')}
            name="given-name"
            autoComplete="given-name"
          />
          <Field
            {...form.field('lastName')}
            label={t('details.lastName')}
            name="family-name"
            autoComplete="family-name"
          />
        </div>
        <Field
          {...form.field('email')}
          label={t('details.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
        />
        {emailChanges ? (
          <Field
            {...form.field('currentPassword')}
            label={t('details.currentPassword')}
            hint={t('details.currentPasswordHint')}
            type="password"
            name="current-password"
            autoComplete="current-password"
          />
        ) : null}
        <FormFailure>{form.failure}</FormFailure>
        <div>
          <Button type="submit" busy={busy} disabled={busy}>
            {t('details.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
