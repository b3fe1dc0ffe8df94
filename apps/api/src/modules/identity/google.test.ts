import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeGoogle, TEST_GOOGLE_CLIENT_ID } from '../../test/google';
import { GoogleTokenError, GoogleUnavailableError, googleVerifier } from './google';

let google: Awaited<ReturnType<typeof fakeGoogle>>;
beforeAll(async () => {
  google = await fakeGoogle();
});
afterAll(() => google.close());

describe('Google ID token verification', () => {
  it('reads the identity of a valid token, with either issuer spelling', async () => {
    const verify = googleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl });
    const claims = { email: 'Lia@Example.com', given_name: 'Lia', family_name: 'Matos' };
    for (const issuer of ['https://accounts.google.com', 'accounts.google.com']) {
      await expect(verify(await google.token('g-1', { claims, issuer }))).resolves.toEqual({
        sub: 'g-1',
        email: 'lia@example.com',
        emailVerified: true,
        givenName: 'Lia',
        familyName: 'Matos',
      });
    }
  });

  it('refuses a wrong audience or issuer, an expired token, a forged signature and garbage', async () => {
    const verify = googleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl });
    const claims = { email: 'lia@example.com' };
    const tokens = [
      await google.token('g-1', { claims, audience: 'someone-else.apps.googleusercontent.com' }),
      await google.token('g-1', { claims, issuer: 'https://evil.example' }),
      await google.token('g-1', { claims, expiresIn: -60 }),
      await google.token('g-1', { claims, signWith: google.strangerKey }),
      'not.a.token',
      '',
    ];
    for (const token of tokens) await expect(verify(token)).rejects.toBeInstanceOf(GoogleTokenError);
  });

  it('tells an unreachable or broken key set apart from a bad token', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const token = await google.token('g-1', { claims: { email: 'lia@example.com' } });
    const unreachable = googleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: `http://127.0.0.1:${port}/certs` });
    await expect(unreachable(token)).rejects.toBeInstanceOf(GoogleUnavailableError);

    const broken = createServer((_request, response) => {
      response.writeHead(500);
      response.end('oops');
    });
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/certs`;
    await expect(googleVerifier({ clientId: TEST_GOOGLE_CLIENT_ID, jwksUrl: brokenUrl })(token)).rejects.toBeInstanceOf(GoogleUnavailableError);
    await new Promise<void>((resolve) => broken.close(() => resolve()));
  });
});
