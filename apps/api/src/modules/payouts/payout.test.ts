import { PayoutPreference } from '@preloved/contract';
import { inject, proveEmail, shopper, stepUp } from '../../test/checkout';
import { testAppForFile, type TestApp } from '../../test/app';

let ctx: TestApp;
testAppForFile({}, {}, (started) => (ctx = started));

// A real, checksum-valid Portuguese IBAN (the example of the Banco de Portugal) and a typo of it.
const IBAN = 'PT50 0002 0123 1234 5678 9015 4';
const TYPO = 'PT50 0002 0123 1234 5678 9016 4';

describe('payout preference', () => {
  it('is not onboarded before the first choice, then keeps the method and the IBAN in electronic format', async () => {
    const { id, token } = await shopper(ctx.app);
    await proveEmail(ctx.db, id);
    await stepUp(ctx.app, token);
    expect((await inject(ctx.app, 'GET', 'customers/payout', { token })).json()).toEqual({ method: 'wallet', iban: null, onboarded: false, iban_hold_until: null, frozen: false });

    const bank = await inject(ctx.app, 'PUT', 'customers/payout', { token, body: { method: 'bank_transfer', iban: ` ${IBAN.toLowerCase()} ` } });
    expect(bank.statusCode).toBe(200);
    // A new IBAN, the first too, receives no transfer for 48 hours (payout-safety.test.ts).
    expect(PayoutPreference.parse(bank.json())).toEqual({ method: 'bank_transfer', iban: 'PT50000201231234567890154', onboarded: true, iban_hold_until: expect.any(String), frozen: false });

    const wallet = await inject(ctx.app, 'PUT', 'customers/payout', { token, body: { method: 'wallet', iban: '' } });
    expect(wallet.json()).toMatchObject({ method: 'wallet', iban: null, onboarded: true, frozen: false });
    expect((await inject(ctx.app, 'GET', 'customers/payout', { token })).json()).toMatchObject({ method: 'wallet', iban: null, onboarded: true, frozen: false });
  });

  it('refuses a bank transfer without an IBAN and an IBAN with a wrong checksum, with the messages, and keeps the old choice', async () => {
    const { id, token } = await shopper(ctx.app);
    await proveEmail(ctx.db, id);
    await stepUp(ctx.app, token);
    await inject(ctx.app, 'PUT', 'customers/payout', { token, body: { method: 'wallet', iban: IBAN } });

    const missing = await inject(ctx.app, 'PUT', 'customers/payout', { token, body: { method: 'bank_transfer' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ code: 'no_iban', fields: [{ field: 'iban', key: 'no_iban' }] });

    const wrong = await inject(ctx.app, 'PUT', 'customers/payout', { token, body: { method: 'bank_transfer', iban: TYPO } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'invalid_iban', fields: [{ field: 'iban', key: 'invalid_iban' }] });

    const odd = await inject(ctx.app, 'PUT', 'customers/payout', { token, body: { method: 'cheque', iban: 42 } });
    expect(odd.statusCode).toBe(422);

    expect((await inject(ctx.app, 'GET', 'customers/payout', { token })).json()).toMatchObject({ method: 'wallet', iban: 'PT50000201231234567890154', onboarded: true });
  });

  it('needs a signed-in customer', async () => {
    expect((await inject(ctx.app, 'GET', 'customers/payout')).statusCode).toBe(401);
    expect((await inject(ctx.app, 'PUT', 'customers/payout', { body: { method: 'wallet' } })).statusCode).toBe(401);
  });
});
