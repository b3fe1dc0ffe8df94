import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const TEST_GOOGLE_CLIENT_ID = 'preloved-test.apps.googleusercontent.com';

/**
 * A stand-in for Google's sign-in in tests: an RS256 key whose public half is served as a JWKS from a
 * local HTTP server, and ID tokens signed with it (or with a key nobody published, for forgeries).
 */
export async function fakeGoogle() {
  const key = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(key.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  interface TokenOptions {
    claims?: JWTPayload & { email?: string; email_verified?: boolean; given_name?: string; family_name?: string };
    audience?: string;
    issuer?: string;
    /** Seconds from now; negative for an expired token. */
    expiresIn?: number;
    signWith?: CryptoKey;
  }

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    requests: () => requests,
    strangerKey: stranger.privateKey,
    token(sub: string, options: TokenOptions = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email_verified: true, ...options.claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? TEST_GOOGLE_CLIENT_ID)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(options.signWith ?? key.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
