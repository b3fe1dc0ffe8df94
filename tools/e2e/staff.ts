import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { decodedBody } from '../test-support/smtp';

// What the back office's journeys share: the demo's staff (apps/api/src/db/seed.ts DEMO_STAFF, also in
// the README) signing in as a person does, with the code their authenticator app shows, and the mails
// a decision sends.

export type StaffRole = 'admin' | 'support' | 'moderator' | 'finance';
const DEMO_PASSWORD = 'Preloved#2026';
const SECRETS: Record<StaffRole, string> = {
  admin: 'PRELOVEDDEMOADMINBACKOFFICE23456',
  support: 'PRELOVEDDEMOSUPPORTBACKOFFICE234',
  moderator: 'PRELOVEDDEMOMODERATORBACKOFFICE2',
  finance: 'PRELOVEDDEMOFINANCEBACKOFFICE234',
};

/** The code the member's authenticator app shows now (RFC 6238, as the API checks it). */
export const codeNow = (role: StaffRole) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(SECRETS[role]) }).generate();

const REFUSED = 'That e-mail, password and code do not sign you in.';

/**
 * Opens `path` of the back office, is sent to its sign-in, and signs in as the demo's member of
 * `role` with the code of the moment. A code works once: when this member signed in during the same
 * 30 s already (another journey), the code is refused and the member types the next one, as a person
 * would.
 */
export async function signInAsStaff(page: Page, storeUrl: string, role: StaffRole, pathName = '/backoffice'): Promise<void> {
  await page.goto(`${storeUrl}${pathName}`);
  const form = page.getByRole('region', { name: 'Sign in to the back office' });
  await form.getByRole('textbox', { name: 'E-mail' }).fill(`${role}@preloved.test`);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  for (let attempt = 0; ; attempt += 1) {
    const code = codeNow(role);
    await form.getByRole('textbox', { name: 'Authenticator code' }).fill(code);
    await form.getByRole('button', { name: 'Sign in' }).click();
    const outcome = await Promise.race([
      page.getByRole('navigation', { name: 'Back office sections' }).waitFor().then(() => 'in' as const),
      form.getByText(REFUSED).waitFor().then(() => 'refused' as const),
    ]);
    if (outcome === 'in') return;
    if (attempt === 2) throw new Error(`${role} could not sign in to the back office`);
    // The next code comes with the next 30-s step.
    while (codeNow(role) === code) await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The text of the newest mail to `to` in a store's outbox (DATA_DIR/outbox) whose text has `marker`, waiting for it. */
export async function mailText(dataDir: string, to: string, marker: string): Promise<string> {
  const folder = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 150; tries += 1) {
    const names = (await readdir(folder).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = decodedBody(await readFile(path.join(folder, name), 'utf8'));
      if (mail.includes(to) && mail.includes(marker)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with "${marker}" in the outbox`);
}
