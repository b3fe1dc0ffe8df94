import { ApiError, GoogleLoginRequest, INCORRECT_COMBINATION, LoginRequest, LoginResult, MessageResponse } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from './auth';
import { customerErrors, rememberLanguage } from './responses';

/** Signing in (e-mail and password, or Google) and out (spec §7 customers/login, google, logout). */
const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/login',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sign in with e-mail and password; merges the guest bag',
        description: `Bad credentials: 422 { message: '${INCORRECT_COMBINATION}' } (never 401, which the client takes as "signed out"). Too many failures for the account or the IP: 429.`,
        body: LoginRequest,
        response: { 200: LoginResult, ...customerErrors },
      },
    },
    async (request) => {
      const { email, password, cart } = request.body;
      const result = await app.accounts.login({ email, password, cart }, request.clientAddress);
      await rememberLanguage(app, request, result.Customer.CustomerID);
      return result;
    },
  );

  app.post(
    '/customers/google',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sign in with a Google ID token (the button credential); links or creates the account',
        description: [
          'Not configured (no GOOGLE_CLIENT_ID): 422. A token that fails verification: 401. Google keys unreachable: 503.',
          'An account of the same e-mail nobody proved is taken over for the Google owner (its password removed, its sessions ended, the address mailed). A proven one answers 422 `google_link_password` until the request carries its `password` (typed once to link).',
        ].join('\n\n'),
        body: GoogleLoginRequest,
        response: { 200: LoginResult, ...customerErrors, 503: ApiError },
      },
    },
    async (request) => {
      const result = await app.accounts.google(request.body.code, request.body.cart, request.log, request.body.password, request.clientAddress);
      await rememberLanguage(app, request, result.Customer.CustomerID);
      return result;
    },
  );

  app.post(
    '/customers/logout',
    {
      schema: { tags: ['customers'], summary: 'Revokes the bearer token; without one it still answers 200', response: { 200: MessageResponse } },
    },
    async (request) => {
      await app.accounts.signOut(bearerToken(request));
      return { message: 'You are signed out.' };
    },
  );
};

export default signInRoutes;
