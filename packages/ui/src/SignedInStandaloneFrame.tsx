import { ApiEventsBridge, clearSessionAtom, login, logout, tokenAtom } from '@preloved/shared';
import { Link, Outlet } from '@preloved/shared/router';
import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Field } from './Field';

/** A link of a standalone frame's navigation: its path and the key of its label in the remote's namespace. */
export interface StandaloneLink {
  to: string;
  label: string;
}

function SignIn({ namespace }: { namespace: string }) {
  const { t } = useTranslation(namespace);
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

/**
 * The minimal frame of a remote whose pages need a signed-in customer (account, seller), for working
 * on it alone (`pnpm --filter @preloved/<remote> dev`): its links, sign-out, and a small sign-in form in
 * place of the shell's login panel. Labels come from the remote's namespace (`standalone.*` keys).
 */
export function SignedInStandaloneFrame({ namespace, links }: { namespace: string; links: readonly StandaloneLink[] }) {
  const { t } = useTranslation(namespace);
  const token = useAtomValue(tokenAtom);
  const clearSession = useSetAtom(clearSessionAtom);
  return (
    <>
      <ApiEventsBridge />
      <nav style={{ display: 'flex', gap: 16, padding: 16 }} aria-label={t('standalone.pages')}>
        {links.map((link) => (
          <Link key={link.to} to={link.to}>
            {t(link.label)}
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
        {token ? <Outlet /> : <SignIn namespace={namespace} />}
      </main>
    </>
  );
}
