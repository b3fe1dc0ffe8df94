import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a 30-s step. One step either side
// is accepted so a phone's clock a little off, or a code typed as it rolls over, still works.
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
const ISSUER = 'Preloved back office';

function totp(secret: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 random bits, base32) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totp(secret, email).toString() };
}

/** The 30-s step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / PERIOD);
}

/**
 * The step of the code if it is valid at `at` (±1 step) and newer than `lastStep`, the last step this
 * staff member signed in with; null otherwise. Refusing a step already used (or an older one) is what
 * makes a code seen over a shoulder, or replayed from a log, worthless once it has been used.
 */
export function acceptTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = totpStep(at) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}

/** The code of a moment (tests and the demo's README use it). */
export function totpCode(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}
