import {
  ApiError,
  CURRENT_PASSWORD_WRONG,
  EMAIL_TAKEN_MESSAGE,
  GoogleLoginRequest,
  INCORRECT_COMBINATION,
  LoginRequest,
  LoginResult,
  MessageResponse,
  PasswordChangeRequest,
  PasswordRecoveryRequest,
  PasswordResetParams,
  PasswordResetRequest,
  PasswordResetStatus,
  ProfileUpdateRequest,
  SignupRequest,
  SignupResult,
  StorefrontProfile,
  type BagLine,
} from '@preloved/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { HttpError } from '../lib/errors';
import { GoogleUnavailableError, googleVerifier } from '../lib/google';
import { createMailer } from '../lib/mailer';
import { hashPassword, randomToken, TOKEN_PATTERN, tokenHash, verifyPassword } from '../lib/passwords';
import { SIGN_IN_AGAIN, bearerToken } from '../plugins/app/auth';
import { customersRepository, isUniqueViolation, type CustomerRow } from '../repositories/customers';
import { attemptsRepository, sessionsRepository } from '../repositories/sessions';

/** The duplicate e-mail refusal names its field and key, so the storefront says it in the shopper's language. */
const EMAIL_TAKEN_FIELDS = [{ field: 'EmailAddress', key: 'email_taken' }];

const RESET_LINK_SECONDS = 60 * 60;
export const RECOVERY_SENT = 'If an account exists for this e-mail, we have sent it a link to reset your password.';
export const RESET_LINK_UNUSABLE = 'This password reset link has expired or was already used. Please ask for a new one.';
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured.';
export const GOOGLE_FAILED = 'Google sign-in failed. Please try again.';

const errors = { 401: ApiError, 404: ApiError, 422: ApiError, 429: ApiError };

/** Identity (spec §7 customers/*): sign-in, registration, Google, recovery, sign-out, profile, password. */
const customerRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const customers = customersRepository(app.db);
  const sessions = sessionsRepository(app.db);
  const attempts = attemptsRepository(app.db);
  const bag = app.bagRepository;
  const mailer = createMailer(config);
  const verifyGoogle = config.GOOGLE_CLIENT_ID ? googleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL }) : null;
  const window = config.LOGIN_WINDOW_SECONDS;

  // Mails go out after the answer, so an existing e-mail answers as fast as an unknown one; closing
  // the app waits for them.
  const sending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...sending]);
    mailer.close();
  });

  function tooMany(reply: FastifyReply): HttpError {
    const minutes = Math.ceil(window / 60);
    reply.header('Retry-After', String(window));
    return new HttpError(429, `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
  }

  /** A new session for the customer, with the guest bag merged in (spec §4). */
  async function signIn(customer: CustomerRow, cart: number[]): Promise<{ token: string; Cart: BagLine[]; Notifications: number }> {
    const token = randomToken();
    await sessions.create(customer.id, tokenHash(token), config.SESSION_DAYS);
    await bag.merge(customer.id, cart);
    // The offers work will count unread notifications; until then there are none.
    return { token, Cart: await bag.lines(customer.id), Notifications: 0 };
  }

  const names = (customer: CustomerRow) => ({
    CustomerID: customer.id,
    FirstName: customer.first_name,
    LastName: customer.last_name,
    EmailAddress: customer.email,
  });

  async function loginResult(customer: CustomerRow, cart: number[]) {
    const { token, ...rest } = await signIn(customer, cart);
    return { Customer: { ...names(customer), Token: token }, ...rest };
  }

  const profile = (customer: CustomerRow) => ({
    customer: { ...names(customer), verified: customer.verified, member_since: new Date(customer.created_at).toISOString() },
  });

  const loginKeys = (email: string, ip: string) => [`login:email:${email}`, `login:ip:${ip}`];

  app.post(
    '/customers/login',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sign in with e-mail and password; merges the guest bag',
        description: `Bad credentials: 422 { message: '${INCORRECT_COMBINATION}' } (never 401, which the client takes as "signed out"). Too many failures for the account or the IP: 429.`,
        body: LoginRequest,
        response: { 200: LoginResult, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, cart } = request.body;
      const keys = loginKeys(email, request.ip);
      if ((await attempts.highest(keys, window)) >= config.LOGIN_MAX_FAILURES) throw tooMany(reply);
      const customer = await customers.byEmail(email);
      // Verified even without an account, so an unknown e-mail takes as long as a wrong password.
      const valid = await verifyPassword(password, customer?.password_hash);
      if (!customer || !valid) {
        await attempts.record(keys, window);
        throw new HttpError(422, INCORRECT_COMBINATION);
      }
      await attempts.clear(keys[0]!);
      return loginResult(customer, cart);
    },
  );

  app.post(
    '/customers/signin',
    {
      schema: {
        tags: ['customers'],
        summary: 'Registration; signs the new customer in (the token is `token` here, as the spec writes it)',
        body: SignupRequest,
        response: { 200: SignupResult, ...errors },
      },
    },
    async (request, reply) => {
      const { first_name, last_name, EmailAddress, password, cart } = request.body;
      // Duplicates tell whether an e-mail has an account, so trying many counts like failed logins.
      const ipKey = `login:ip:${request.ip}`;
      if ((await attempts.highest([ipKey], window)) >= config.LOGIN_MAX_FAILURES) throw tooMany(reply);
      const customer = await customers.create({ firstName: first_name, lastName: last_name, email: EmailAddress, passwordHash: await hashPassword(password) });
      if (!customer) {
        await attempts.record([ipKey], window);
        throw new HttpError(422, EMAIL_TAKEN_MESSAGE, EMAIL_TAKEN_FIELDS);
      }
      const { token, ...rest } = await signIn(customer, cart);
      return { Customer: { ...names(customer), token }, ...rest };
    },
  );

  app.post(
    '/customers/google',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sign in with a Google ID token (the button credential); links or creates the account',
        description: 'Not configured (no GOOGLE_CLIENT_ID): 422. A token that fails verification: 401. Google keys unreachable: 503.',
        body: GoogleLoginRequest,
        response: { 200: LoginResult, ...errors, 503: ApiError },
      },
    },
    async (request) => {
      if (!verifyGoogle) throw new HttpError(422, GOOGLE_NOT_CONFIGURED);
      const identity = await verifyGoogle(request.body.code).catch((error: unknown) => {
        if (error instanceof GoogleUnavailableError) {
          request.log.warn({ err: error }, 'Google keys unavailable');
          throw new HttpError(503, 'Google sign-in is unavailable right now. Please try again later.');
        }
        request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'Google token refused');
        throw new HttpError(401, GOOGLE_FAILED);
      });
      let customer = await customers.byGoogleSub(identity.sub);
      if (!customer) {
        // Linking by e-mail is safe only when Google vouches for the address.
        if (!identity.emailVerified) throw new HttpError(422, 'Your Google e-mail address is not verified.');
        const existing = await customers.byEmail(identity.email);
        if (existing) {
          if (existing.google_sub) throw new HttpError(422, 'This e-mail is linked to another Google account.');
          await customers.linkGoogle(existing.id, identity.sub);
          customer = { ...existing, google_sub: identity.sub };
        } else {
          customer =
            (await customers.create({
              firstName: identity.givenName.slice(0, 50),
              lastName: identity.familyName.slice(0, 50),
              email: identity.email,
              googleSub: identity.sub,
            })) ?? (await customers.byGoogleSub(identity.sub)); // a double click raced us to it
          if (!customer) throw new HttpError(422, GOOGLE_FAILED);
        }
      }
      return loginResult(customer, request.body.cart);
    },
  );

  app.post(
    '/customers/passwordrecovery',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sends a password reset link; the answer is the same whether the e-mail has an account or not',
        body: PasswordRecoveryRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const emailKey = `recovery:email:${email}`;
      const ipKey = `recovery:ip:${request.ip}`;
      if (
        (await attempts.highest([emailKey], window)) >= config.RECOVERY_MAX_PER_EMAIL ||
        (await attempts.highest([ipKey], window)) >= config.LOGIN_MAX_FAILURES
      ) {
        throw tooMany(reply);
      }
      await attempts.record([emailKey, ipKey], window);
      const customer = await customers.byEmail(email);
      if (customer) {
        const id = randomToken();
        await customers.createReset(customer.id, tokenHash(id), RESET_LINK_SECONDS);
        const link = `${config.PUBLIC_URL.replace(/\/$/, '')}/reset-password/${id}`;
        const mail = mailer
          .send({
            to: customer.email,
            subject: 'Reset your Preloved password',
            text: [
              `Hello ${customer.first_name},`,
              '',
              'Someone asked to reset the password of your Preloved account. To choose a new password, open this link:',
              '',
              link,
              '',
              'The link works once and for one hour. If you did not ask for it, ignore this e-mail: your password stays the same.',
              '',
              'Preloved',
            ].join('\n'),
          })
          .then(() => {
            if (mailer.kind === 'outbox') request.log.info({ link }, 'password reset mail written to the outbox');
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'))
          .finally(() => sending.delete(mail));
        sending.add(mail);
      }
      return { message: RECOVERY_SENT };
    },
  );

  app.get(
    '/customers/passwordreset/:id',
    {
      schema: {
        tags: ['customers'],
        summary: 'Whether a reset link can still be used (404 when expired, used or unknown)',
        params: PasswordResetParams,
        response: { 200: PasswordResetStatus, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!TOKEN_PATTERN.test(id) || !(await customers.resetCustomer(tokenHash(id)))) throw new HttpError(404, RESET_LINK_UNUSABLE);
      return { valid: true as const };
    },
  );

  app.post(
    '/customers/passwordreset',
    {
      schema: {
        tags: ['customers'],
        summary: 'Sets a new password from a reset link and signs in; every other session ends',
        description: 'A used, expired or unknown link: 422 with a message.',
        body: PasswordResetRequest,
        response: { 200: LoginResult, ...errors },
      },
    },
    async (request) => {
      const { id, password } = request.body;
      if (!TOKEN_PATTERN.test(id)) throw new HttpError(422, RESET_LINK_UNUSABLE);
      const passwordHash = await hashPassword(password);
      const customerId = await app.db.transaction(async (tx) => {
        const consumed = await customersRepository(tx).consumeReset(tokenHash(id));
        if (consumed === null) return null;
        await customersRepository(tx).setPassword(consumed, passwordHash);
        await sessionsRepository(tx).revokeOthers(consumed, null);
        return consumed;
      });
      const customer = customerId === null ? null : await customers.byId(customerId);
      if (!customer) throw new HttpError(422, RESET_LINK_UNUSABLE);
      // Whoever proves the mailbox may sign in again at once, even after failed attempts.
      await attempts.clear(`login:email:${customer.email}`);
      return loginResult(customer, []);
    },
  );

  app.post(
    '/customers/logout',
    {
      schema: { tags: ['customers'], summary: 'Revokes the bearer token; without one it still answers 200', response: { 200: MessageResponse } },
    },
    async (request) => {
      const token = bearerToken(request);
      if (token && TOKEN_PATTERN.test(token)) await sessions.revoke(tokenHash(token));
      return { message: 'You are signed out.' };
    },
  );

  app.get(
    '/customers/storefront',
    {
      preHandler: app.authenticate,
      schema: { tags: ['customers'], summary: 'The signed-in customer (spec §3 user data)', security: [{ bearer: [] }], response: { 200: StorefrontProfile, ...errors } },
    },
    async (request) => {
      const customer = await customers.byId(request.customerId!);
      if (!customer) throw new HttpError(401, SIGN_IN_AGAIN);
      return profile(customer);
    },
  );

  app.put(
    '/customers/storefront',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customers'],
        summary: 'Changes the names and e-mail of the signed-in customer',
        security: [{ bearer: [] }],
        body: ProfileUpdateRequest,
        response: { 200: StorefrontProfile, ...errors },
      },
    },
    async (request) => {
      const { first_name, last_name, EmailAddress } = request.body;
      const customer = await customers
        .updateProfile(request.customerId!, { firstName: first_name, lastName: last_name, email: EmailAddress })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw new HttpError(422, EMAIL_TAKEN_MESSAGE, EMAIL_TAKEN_FIELDS);
          throw error;
        });
      if (!customer) throw new HttpError(401, SIGN_IN_AGAIN);
      return profile(customer);
    },
  );

  app.put(
    '/customers/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customers'],
        summary: 'Changes the password; the customer’s other sessions end, this one stays',
        description: `Wrong current password: 422 { message: '${CURRENT_PASSWORD_WRONG}' }.`,
        security: [{ bearer: [] }],
        body: PasswordChangeRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const customer = await customers.byId(request.customerId!);
      if (!customer) throw new HttpError(401, SIGN_IN_AGAIN);
      // A stolen token must not become a way to guess the password: same counters as sign-in.
      const keys = loginKeys(customer.email, request.ip);
      if ((await attempts.highest(keys, window)) >= config.LOGIN_MAX_FAILURES) throw tooMany(reply);
      if (!(await verifyPassword(request.body.current_password, customer.password_hash))) {
        await attempts.record(keys, window);
        throw new HttpError(422, CURRENT_PASSWORD_WRONG);
      }
      await customers.setPassword(customer.id, await hashPassword(request.body.new_password));
      await sessions.revokeOthers(customer.id, request.sessionId);
      return { message: 'Your password has been changed.' };
    },
  );
};

export default customerRoutes;
