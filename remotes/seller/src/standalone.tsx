import {
  ApiEventsBridge,
  clearSessionAtom,
  Link,
  login,
  logout,
  mountStandalone,
  Navigate,
  Outlet,
  pageRoutes,
  tokenAtom,
} from '@preloved/shared';
import { Button, Field } from '@preloved/ui';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pages } from './exposes/SellerPages';

// The seller's pages in a minimal frame with the same providers as the shell, against the API:
// for working on this remote alone. The shell's login panel is not here, so a small form signs in.
const paths: Record<string, string> = {
  listings: '/user/listings',
  listing: '/user/listings/:listingId',
  onboarding: '/user/onboarding',
  'submit-item': '/user/submit-item-2hand',
};
const titles: Record<string, string> = { listings: 'listings.title', onboarding: 'onboarding.title', 'submit-item': 'submit.title' };

function SignIn() {
  const { t } = useTranslation('seller');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failed, setFailed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    login({ email, password }).catch(() => setFailed(true));
  };
  return (
    <form onSubmit={submit} style={{ display: 'grid', gap: 12, maxWidth: 320 }}>
      <Field label={t('standalone.email')} type="email" value={email} onChange={setEmail} />
      <Field label={t('standalone.password')} type="password" value={password} onChange={setPassword} />
      {failed ? <p role="alert">{t('standalone.failed')}</p> : null}
      <Button type="submit">{t('standalone.signIn')}</Button>
    </form>
  );
}

function Frame() {
  const { t } = useTranslation('seller');
  const token = useAtomValue(tokenAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  return (
    <>
      <ApiEventsBridge />
      <nav style={{ display: 'flex', gap: 16, padding: 16 }} aria-label={t('standalone.pages')}>
        {Object.entries(titles).map(([key, title]) => (
          <Link key={key} to={paths[key]!}>
            {t(title)}
          </Link>
        ))}
        {token ? (
          <button type="button" onClick={() => void logout().finally(clearSession)}>
            {t('standalone.signOut')}
          </button>
        ) : null}
      </nav>
      <main id="main" style={{ padding: 16 }}>
        <h1>{t('standalone.title')}</h1>
        {token ? <Outlet /> : <SignIn />}
      </main>
    </>
  );
}

mountStandalone('seller', Frame, [{ index: true, element: <Navigate to="/user/listings" replace /> }, ...pageRoutes(pages, paths)]);
