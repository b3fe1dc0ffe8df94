import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testApp } from '../../test/app';

// The newsletter subscribes an address only once its owner confirms it by mail.
let ctx: Awaited<ReturnType<typeof testApp>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'preloved-newsletter-'));
beforeAll(async () => {
  ctx = await testApp({ DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test/' });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const subscribe = (email: string, ip = '127.70.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/commons/newsletteremail', payload: { email, id_brand: 1 }, remoteAddress: ip });
const state = async (email: string) =>
  (await ctx.db.query<{ confirmed: boolean }>('SELECT confirmed_at IS NOT NULL AS confirmed FROM newsletter_subscriptions WHERE email = $1', [email])).rows;

/** The mails written to the outbox (no SMTP_URL) to `to`, as text with quoted-printable undone. */
function mailsTo(to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '')).filter((mail) => mail.includes(`To: ${to}`));
}

async function waitForMails(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while (mailsTo(to).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return mailsTo(to);
}

describe('newsletter double opt-in', () => {
  it('keeps an address pending until the link in its confirmation mail is opened, once', async () => {
    const response = await subscribe('Reader@Example.com');
    expect(response.statusCode).toBe(200);
    expect(await state('reader@example.com')).toEqual([{ confirmed: false }]);

    const [mail] = await waitForMails('reader@example.com', 1);
    expect(mail).toContain('Subject: Confirm your Preloved newsletter subscription');
    const link = /http:\/\/shop\.test(\/api\/commons\/newsletteremail\/confirm\/[\w-]{43})/.exec(mail ?? '')?.[1];
    expect(link).toBeDefined();

    const confirmed = await ctx.app.inject(link!);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('http://shop.test/?newsletter=confirmed');
    expect(await state('reader@example.com')).toEqual([{ confirmed: true }]);
    const again = await ctx.app.inject(link!);
    expect(again.headers.location).toBe('http://shop.test/?newsletter=expired');
    expect((await ctx.app.inject('/api/commons/newsletteremail/confirm/not-a-token')).headers.location).toBe('http://shop.test/?newsletter=expired');

    // A confirmed address is not mailed again, and the answer is the same.
    expect((await subscribe('reader@example.com', '127.70.0.2')).json()).toEqual(response.json());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo('reader@example.com')).toHaveLength(1);
  });

  it('is throttled per address and per IP, so the form cannot bomb a mailbox', async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe('victim@example.com', `127.71.0.${i + 1}`)).statusCode).toBe(200);
    const refused = await subscribe('victim@example.com', '127.71.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_attempts');
    const fromOne = await Promise.all(Array.from({ length: 30 }, (_, i) => subscribe(`many${i}@example.com`, '127.72.0.1')));
    expect(fromOne.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await subscribe('one-more@example.com', '127.72.0.1')).statusCode).toBe(429);
  });
});
