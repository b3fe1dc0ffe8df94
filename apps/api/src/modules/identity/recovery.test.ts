import { LoginResult } from '@preloved/contract';
import { decodedBody as decoded, startMailbox, type Mailbox, type ReceivedMail } from '../../../../../tools/test-support/smtp';
import { testApp } from '../../test/app';

// A real SMTP server on a free local port: the API sends through SMTP_URL as it would in production.
let mailbox: Mailbox;
let received: ReceivedMail[];
// A new account is mailed its confirmation too: these tests read the mails with a reset link.
const mailTo = (address: string, after: number) => mailbox.mailTo(address, after, /reset-password\//);

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  received = mailbox.received;
  ctx = await testApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'http://shop.test/', MAIL_FROM: 'Preloved <hello@preloved.test>' });
});
afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
});

const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/customers/${url}`, payload, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

const linkIn = (mail: ReceivedMail) => {
  const match = /http:\/\/shop\.test\/reset-password\/([\w-]{43})/.exec(decoded(mail.raw));
  if (!match) throw new Error(`no reset link in:\n${mail.raw}`);
  return match[1]!;
};

describe('customers: password recovery by e-mail', () => {
  it('mails a one-hour, single-use link that sets a new password and signs in', async () => {
    const email = 'forgetful@example.com';
    const signup = await post('signin', { first_name: 'Filipa', last_name: 'Esquecida', EmailAddress: email, password: 'Original#1', cart: [], id_brand: 1 });
    const oldToken: string = signup.json().Customer.token;

    const before = received.length;
    const asked = await post('passwordrecovery', { id_brand: 1, email: 'Forgetful@Example.com' });
    expect(asked.statusCode).toBe(200);
    const mail = await mailTo(email, before);
    expect(mail.from).toBe('hello@preloved.test');
    expect(mail.raw).toContain('Subject: Reset your Preloved password');
    const text = decoded(mail.raw);
    expect(text).toContain('Hello Filipa,');
    expect(text).toContain('one hour');
    const id = linkIn(mail);

    const { rows } = await ctx.db.query<{ id_hash: string; minutes: number }>(
      `SELECT id_hash, round(extract(epoch FROM r.expires_at - r.created_at) / 60)::int AS minutes FROM password_resets r JOIN customers c ON c.id = r.customer_id WHERE c.email = $1`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toBe(id);
    expect(rows[0]!.minutes).toBe(60);

    const status = await ctx.app.inject(`/api/customers/passwordreset/${id}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ valid: true });

    const mismatch = await post('passwordreset', { id, password: 'Renewed#22', confirm_password: 'Renewed#23' });
    expect(mismatch.statusCode).toBe(422);
    // A refused form does not use the link up.
    expect((await ctx.app.inject(`/api/customers/passwordreset/${id}`)).statusCode).toBe(200);

    const reset = await post('passwordreset', { id, password: 'Renewed#22', confirm_password: 'Renewed#22' });
    expect(reset.statusCode).toBe(200);
    const result = LoginResult.parse(reset.json());
    expect(result.Customer.EmailAddress).toBe(email);
    const me = await ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${result.Customer.Token}` } });
    expect(me.statusCode).toBe(200);
    // Sessions from before the reset end: whoever knew the old password is out.
    expect((await ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${oldToken}` } })).statusCode).toBe(401);

    expect((await post('login', { email, password: 'Renewed#22', id_brand: 1 })).statusCode).toBe(200);
    expect((await post('login', { email, password: 'Original#1', id_brand: 1 })).statusCode).toBe(422);

    // Single use.
    const gone = await ctx.app.inject(`/api/customers/passwordreset/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('reset_link_unusable');
    const twice = await post('passwordreset', { id, password: 'Another#33', confirm_password: 'Another#33' });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('reset_link_unusable');
    expect((await post('login', { email, password: 'Another#33', id_brand: 1 })).statusCode).toBe(422);
  });

  it('refuses an expired link and an older link once a newer one was sent', async () => {
    const email = 'twice@example.com';
    await post('signin', { first_name: 'Tomé', last_name: 'Duas', EmailAddress: email, password: 'Original#1', cart: [], id_brand: 1 });
    let before = received.length;
    await post('passwordrecovery', { id_brand: 1, email });
    const first = linkIn(await mailTo(email, before));
    before = received.length;
    await post('passwordrecovery', { id_brand: 1, email });
    const second = linkIn(await mailTo(email, before));
    expect(second).not.toBe(first);
    expect((await ctx.app.inject(`/api/customers/passwordreset/${first}`)).statusCode).toBe(404);
    expect((await ctx.app.inject(`/api/customers/passwordreset/${second}`)).statusCode).toBe(200);

    await ctx.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    expect((await ctx.app.inject(`/api/customers/passwordreset/${second}`)).statusCode).toBe(404);
    expect((await post('passwordreset', { id: second, password: 'Renewed#22', confirm_password: 'Renewed#22' })).statusCode).toBe(422);
  });

  it('sends nothing for an unknown e-mail, and answers the same', async () => {
    const before = received.length;
    const known = await post('passwordrecovery', { id_brand: 1, email: 'twice@example.com' });
    const unknown = await post('passwordrecovery', { id_brand: 1, email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await mailTo('twice@example.com', before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.slice(before).some((mail) => mail.to.includes('nobody-here@example.com'))).toBe(false);
  });
});

describe('customers: changing the e-mail or the password', () => {
  const put = (url: string, payload: object, token: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/customers/${url}`, payload, headers: { authorization: `Bearer ${token}` } });
  const me = (token: string) => ctx.app.inject({ url: '/api/customers/storefront', headers: { authorization: `Bearer ${token}` } });
  const signUp = async (email: string) =>
    (await post('signin', { first_name: 'Olga', last_name: 'Dona', EmailAddress: email, password: 'Original#1', cart: [], id_brand: 1 })).json().Customer.token as string;
  const tokenOf = async (email: string, password: string) => (await post('login', { email, password, cart: [], id_brand: 1 })).json().Customer.Token as string;

  it('needs the current password for a new e-mail, not for new names', async () => {
    const token = await signUp('keeper@example.com');
    const missing = await put('storefront', { first_name: 'Olga', last_name: 'Dona', EmailAddress: 'thief@example.com' }, token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields).toEqual([{ field: 'current_password', key: 'no_current_password' }]);
    const wrong = await put('storefront', { first_name: 'Olga', last_name: 'Dona', EmailAddress: 'thief@example.com', current_password: 'Guess#123' }, token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('current_password_wrong');
    expect((await me(token)).json().customer.EmailAddress).toBe('keeper@example.com');
    const renamed = await put('storefront', { first_name: 'Olga Maria', last_name: 'Dona', EmailAddress: 'Keeper@Example.com' }, token);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().customer).toMatchObject({ FirstName: 'Olga Maria', EmailAddress: 'keeper@example.com' });
  });

  it('ends the other sessions, voids open reset links and mails the old address a link that undoes the change', async () => {
    const owner = 'owner-mail@example.com';
    const ownerToken = await signUp(owner);
    let before = received.length;
    await post('passwordrecovery', { id_brand: 1, email: owner });
    const openLink = linkIn(await mailTo(owner, before));

    // Someone with the token and the password moves the account to their own mailbox.
    const thiefToken = await tokenOf(owner, 'Original#1');
    before = received.length;
    const moved = await put('storefront', { first_name: 'Olga', last_name: 'Dona', EmailAddress: 'thief-mail@example.com', current_password: 'Original#1' }, thiefToken);
    expect(moved.statusCode).toBe(200);
    expect((await me(thiefToken)).statusCode).toBe(200);
    expect((await me(ownerToken)).statusCode).toBe(401);
    expect((await ctx.app.inject(`/api/customers/passwordreset/${openLink}`)).statusCode).toBe(404);

    const notice = await mailTo(owner, before);
    expect(notice.raw).toContain('Subject: The e-mail address of your Preloved account was changed');
    expect(decoded(notice.raw)).toContain('thief-mail@example.com');
    const undo = linkIn(notice);

    // Recovery asked by the new address does not void the undo link, nor does a password change.
    await post('passwordrecovery', { id_brand: 1, email: 'thief-mail@example.com' });
    expect((await put('password', { current_password: 'Original#1', new_password: 'Thief#9999', confirm_password: 'Thief#9999' }, thiefToken)).statusCode).toBe(200);
    expect((await ctx.app.inject(`/api/customers/passwordreset/${undo}`)).statusCode).toBe(200);

    const undone = await post('passwordreset', { id: undo, password: 'Mine#again1', confirm_password: 'Mine#again1' });
    expect(undone.statusCode).toBe(200);
    expect(LoginResult.parse(undone.json()).Customer.EmailAddress).toBe(owner);
    expect((await me(thiefToken)).statusCode).toBe(401);
    expect((await post('login', { email: 'thief-mail@example.com', password: 'Thief#9999', id_brand: 1 })).statusCode).toBe(422);
    expect((await post('login', { email: owner, password: 'Mine#again1', id_brand: 1 })).statusCode).toBe(200);
  });

  it('voids a reset link mailed before a password change', async () => {
    const email = 'changer@example.com';
    const token = await signUp(email);
    const before = received.length;
    await post('passwordrecovery', { id_brand: 1, email });
    const link = linkIn(await mailTo(email, before));
    expect((await put('password', { current_password: 'Original#1', new_password: 'Changed#22', confirm_password: 'Changed#22' }, token)).statusCode).toBe(200);
    expect((await ctx.app.inject(`/api/customers/passwordreset/${link}`)).statusCode).toBe(404);
    expect((await post('passwordreset', { id: link, password: 'Stolen#333', confirm_password: 'Stolen#333' })).statusCode).toBe(422);
    expect((await post('login', { email, password: 'Changed#22', id_brand: 1 })).statusCode).toBe(200);
  });
});
