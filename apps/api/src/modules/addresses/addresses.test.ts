import { Address, AddressList } from '@preloved/contract';
import { ADDRESS, inject, shopper } from '../../test/checkout';
import { testAppForFile, type TestApp } from '../../test/app';

let ctx: TestApp;
testAppForFile({}, {}, (started) => (ctx = started));

describe('address book', () => {
  it('adds, lists (default first), edits, changes the default and deletes addresses', async () => {
    const { token } = await shopper(ctx.app);
    expect((await inject(ctx.app, 'GET', 'customers/addresses', { token })).json()).toEqual({ addresses: [] });

    const first = await inject(ctx.app, 'POST', 'customers/addresses', { token, body: { ...ADDRESS, name: 'Home' } });
    expect(first.statusCode).toBe(201);
    const home = Address.parse(first.json());
    expect(home).toMatchObject({ ...ADDRESS, name: 'Home', default: true });

    const work = Address.parse((await inject(ctx.app, 'POST', 'customers/addresses', { token, body: { ...ADDRESS, name: 'Work', address: 'Avenida da Liberdade 1', country: 'pt' } })).json());
    expect(work).toMatchObject({ default: false, country: 'PT', address2: '2º esq.' });

    const edited = await inject(ctx.app, 'PUT', `customers/addresses/${work.id}`, { token, body: { ...ADDRESS, name: 'Office', city: 'Porto' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: work.id, name: 'Office', city: 'Porto', default: false });

    const made = AddressList.parse((await inject(ctx.app, 'PUT', `customers/addresses/${work.id}/default`, { token })).json());
    expect(made.addresses.map((address) => [address.id, address.default])).toEqual([[work.id, true], [home.id, false]]);

    const left = AddressList.parse((await inject(ctx.app, 'DELETE', `customers/addresses/${work.id}`, { token })).json());
    // The default went, so the one left became it.
    expect(left.addresses).toEqual([{ ...home, default: true }]);
  });

  it("answers another customer's address id with 404 on every call, and changes nothing", async () => {
    const owner = await shopper(ctx.app);
    const other = await shopper(ctx.app);
    const address = Address.parse((await inject(ctx.app, 'POST', 'customers/addresses', { token: owner.token, body: ADDRESS })).json());
    for (const [method, url, body] of [
      ['PUT', `customers/addresses/${address.id}`, ADDRESS],
      ['DELETE', `customers/addresses/${address.id}`, undefined],
      ['PUT', `customers/addresses/${address.id}/default`, undefined],
      ['PUT', 'customers/addresses/999999', ADDRESS],
    ] as const) {
      const response = await inject(ctx.app, method, url, { token: other.token, body });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('address_not_found');
    }
    expect((await inject(ctx.app, 'GET', 'customers/addresses', { token: owner.token })).json().addresses).toEqual([address]);
    expect((await inject(ctx.app, 'GET', 'customers/addresses', { token: other.token })).json().addresses).toEqual([]);
  });

  it("refuses missing fields with the spec's keys, control characters and more than 50 characters", async () => {
    const { token } = await shopper(ctx.app);
    const empty = await inject(ctx.app, 'POST', 'customers/addresses', { token, body: { first_name: ' ', last_name: '', phone: '', address: '', zip_code: '', city: '', country: '' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields.map((field: { key: string }) => field.key).sort()).toEqual(
      ['no_address', 'no_city', 'no_country', 'no_first_name', 'no_last_name', 'no_phone', 'no_zip'],
    );
    expect(empty.json().code).toBe('no_first_name');

    const control = await inject(ctx.app, 'POST', 'customers/addresses', { token, body: { ...ADDRESS, city: 'Lis\u0000boa' } });
    expect(control.statusCode).toBe(422);
    expect(control.json().fields).toEqual([{ field: 'city', key: 'invalid_characters' }]);

    const long = await inject(ctx.app, 'POST', 'customers/addresses', { token, body: { ...ADDRESS, address: 'x'.repeat(51) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().fields).toEqual([{ field: 'address', key: 'too_long' }]);

    const badIds = await inject(ctx.app, 'DELETE', 'customers/addresses/-1', { token });
    expect(badIds.statusCode).toBe(422);
    expect((await inject(ctx.app, 'GET', 'customers/addresses')).statusCode).toBe(401);
  });
});
