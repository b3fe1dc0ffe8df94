import type { Module } from '../module';
import accounts from './accounts';
import auth from './auth';
import customersRepository from './customers-repository';
import emailProofs from './email-proofs';
import googleSignIn from './google-sign-in';
import passwordRecovery from './password-recovery';
import profileRoutes from './profile-routes';
import recoveryRoutes from './recovery-routes';
import registrationRoutes from './registration-routes';
import sessions from './sessions';
import signInRoutes from './sign-in-routes';
import stepUp from './step-up';
import verificationRoutes from './verification-routes';

/** Who the customer is: registration, sign-in (password and Google), sessions, proven e-mail, recovery. */
export default {
  name: 'identity',
  services: [customersRepository, sessions, auth, emailProofs, googleSignIn, accounts, stepUp, passwordRecovery],
  routes: [signInRoutes, registrationRoutes, recoveryRoutes, profileRoutes, verificationRoutes],
} satisfies Module;
