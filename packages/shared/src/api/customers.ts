import { BRAND_ID } from '@preloved/contract';
import type {
  EmailVerificationRequest,
  GoogleLoginRequest,
  StepUpRequest,
  StepUpResult,
  LoginRequest,
  LoginResult,
  MessageResponse,
  PasswordChangeRequest,
  PasswordRecoveryRequest,
  PasswordResetRequest,
  PasswordResetStatus,
  ProfileUpdateRequest,
  SignupRequest,
  SignupResult,
  StorefrontProfile,
} from '@preloved/contract';
import { cartAtom, isSignedInAtom, setUserDataAtom, startSessionAtom, store, userDataAtom } from '../state/store';
import { api, HTTPError } from './client';

// The identity calls (spec §7 customers/*), one function per call, and the session they start
// (spec §4). Only types come from the contract: the zod schemas stay out of the browser.
// Every call here shows its own errors (the panel's messages, the "Error register" box), so the
// error catalogue's toast and redirect are skipped for them.
const own = { handlesErrors: true };

/** The guest's local bag as listing ids, sent at sign-in to be merged (spec §4). */
function localCartIds(): number[] {
  return store.get(cartAtom).map((line) => line.listing_id);
}

/** GET /api/customers/storefront — the signed-in customer's user data (spec §3). */
export function getStorefrontUser(signal?: AbortSignal): Promise<StorefrontProfile> {
  return api().get('customers/storefront', { signal }).json<StorefrontProfile>();
}

/**
 * Login or sign-up success (spec §4): the guest flag is cleared; token, bag and notifications are
 * stored and the login panel closes; then the user data is fetched and stored. A failure to fetch
 * the user data leaves the session standing (the data is fetched again by the account pages).
 */
async function startSession(result: LoginResult | SignupResult): Promise<void> {
  const token = 'Token' in result.Customer ? result.Customer.Token : result.Customer.token;
  store.set(startSessionAtom, { token, cart: result.Cart, notifications: result.Notifications });
  try {
    const profile = await api().get('customers/storefront', { context: own }).json<StorefrontProfile>();
    store.set(setUserDataAtom, profile);
  } catch {
    store.set(setUserDataAtom, {
      customer: { FirstName: result.Customer.FirstName, LastName: result.Customer.LastName },
    });
  }
}

/** POST /api/customers/login; bad credentials reject with 422 'incorret_combination'. */
export async function login({ email, password }: { email: string; password: string }): Promise<void> {
  const json: LoginRequest = { email, password, cart: localCartIds(), id_brand: BRAND_ID };
  const result = await api().post('customers/login', { json, context: own }).json<LoginResult>();
  await startSession(result);
}

/** POST /api/customers/signin — registration, then signed in like a login. */
export async function register(input: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}): Promise<void> {
  const json: SignupRequest = {
    first_name: input.firstName,
    last_name: input.lastName,
    EmailAddress: input.email,
    password: input.password,
    cart: localCartIds(),
    id_brand: BRAND_ID,
  };
  const result = await api().post('customers/signin', { json, context: own }).json<SignupResult>();
  await startSession(result);
}

/**
 * POST /api/customers/google — `credential` is the ID token Google's button hands over. A proven
 * account of the same e-mail answers 422 `google_link_password` until `password` is sent with it.
 */
export async function googleSignIn(credential: string, password?: string): Promise<void> {
  const json: GoogleLoginRequest = { code: credential, cart: localCartIds(), id_brand: BRAND_ID, ...(password ? { password } : {}) };
  const result = await api().post('customers/google', { json, context: own }).json<LoginResult>();
  await startSession(result);
}

/** POST /api/customers/passwordrecovery — answered alike whether the account exists or not. */
export function recoverPassword(email: string): Promise<MessageResponse> {
  return api()
    .post('customers/passwordrecovery', { json: { id_brand: BRAND_ID, email } satisfies PasswordRecoveryRequest, context: own })
    .json<MessageResponse>();
}

/** GET /api/customers/passwordreset/:id — false when the link has expired or was used (404). */
export async function checkResetLink(id: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const status = await api()
      .get(`customers/passwordreset/${encodeURIComponent(id)}`, { signal, context: own })
      .json<PasswordResetStatus>();
    return status.valid;
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return false;
    throw error;
  }
}

/** POST /api/customers/passwordreset — sets the new password and signs in (spec §4 success). */
export async function resetPassword(input: { id: string; password: string; confirmPassword: string }): Promise<void> {
  const json: PasswordResetRequest = {
    id: input.id,
    password: input.password,
    confirm_password: input.confirmPassword,
  };
  const result = await api().post('customers/passwordreset', { json, context: own }).json<LoginResult>();
  await startSession(result);
}

/**
 * PUT /api/customers/storefront — new names and e-mail; the stored user data follows. A new e-mail
 * needs the current password (422 with 'no_current_password' or 'current_password_wrong').
 */
export async function updateStorefrontUser(input: {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword?: string;
}): Promise<StorefrontProfile> {
  const json: ProfileUpdateRequest = {
    first_name: input.firstName,
    last_name: input.lastName,
    EmailAddress: input.email,
    ...(input.currentPassword ? { current_password: input.currentPassword } : {}),
  };
  const profile = await api().put('customers/storefront', { json, context: own }).json<StorefrontProfile>();
  store.set(setUserDataAtom, profile);
  return profile;
}

/** PUT /api/customers/password — 422 with a message key when refused (e.g. 'current_password_wrong'). */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<MessageResponse> {
  const json: PasswordChangeRequest = {
    current_password: input.currentPassword,
    new_password: input.newPassword,
    confirm_password: input.confirmPassword,
  };
  return api().put('customers/password', { json, context: own }).json<MessageResponse>();
}

/** POST /api/customers/verification — mails the account's confirmation (link and code) again; 429 when asked too often. */
export function resendVerification(): Promise<MessageResponse> {
  return api().post('customers/verification', { context: own }).json<MessageResponse>();
}

/**
 * POST /api/customers/verification/confirm — the mailed link's `token` (no session needed) or its
 * 6-digit `code` (signed in). A signed-in caller's user data is refreshed with the answer, when it is
 * theirs: a link answers its own account's profile, whoever is signed in on the device that opens it.
 */
export async function confirmVerification(json: EmailVerificationRequest): Promise<StorefrontProfile> {
  const profile = await api().post('customers/verification/confirm', { json, context: own }).json<StorefrontProfile>();
  const signedInAs = store.get(userDataAtom)?.customer.CustomerID;
  if (store.get(isSignedInAtom) && ('code' in json || signedInAs === profile.customer.CustomerID)) store.set(setUserDataAtom, profile);
  return profile;
}

/** POST /api/customers/step-up/code — mails a 6-digit code for a money move (accounts without a password). */
export function sendStepUpCode(): Promise<MessageResponse> {
  return api().post('customers/step-up/code', { context: own }).json<MessageResponse>();
}

/** POST /api/customers/step-up — the password or the mailed code: money may move out of this session for 10 minutes. */
export function stepUp(json: StepUpRequest): Promise<StepUpResult> {
  return api().post('customers/step-up', { json, context: own }).json<StepUpResult>();
}
