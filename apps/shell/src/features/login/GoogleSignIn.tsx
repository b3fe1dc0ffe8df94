import { getConfig, googleSignIn, HTTPError, refusalText } from '@preloved/shared';
import { FormFailure } from '@preloved/ui';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { GoogleButtonProps } from './GoogleButton';
import { GoogleLinkForm } from './GoogleLinkForm';
import styles from './LoginPanel.module.css';

const GOOGLE_MIN_WIDTH = 200;
const GOOGLE_MAX_WIDTH = 400;

/**
 * "Continue with Google" and the "or" divider (spec §2), only when a Google client id is configured
 * (spec §6). The Google library is imported on first show, never with the page.
 */
export function GoogleSignIn() {
  const { t, i18n } = useTranslation('shell');
  const clientId = getConfig().googleClientId;
  const [Button, setButton] = useState<ComponentType<GoogleButtonProps> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The credential of a Google sign-in that waits for the store account's password.
  const [linking, setLinking] = useState<string | null>(null);
  const [width, setWidth] = useState(GOOGLE_MAX_WIDTH);
  const slot = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!clientId) return undefined;
    let live = true;
    import('./GoogleButton').then(
      (module) => {
        if (!live) return;
        // Measured once the library has arrived: by then the panel is shown (a closed dialog
        // measures 0), and on a phone the button must fit the sheet.
        const measured = slot.current?.clientWidth;
        if (measured) setWidth(Math.max(GOOGLE_MIN_WIDTH, Math.min(GOOGLE_MAX_WIDTH, measured)));
        setButton(() => module.GoogleButton);
      },
      () => live && setFailure(t('login.errors.google')),
    );
    return () => {
      live = false;
    };
  }, [clientId, t]);

  if (!clientId) return null;
  const onCredential = (credential: string) => {
    setFailure(null);
    setLinking(null);
    googleSignIn(credential).catch(async (error: unknown) => {
      if (asksForPassword(error)) setLinking(credential);
      else setFailure(await refusalText(error, t('login.errors.google')));
    });
  };
  return (
    <>
      <div ref={slot} className={styles.google}>
        {Button ? (
          <Button
            clientId={clientId}
            locale={i18n.language}
            width={width}
            onCredential={onCredential}
            onFailure={() => setFailure(t('login.errors.google'))}
          />
        ) : null}
      </div>
      <FormFailure>{failure}</FormFailure>
      {linking ? <GoogleLinkForm credential={linking} onCancel={() => setLinking(null)} /> : null}
      <p className={styles.divider}>
        <span>{t('login.or')}</span>
      </p>
    </>
  );
}

/** 422 `google_link_password`: the e-mail's account is proven, and its password links it once. */
function asksForPassword(error: unknown): boolean {
  if (!(error instanceof HTTPError) || error.response.status !== 422) return false;
  const body = error.data as { code?: unknown; fields?: Array<{ key?: unknown }> } | undefined;
  return body?.code === 'google_link_password' || (Array.isArray(body?.fields) && body.fields.some((field) => field.key === 'google_link_password'));
}
