import { checkEmail, checkName, type StorefrontProfile } from '@preloved/contract';
import { getStorefrontUser, updateStorefrontUser, usePageData, useToast, type LoaderFunctionArgs } from '@preloved/shared';
import { Button, Field, PageSkeleton } from '@preloved/ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../common/AccountPage.module.css';
import { messageFor, readRefusal } from '../common/refusal';
import { hasSession, useReloadOnSignIn } from '../common/use-profile-data';

export async function detailsLoader({ request }: LoaderFunctionArgs): Promise<StorefrontProfile | null> {
  return hasSession() ? getStorefrontUser(request.signal) : null;
}

type Name = 'firstName' | 'lastName' | 'email';
const WIRE_FIELDS: Record<string, Name> = { first_name: 'firstName', last_name: 'lastName', EmailAddress: 'email' };

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
  const [values, setValues] = useState<Record<Name, string>>({
    firstName: profile.customer.FirstName,
    lastName: profile.customer.LastName,
    email: profile.customer.EmailAddress,
  });
  const [errors, setErrors] = useState<Partial<Record<Name, string | null>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = { firstName: useRef<HTMLInputElement>(null), lastName: useRef<HTMLInputElement>(null), email: useRef<HTMLInputElement>(null) };
  const order: Name[] = ['firstName', 'lastName', 'email'];
  const titleId = useId();

  useEffect(() => {
    document.title = `${t('details.title')} — Preloved`;
  }, [t]);

  const change = (name: Name) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: null }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const named = (key: string | null, specific: string) => (key === 'no_name' ? specific : key);
    const problems: Record<Name, string | null> = {
      firstName: named(checkName(values.firstName), 'no_first_name'),
      lastName: named(checkName(values.lastName), 'no_last_name'),
      email: checkEmail(values.email),
    };
    setErrors(problems);
    setFailure(null);
    const first = order.find((name) => problems[name]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await updateStorefrontUser({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      });
      setValues({ firstName: saved.customer.FirstName, lastName: saved.customer.LastName, email: saved.customer.EmailAddress });
      toast.success(t('details.saved'));
    } catch (error) {
      const refusal = await readRefusal(error);
      const fromServer: Partial<Record<Name, string>> = {};
      for (const [wire, key] of Object.entries(refusal.fields)) {
        const name = WIRE_FIELDS[wire];
        if (name) fromServer[name] ??= key;
      }
      setErrors(fromServer);
      setFailure(refusal.text || null);
      const refused = order.find((name) => fromServer[name]);
      if (refused) refs[refused].current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const since = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-PT' : 'en-GB', { month: 'long', year: 'numeric' }).format(
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
            ref={refs.firstName}
            label={t('details.firstName')}
            name="given-name"
            autoComplete="given-name"
            value={values.firstName}
            onChange={change('firstName')}
            error={messageFor(errors.firstName)}
          />
          <Field
            ref={refs.lastName}
            label={t('details.lastName')}
            name="family-name"
            autoComplete="family-name"
            value={values.lastName}
            onChange={change('lastName')}
            error={messageFor(errors.lastName)}
          />
        </div>
        <Field
          ref={refs.email}
          label={t('details.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={change('email')}
          error={messageFor(errors.email)}
        />
        {failure ? (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        ) : null}
        <div>
          <Button type="submit" busy={busy} disabled={busy}>
            {t('details.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
