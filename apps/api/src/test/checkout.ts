import { randomBytes } from 'node:crypto';
import { luhnValid } from '@preloved/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';

// What the checkout tests share: shoppers, bags, addresses and a payment request.

export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', action: '4000 0027 6000 3184' };

export const ADDRESS = {
  first_name: 'Inês',
  last_name: 'Carvalho',
  phone: '+351 912 345 678',
  address: 'Rua Augusta 10',
  address2: '2º esq.',
  zip_code: '1100-053',
  city: 'Lisboa',
  country: 'PT',
};

let counter = 0;
/** A new account, signed in through the API; answers its id, token and e-mail. */
export async function shopper(app: FastifyInstance, email = `buyer${++counter}-${randomBytes(3).toString('hex')}@example.com`) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/customers/signin',
    remoteAddress: `127.9.${counter % 250}.${(counter * 7) % 250}`,
    payload: { first_name: 'Rita', last_name: 'Lopes', EmailAddress: email, password: 'Secret#123', cart: [], id_brand: 1 },
  });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ Customer: { CustomerID: number; token: string } }>();
  return { id: body.Customer.CustomerID, token: body.Customer.token, email };
}

/**
 * The account's e-mail proven, for tests about something else (payouts, credit out and
 * first-order codes need it). How the owner proves it, by the mailed link or code, is proven-identity.test.ts's.
 */
export async function proveEmail(db: Queryable, customerId: number) {
  await db.query('UPDATE customers SET email_verified_at = now() WHERE id = $1', [customerId]);
}

/** A fresh step-up proof on the session (the password every `shopper` has), for money out in tests. */
export async function stepUp(app: FastifyInstance, token: string, password = 'Secret#123') {
  const response = await app.inject({ method: 'POST', url: '/api/customers/step-up', headers: { authorization: `Bearer ${token}` }, payload: { password } });
  if (response.statusCode !== 200) throw new Error(`step-up failed: ${response.body}`);
}

/** Active listings nobody bought yet, of sellers other than `notSeller`, each from a different seller when asked. */
export async function listings(db: Queryable, count: number, options: { notSeller?: number; distinctSellers?: boolean; skip?: number } = {}) {
  const { rows } = await db.query<{ id: number; title: string; price_cents: number; seller_id: number }>(
    `SELECT * FROM (
       SELECT ${options.distinctSellers ? 'DISTINCT ON (l.seller_id)' : ''} l.id, p.title, l.price_cents, l.seller_id
       FROM listings l JOIN products p ON p.id = l.product_id
       WHERE l.status = 'active' AND l.seller_id IS DISTINCT FROM $1
         AND NOT EXISTS (SELECT 1 FROM bag_lines b WHERE b.listing_id = l.id)
       ORDER BY ${options.distinctSellers ? 'l.seller_id, ' : ''}l.id) picked
     ORDER BY id OFFSET $3 LIMIT $2`,
    [options.notSeller ?? null, count, options.skip ?? 0],
  );
  return rows;
}

/** Puts listings in a signed-in customer's server bag (the bag's own calls are another feature's). */
export async function fillBag(db: Queryable, customerId: number, listingIds: number[]) {
  await db.query('INSERT INTO bag_lines (customer_id, listing_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [customerId, listingIds]);
}

export const key = () => `test-${randomBytes(12).toString('hex')}`;

/**
 * A card number never used before (Luhn-valid, so the test provider takes it): a card gets one
 * first-order code, so a test paying with WELCOME10 pays with a card of its own.
 */
export function newCard(): string {
  const digits = `4${Array.from(randomBytes(14), (byte) => byte % 10).join('')}`;
  for (let check = 0; check <= 9; check++) if (luhnValid(`${digits}${check}`)) return `${digits}${check}`;
  throw new Error('unreachable: one check digit always fits');
}

/**
 * The 6-digit code last mailed to `email`, as its inbox reads it: the mail outbox keeps every mail it
 * sent (and is where mails land without SMTP_URL).
 */
export async function mailedCode(db: Queryable, email: string): Promise<string> {
  const { rows } = await db.query<{ code: string | null }>(
    "SELECT data->'extra'->>'code' AS code FROM mail_outbox WHERE kind = 'mail' AND data->'mail'->>'to' = $1 ORDER BY id DESC LIMIT 1",
    [email],
  );
  if (!rows[0]?.code) throw new Error(`no code was mailed to ${email}`);
  return rows[0].code;
}

/** A guest's checkout e-mail proven for a first-order code: the code POST /checkout/email-code mails. */
export async function guestEmailCode(app: FastifyInstance, db: Queryable, email: string): Promise<string> {
  const sent = await app.inject({ method: 'POST', url: '/api/checkout/email-code', payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`email-code failed: ${sent.body}`);
  return mailedCode(db, email.trim().toLowerCase());
}

export function payment(total: number, extra: Record<string, unknown> = {}, card = CARDS.ok) {
  return {
    delivery_option: 'home',
    address: ADDRESS,
    total,
    card: { number: card, exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' },
    ...extra,
  };
}

export function inject(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string; body?: unknown; idempotencyKey?: string } = {}) {
  return app.inject({
    method,
    url: `/api/${url}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

/** The total of a quote for the same checkout: what the review tab showed. */
export async function quotedTotal(app: FastifyInstance, body: Record<string, unknown>, token?: string): Promise<number> {
  const response = await inject(app, 'POST', 'checkout/quote', { token, body });
  if (response.statusCode !== 200) throw new Error(`quote failed: ${response.statusCode} ${response.body}`);
  return response.json<{ total: number }>().total;
}
