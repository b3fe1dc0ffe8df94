import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { googleVerifier, type GoogleIdentity } from './google';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies a Google ID token (the button's credential); null when GOOGLE_CLIENT_ID is not set. */
    googleSignIn: { verify(idToken: string): Promise<GoogleIdentity> } | null;
  }
}

/** Google sign-in's token check against the configured JWKS (Google's keys, or a test's own). */
export default fp(
  async function googleSignIn(app: FastifyInstance) {
    const { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL } = app.config;
    app.decorate('googleSignIn', GOOGLE_CLIENT_ID ? { verify: googleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl: GOOGLE_JWKS_URL }) } : null);
  },
  { name: 'google-sign-in', dependencies: ['config'] },
);
