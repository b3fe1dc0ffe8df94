import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

export interface GoogleButtonProps {
  clientId: string;
  locale: string;
  /** Pixels: Google draws its button at a fixed width between 200 and 400. */
  width: number;
  onCredential: (credential: string) => void;
  onFailure: () => void;
}

/**
 * Google's own button (Google Identity Services through @react-oauth/google). This module is only
 * imported when a client id is configured, so the library and Google's script cost other pages nothing.
 */
export function GoogleButton({ clientId, locale, width, onCredential, onFailure }: GoogleButtonProps) {
  return (
    <GoogleOAuthProvider clientId={clientId} locale={locale}>
      <GoogleLogin
        onSuccess={(response) => (response.credential ? onCredential(response.credential) : onFailure())}
        onError={onFailure}
        text="continue_with"
        shape="rectangular"
        logo_alignment="center"
        width={width}
      />
    </GoogleOAuthProvider>
  );
}
