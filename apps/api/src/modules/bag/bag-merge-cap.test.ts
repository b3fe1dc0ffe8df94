import { BagLines, MAX_CART_IDS, SignupResult } from '@preloved/contract';
import { testApp } from '../../test/app';

// The bag's 100-line cap holds across repeated sign-in merges (each may bring 100 ids).

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});
afterAll(() => ctx.close());

const signIn = (url: 'signin' | 'login', payload: object, address: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/customers/${url}`, remoteAddress: address, payload: { ...payload, id_brand: 1 } });

it('three sign-ins with 100 different pieces each leave 100 lines, not 300; two at once too', async () => {
  const { rows } = await ctx.db.query<{ id: number }>(`SELECT id FROM listings WHERE status = 'active' ORDER BY id LIMIT 400`);
  const ids = rows.map((row) => row.id);
  const email = 'merger@example.com';
  const created = await signIn('signin', { first_name: 'Ana', last_name: 'Costa', EmailAddress: email, password: 'Secret#123', cart: ids.slice(0, 100) }, '127.3.0.1');
  expect(created.statusCode).toBe(200);
  const token = SignupResult.parse(created.json()).Customer.token;
  const login = (cart: number[]) => signIn('login', { email, password: 'Secret#123', cart }, '127.3.0.2');
  expect((await login(ids.slice(100, 200))).statusCode).toBe(200);
  const together = await Promise.all([login(ids.slice(200, 300)), login(ids.slice(300, 400))]);
  expect(together.map((response) => response.statusCode)).toEqual([200, 200]);
  const bag = BagLines.parse((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers: { authorization: `Bearer ${token}` } })).json());
  expect(bag).toHaveLength(MAX_CART_IDS);
  // The first pieces are the ones kept: a merge fills only the room left.
  expect(bag.map((line) => line.listing_id).sort((a, b) => a - b)).toEqual(ids.slice(0, bag.length).sort((a, b) => a - b));
});
