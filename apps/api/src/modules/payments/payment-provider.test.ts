import { luhnValid } from '@preloved/contract';
import { cardBrand } from './payment-provider';
import { TEST_CARDS, testPaymentProvider } from './test-provider';

const card = (number: string) => ({ number, exp_month: 12, exp_year: 2030, cvc: '123' });

describe('the built-in test payment provider', () => {
  it('checks card numbers with the Luhn checksum and names the brand', () => {
    expect(luhnValid(TEST_CARDS.succeeds)).toBe(true);
    expect(luhnValid(TEST_CARDS.declined)).toBe(true);
    expect(luhnValid(TEST_CARDS.requiresAction)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand(TEST_CARDS.succeeds)).toBe('Visa');
  });

  it('authorizes 4242…, declines 4000…0002 and asks for a confirmation step on 4000 0027 6000 3184', async () => {
    const provider = testPaymentProvider();
    const ok = await provider.authorize({ amountCents: 1000, currency: 'EUR', card: card(TEST_CARDS.succeeds), reference: 'a' });
    expect(ok).toMatchObject({ status: 'authorized', last4: '4242', cardBrand: 'Visa' });
    const declined = await provider.authorize({ amountCents: 1000, currency: 'EUR', card: card(TEST_CARDS.declined), reference: 'b' });
    expect(declined).toMatchObject({ status: 'declined', reason: 'Your card was declined.' });
    const action = await provider.authorize({ amountCents: 1000, currency: 'EUR', card: card(TEST_CARDS.requiresAction), reference: 'c' });
    expect(action.status).toBe('requires_action');
    if (action.status !== 'requires_action') return;
    // Another instance (another provider object) can finish what this one started.
    const confirmed = await testPaymentProvider().confirm(action.id);
    expect(confirmed).toMatchObject({ status: 'authorized', id: action.id });
    await expect(provider.confirm('tauth_nothing')).rejects.toThrow();
  });

  it('keeps a ledger of captures and voids', async () => {
    const provider = testPaymentProvider();
    const ok = await provider.authorize({ amountCents: 500, currency: 'EUR', card: card(TEST_CARDS.succeeds), reference: 'a' });
    if (ok.status !== 'authorized') throw new Error('not authorized');
    await provider.capture(ok.id);
    expect(provider.ledger.get(ok.id)).toEqual({ amountCents: 500, state: 'captured' });
    const other = await provider.authorize({ amountCents: 700, currency: 'EUR', card: card(TEST_CARDS.succeeds), reference: 'b' });
    if (other.status !== 'authorized') throw new Error('not authorized');
    await provider.void(other.id);
    expect(provider.ledger.get(other.id)?.state).toBe('voided');
  });
});
