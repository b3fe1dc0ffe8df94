import { ApiError, EmailVerificationRequest, MessageResponse, StepUpRequest, StepUpResult, StorefrontProfile } from '@preloved/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerErrors } from './responses';

const tags = ['customers'];
const security = [{ bearer: [] }];

/** Proving the account's e-mail and the owner's fresh proof before money moves out. */
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/verification',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Mails the account's confirmation again (a link and a 6-digit code)",
        description: 'Already confirmed: 409 `email_already_verified`. Throttled per account (EMAIL_PROOFS_PER_WINDOW) and address: 429.',
        response: { 200: MessageResponse, ...customerErrors, 409: ApiError },
      },
    },
    async (request) => {
      await app.accounts.resendVerification(request.customerId!, request.clientAddress);
      return { message: 'We have sent you a new confirmation e-mail.' };
    },
  );

  app.post(
    '/customers/verification/confirm',
    {
      preHandler: app.identify,
      schema: {
        tags,
        summary: "Proves the account's e-mail: the mailed link's `token`, or its `code` (signed in)",
        description:
          'A link works once and for 48 hours, on any device (it signs nobody in): unusable → 422 `verification_link_unusable`. A wrong or expired code: 422 `email_code_wrong` (a code dies after 5 wrong tries).',
        body: EmailVerificationRequest,
        response: { 200: StorefrontProfile, ...customerErrors },
      },
    },
    async (request) => app.accounts.confirmVerification(request.body, request.customerId, request.clientAddress),
  );

  app.post(
    '/customers/step-up/code',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Mails a 6-digit code that proves the owner for a money move (accounts without a password use it)',
        response: { 200: MessageResponse, ...customerErrors },
      },
    },
    async (request) => {
      await app.stepUp.sendCode(request.customerId!, request.clientAddress);
      return { message: 'We have sent you a code.' };
    },
  );

  app.post(
    '/customers/step-up',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "A fresh proof on this session: the password, or the mailed code; it holds for 10 minutes",
        description:
          'Payout changes, bank transfers and main-shop codes answer 403 `step_up_required` without a proof younger than 10 minutes on the session. Wrong password: 422 `current_password_wrong`; wrong code: 422 `email_code_wrong` (throttled as sign-in).',
        body: StepUpRequest,
        response: { 200: StepUpResult, ...customerErrors },
      },
    },
    async (request) => app.stepUp.prove(request.customerId!, request.sessionId!, request.body, request.clientAddress),
  );
};

export default verificationRoutes;
