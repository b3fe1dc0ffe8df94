import type { Page } from 'playwright-core';
import { decodedBody, startMailbox, type Mailbox } from '../test-support/smtp';
import { closeContext } from './browser';
import { setUpJourney } from './journey';
import { expectSoon, soon } from './soon';

// The identity journey on the production build, real API and real Chromium: register in the panel,
// sign out, sign in, recover the password through the link of a real e-mail, change the password on
// the security page. The store sends its mail to a real SMTP server started here.

let mailbox: Mailbox;
afterAll(async () => {
  await mailbox?.close();
});
const journey = setUpJourney({
  env: async () => {
    mailbox = await startMailbox();
    return { SMTP_URL: mailbox.url };
  },
});
let page: Page;

async function resetLinkSentTo(address: string): Promise<string> {
  // Registration mails a confirmation first: the recovery mail is the one with its link.
  const mail = await mailbox.mailTo(address, 0, /\/reset-password\//);
  const link = /https?:\/\/\S+\/reset-password\/[\w-]+/.exec(decodedBody(mail.raw))?.[0];
  if (!link) throw new Error(`no reset link in the mail to ${address}`);
  return link;
}

const header = () => page.getByRole('banner');
const signInPanel = () => page.getByRole('dialog', { name: 'Sign in' });

async function signIn(email: string, password: string) {
  await header().getByRole('button', { name: 'Sign in' }).click();
  const panel = signInPanel();
  await panel.getByLabel('Email address').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByLabel('Password').press('Enter');
  await header().getByRole('button', { name: 'My account' }).waitFor();
}

async function signOutFromAccount() {
  await header().getByRole('button', { name: 'My account' }).click();
  await page.waitForURL(`${journey.store.url}/user`);
  await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${journey.store.url}/`);
  await header().getByRole('button', { name: 'Sign in' }).waitFor();
}

describe('identity', () => {
  const email = `eva.${Date.now()}@example.com`;
  const first = 'First1!pass';
  const second = 'Second2@pass';
  const third = 'Third3#pass';

  it('registers in the panel, signs out, signs in, recovers the password by e-mail and changes it on the security page', async () => {
    page = await journey.open();
    await page.goto(journey.store.url);

    // Register: the "new here" tab, validation first, then the account.
    await header().getByRole('button', { name: 'Sign in' }).click();
    await signInPanel().getByRole('tab', { name: 'New here' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    await register.getByLabel('Name', { exact: true }).fill('Eva Maria Tester');
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel('Password', { exact: true }).fill('weak');
    await register.getByLabel('Confirm password').fill('weak');
    await register.getByRole('button', { name: 'Create account' }).click();
    await register.getByText(/Use 8 to 30 characters/).first().waitFor();
    await soon(() => register.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await register.getByLabel('Password', { exact: true }).fill(first);
    await register.getByLabel('Confirm password').fill(first);
    await register.getByLabel('Confirm password').press('Enter');
    await header().getByRole('button', { name: 'My account' }).waitFor();
    await expectSoon(page.getByRole('dialog')).toHaveCount(0);

    // The details page shows the whole name: the first word, and the rest with its middle word.
    await header().getByRole('button', { name: 'My account' }).click();
    await page.waitForURL(`${journey.store.url}/user`);
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    await soon(() => page.getByLabel('First name').inputValue()).toBe('Eva');
    await soon(() => page.getByLabel('Last name').inputValue()).toBe('Maria Tester');
    await soon(() => page.getByRole('main').getByLabel('Email address').inputValue()).toBe(email);

    // Sign out, then a wrong password, then the right one.
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${journey.store.url}/`);
    await soon(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBe('null');
    await header().getByRole('button', { name: 'Sign in' }).click();
    await signInPanel().getByLabel('Email address').fill(email);
    await signInPanel().getByLabel('Password').fill('Wrong1!pass');
    await signInPanel().getByRole('button', { name: 'Sign in' }).click();
    await signInPanel().getByText('Incorrect combination of user name and password').waitFor();
    await signInPanel().getByRole('button', { name: 'Close' }).click();
    await signIn(email, first);
    await signOutFromAccount();

    // Forgot password: the link arrives by e-mail, the reset page signs in and goes to /user.
    await header().getByRole('button', { name: 'Sign in' }).click();
    await signInPanel().getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await forgot.getByLabel('Email address').fill(email);
    await forgot.getByLabel('Email address').press('Enter');
    await page.getByRole('dialog', { name: 'Check your inbox' }).getByText(email).waitFor();
    const link = await resetLinkSentTo(email);
    expect(link.startsWith(`${journey.store.url}/reset-password/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(second);
    await page.getByLabel('Confirm new password').fill(second);
    await page.getByLabel('Confirm new password').press('Enter');
    await page.waitForURL(`${journey.store.url}/user`);
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    await header().getByRole('button', { name: 'My account' }).waitFor();

    // The link works once.
    const used = await journey.open();
    await used.goto(link);
    await used.getByRole('heading', { name: 'This link has expired or was already used' }).waitFor();
    await used.getByRole('button', { name: 'Request a new link' }).click();
    await used.getByRole('dialog', { name: 'Forgot your password?' }).waitFor();
    await closeContext(used.context());

    // Security: a wrong current password is refused next to its field, the right one changes it.
    await page.getByRole('navigation', { name: 'Account navigation' }).getByRole('link', { name: 'Security' }).click();
    await page.waitForURL(`${journey.store.url}/user/security`);
    await page.getByLabel('Current password').fill(first);
    await page.getByLabel('New password', { exact: true }).fill(third);
    await page.getByLabel('Confirm new password').fill(third);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not correct.').waitFor();
    await page.getByLabel('Current password').fill(second);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').first().waitFor();
    await page.waitForFunction(() => (document.querySelector('input[autocomplete="current-password"]') as HTMLInputElement | null)?.value === '');

    // The new password signs in; the session stayed through the change.
    await signOutFromAccount();
    await signIn(email, third);
  });

  it('proves a new account’s e-mail with the mailed code, typed in the notice of the account pages', async () => {
    const unproven = `ines.${Date.now()}@example.com`;
    page = await journey.open();
    await page.goto(journey.store.url);
    await header().getByRole('button', { name: 'Sign in' }).click();
    await signInPanel().getByRole('tab', { name: 'New here' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    await register.getByLabel('Name', { exact: true }).fill('Inês Tester');
    await register.getByLabel('Email address').fill(unproven);
    await register.getByLabel('Password', { exact: true }).fill(first);
    await register.getByLabel('Confirm password').fill(first);
    await register.getByLabel('Confirm password').press('Enter');
    await header().getByRole('button', { name: 'My account' }).waitFor();

    await header().getByRole('button', { name: 'My account' }).click();
    await page.waitForURL(`${journey.store.url}/user`);
    const notice = page.getByRole('region', { name: 'Confirm your e-mail address' });
    await notice.getByText(`We sent a link and a 6-digit code to ${unproven}.`, { exact: false }).waitFor();
    const mail = await mailbox.mailTo(unproven, 0, /\/verify-email\//);
    const code = /Your code: (\d{6})/.exec(decodedBody(mail.raw))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await notice.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code!);
    await notice.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('main').getByText('Your e-mail address is confirmed.').waitFor();
    await expectSoon(notice).toHaveCount(0);
    // Proven for good: the next visit shows no notice either.
    await page.reload();
    await page.getByRole('heading', { name: 'Details' }).waitFor();
    await expectSoon(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  });

  it('keeps focus inside the open panel and gives it back to the account button on Escape', async () => {
    page = await journey.open();
    await page.goto(journey.store.url);
    const opener = header().getByRole('button', { name: 'Sign in' });
    await opener.click();
    await signInPanel().waitFor();
    await soon(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      await soon(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    }
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Shift+Tab');
      await soon(() => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await signInPanel().waitFor({ state: 'hidden' });
    await soon(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('works on a phone: the panel is a full-width sheet and the menu’s user sub-panel signs out', async () => {
    page = await journey.open({ width: 390, height: 844 });
    await page.goto(journey.store.url);
    await header().getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign in' }).click();
    const panel = signInPanel();
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box?.width).toBeCloseTo(390, 0);
    await panel.getByLabel('Email address').fill(email);
    await panel.getByLabel('Password').fill(third);
    await panel.getByRole('button', { name: 'Sign in' }).click();
    await header().getByRole('button', { name: 'My account' }).waitFor();

    await header().getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'My account' }).click();
    const sub = page.getByRole('dialog', { name: 'My account' });
    await sub.getByText('Hello, Eva').waitFor();
    await sub.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'My account' }).click();
    await sub.getByRole('button', { name: 'Sign out' }).click();
    await header().getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
