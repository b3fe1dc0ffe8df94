import { z } from 'zod';
import { BagLine, CartIds } from './bag';
import { BRAND_ID, MAX_INPUT_LENGTH } from './constants';
import { VALIDATION_MESSAGES } from './messages';
import { checkEmail, checkName, checkNewPassword, checkPasswordConfirmation } from './validation';

// Identity calls (spec §3 "Customer login result", "User data", "Registration input"; §7 customers/*).
// Validation answers 422 { message, fields: [{ field, key }] } where `key` is the spec's message key
// (no_email, invalid_email, no_password, password_rules, password_not_match, no_name, too_long, and
// ours: no_first_name, no_last_name, no_current_password, no_new_password, no_confirm_password).
// Two refusals after validation answer 422 with the key itself as `message`, for the client to
// translate: 'incorret_combination' (bad credentials, spec §5) and 'current_password_wrong'.
// Bad credentials are never a 401: the client's 401 handler would sign the user out (spec §8).
// Other answers: 429 { message } after too many failed sign-ins (or recovery requests) for an account
// or an IP in a sliding 15-minute window; 401 { message } for a dead bearer token and for a Google
// token that fails verification; 422 { message } when Google sign-in is not configured; 503 when
// Google's keys cannot be read. A reset link that is expired, used or unknown: GET → 404, POST → 422.

/** A key from the shared rules (./validation) as a zod issue, so client and server refuse alike. */
const rule = (check: (value: string) => string | null) => (value: string, ctx: z.RefinementCtx) => {
  const key = check(value);
  if (key) ctx.addIssue({ code: 'custom', message: key });
};

const brand = z.literal(BRAND_ID, { error: 'id_brand must be 1' });

/** An e-mail as typed: trimmed and lower-cased (customers.email is stored lower-cased). */
export const EmailInput = z
  .string({ error: 'no_email' })
  .superRefine(rule(checkEmail))
  .transform((value) => value.trim().toLowerCase());

/** Any password the user types to prove who they are (not checked against the rules: old accounts). */
const passwordTyped = (emptyKey: string) =>
  z.string({ error: emptyKey }).min(1, { error: emptyKey }).max(MAX_INPUT_LENGTH, { error: 'too_long' });

/** A password being chosen: 8 to 30 characters with the four kinds (spec §5). */
const newPassword = (emptyKey: string) =>
  z.string({ error: emptyKey }).superRefine((value, ctx) => {
    const key = checkNewPassword(value);
    if (key) ctx.addIssue({ code: 'custom', message: key === 'no_password' ? emptyKey : key });
  });

const firstName = z
  .string({ error: 'no_first_name' })
  .trim()
  .superRefine((value, ctx) => {
    const key = checkName(value);
    if (key) ctx.addIssue({ code: 'custom', message: key === 'no_name' ? 'no_first_name' : key });
  });

const lastName = (required: boolean) =>
  z
    .string({ error: 'no_last_name' })
    .trim()
    .superRefine((value, ctx) => {
      if (!value && !required) return;
      const key = checkName(value);
      if (key) ctx.addIssue({ code: 'custom', message: key === 'no_name' ? 'no_last_name' : key });
    });

// ---------------------------------------------------------------------------------------------
// Requests

/** POST /api/customers/login */
export const LoginRequest = z.object({
  email: EmailInput,
  password: passwordTyped('no_password'),
  /** The guest bag's listing ids, merged into the server bag (spec §4). */
  cart: CartIds.default([]),
  id_brand: brand,
});
export type LoginRequest = z.input<typeof LoginRequest>;

/**
 * POST /api/customers/signin — registration. The client splits the typed name with splitName();
 * a one-word name leaves last_name empty, which is allowed here. Confirm password is checked by the
 * client only (the spec's call does not send it).
 */
export const SignupRequest = z.object({
  first_name: firstName,
  last_name: lastName(false),
  EmailAddress: EmailInput,
  password: newPassword('no_password'),
  cart: CartIds.default([]),
  id_brand: brand,
});
export type SignupRequest = z.input<typeof SignupRequest>;

/** POST /api/customers/google — `code` is the Google ID token (the button's credential). */
export const GoogleLoginRequest = z.object({
  code: z.string({ error: 'code is required' }).min(1, { error: 'code is required' }).max(8192, { error: 'code is too long' }),
  cart: CartIds.default([]),
  id_brand: brand,
  /**
   * The password of the store's account with the Google e-mail, typed once to link the two:
   * a verified account answers 422 `google_link_password` without it.
   */
  password: passwordTyped('no_password').optional(),
});
export type GoogleLoginRequest = z.input<typeof GoogleLoginRequest>;

/** POST /api/customers/passwordrecovery — answered alike whether the e-mail has an account or not. */
export const PasswordRecoveryRequest = z.object({
  id_brand: brand,
  email: EmailInput,
});
export type PasswordRecoveryRequest = z.input<typeof PasswordRecoveryRequest>;

/** GET /api/customers/passwordreset/:id — is the link from the e-mail still usable? */
export const PasswordResetParams = z.object({ id: z.string().max(200) });
export type PasswordResetParams = z.input<typeof PasswordResetParams>;

/** POST /api/customers/passwordreset — sets the new password and signs in. */
export const PasswordResetRequest = z
  .object({
    id: z.string({ error: 'id is required' }).min(1, { error: 'id is required' }).max(200, { error: 'too_long' }),
    password: newPassword('no_password'),
    confirm_password: z.string({ error: 'no_password' }).max(MAX_INPUT_LENGTH, { error: 'too_long' }),
  })
  .superRefine((value, ctx) => {
    const key = checkPasswordConfirmation(value.password, value.confirm_password);
    if (key) ctx.addIssue({ code: 'custom', message: key, path: ['confirm_password'] });
  });
export type PasswordResetRequest = z.input<typeof PasswordResetRequest>;

/** PUT /api/customers/storefront (Bearer) — the profile's names and e-mail. */
export const ProfileUpdateRequest = z.object({
  first_name: firstName,
  last_name: lastName(true),
  EmailAddress: EmailInput,
  /** Required when EmailAddress changes (422 'no_current_password' / 'current_password_wrong'). */
  current_password: z.string().max(MAX_INPUT_LENGTH, { error: 'too_long' }).optional(),
});
export type ProfileUpdateRequest = z.input<typeof ProfileUpdateRequest>;

/**
 * PUT /api/customers/language (Bearer) — the language the store is shown in now (the switcher, or a
 * link's `?lang=`): the account's mails are written in it, to a buyer and to a seller alike.
 */
export const LanguageRequest = z.object({ language: z.enum(['en', 'pt', 'es']) });
export type LanguageRequest = z.infer<typeof LanguageRequest>;

/** PUT /api/customers/password (Bearer) — the user's other sessions are signed out; this one stays. */
export const PasswordChangeRequest = z
  .object({
    current_password: passwordTyped('no_current_password'),
    new_password: newPassword('no_new_password'),
    confirm_password: z
      .string({ error: 'no_confirm_password' })
      .min(1, { error: 'no_confirm_password' })
      .max(MAX_INPUT_LENGTH, { error: 'too_long' }),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_password && value.new_password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', message: 'password_not_match', path: ['confirm_password'] });
    }
  });
export type PasswordChangeRequest = z.input<typeof PasswordChangeRequest>;

/** A 6-digit code from a mail, typed with or without spaces. */
export const EmailCode = z
  .string({ error: 'no_email_code' })
  .max(MAX_INPUT_LENGTH, { error: 'too_long' })
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => value.length > 0, { error: 'no_email_code' })
  .refine((value) => /^\d{6}$/.test(value), { error: 'invalid_email_code' });

/**
 * POST /api/customers/verification/confirm — proves the account's e-mail: the mailed link's `token`
 * (no session needed: the link may be opened on another device), or its 6-digit `code` (signed in).
 */
export const EmailVerificationRequest = z.union([
  z.object({ token: z.string().min(1).max(200) }),
  z.object({ code: EmailCode }),
]);
export type EmailVerificationRequest = z.input<typeof EmailVerificationRequest>;

/**
 * POST /api/customers/step-up (Bearer) — a fresh proof for moving money out: the password,
 * or for an account without one the 6-digit code mailed by POST /api/customers/step-up/code. It holds
 * for STEP_UP_MINUTES (10) on this session only.
 */
export const StepUpRequest = z.union([z.object({ password: passwordTyped('no_password') }), z.object({ code: EmailCode })]);
export type StepUpRequest = z.input<typeof StepUpRequest>;

/** How long a step-up proof holds, in minutes (younger than 10 minutes). */
export const STEP_UP_MINUTES = 10;

export const StepUpResult = z.object({ proven_until: z.string() });
export type StepUpResult = z.infer<typeof StepUpResult>;

// ---------------------------------------------------------------------------------------------
// Answers

const customerBase = {
  CustomerID: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  EmailAddress: z.string(),
};

/** The signed-in customer of login, google and passwordreset: the bearer token is `Token`. */
export const LoginCustomer = z.object({ ...customerBase, Token: z.string() });
export type LoginCustomer = z.infer<typeof LoginCustomer>;

/** Customer login result (spec §3): the customer, the merged bag and the notification count. */
export const LoginResult = z.object({ Customer: LoginCustomer, Cart: z.array(BagLine), Notifications: z.number().int() });
export type LoginResult = z.infer<typeof LoginResult>;

/** Registration's customer: the spec spells the token `token` here. */
export const SignupCustomer = z.object({ ...customerBase, token: z.string() });
export type SignupCustomer = z.infer<typeof SignupCustomer>;

export const SignupResult = z.object({ Customer: SignupCustomer, Cart: z.array(BagLine), Notifications: z.number().int() });
export type SignupResult = z.infer<typeof SignupResult>;

/** Answers that carry only a sentence (recovery, logout, password change). */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** GET /api/customers/passwordreset/:id when the link is usable (otherwise 404 { message }). */
export const PasswordResetStatus = z.object({ valid: z.literal(true) });
export type PasswordResetStatus = z.infer<typeof PasswordResetStatus>;

/** User data (spec §3): GET and PUT /api/customers/storefront. */
export const StorefrontCustomer = z.object({
  ...customerBase,
  /** A seller the brand has checked (the verified badge, spec §6). */
  verified: z.boolean(),
  /** The owner proved the e-mail address (its link or code, Google, a reset link): issue 41. */
  email_verified: z.boolean(),
  /** The account has a password (a Google-only account proves itself by a mailed code). */
  has_password: z.boolean(),
  /** ISO date-time of registration. */
  member_since: z.string(),
});
export type StorefrontCustomer = z.infer<typeof StorefrontCustomer>;

export const StorefrontProfile = z.object({ customer: StorefrontCustomer });
export type StorefrontProfile = z.infer<typeof StorefrontProfile>;

/** Message keys of the identity calls' refusals (422 `message`). */
export const INCORRECT_COMBINATION = 'incorret_combination';
export const CURRENT_PASSWORD_WRONG = 'current_password_wrong';
export const EMAIL_TAKEN_MESSAGE = VALIDATION_MESSAGES.email_taken;
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Try again in 15 minutes.';
