import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** Thrown for any token that does not prove a Google identity (bad signature, audience, expiry, ...). */
export class GoogleTokenError extends Error {}
/** Thrown when Google's keys cannot be read: not the token's fault. */
export class GoogleUnavailableError extends Error {}

// jose's codes for a key set that could not be fetched or read, as opposed to a bad token.
const KEY_SET_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/**
 * Verifies Google ID tokens (the sign-in button's credential): signature against the JWKS (cached
 * and refreshed by jose), issuer, audience = our client id, expiry.
 */
export function googleVerifier(options: { clientId: string; jwksUrl: string }) {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(options.jwksUrl));
  return async function verify(idToken: string): Promise<GoogleIdentity> {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      });
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const email = text(payload.email).trim().toLowerCase();
      if (!payload.sub || !email) throw new GoogleTokenError('The Google token has no account or e-mail');
      return {
        sub: payload.sub,
        email,
        // Google sends a boolean; older tokens sent the string "true".
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        givenName: text(payload.given_name) || text(payload.name).split(/\s+/)[0] || email.split('@')[0]!,
        familyName: text(payload.family_name),
      };
    } catch (error) {
      if (error instanceof GoogleTokenError) throw error;
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || KEY_SET_FAILURES.has(code)) {
        throw new GoogleUnavailableError(error instanceof Error ? error.message : 'Google keys unavailable');
      }
      throw new GoogleTokenError(error instanceof Error ? error.message : 'Invalid Google token');
    }
  };
}
