import { luhnValid } from '@preloved/contract';
import { checkCard } from './card-checks';

const now = new Date(2026, 10, 23);

describe('card checks on the payment tab', () => {
  it('accepts the test cards by Luhn and refuses a mistyped digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000002760003184')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('names each missing or wrong field with the catalogue key', () => {
    expect(checkCard({ number: '', expiry: '', cvc: '' }, now).problems).toEqual({ number: 'no_card_number', expiry: 'invalid_expiry', cvc: 'no_cvc' });
    expect(checkCard({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' }, now).problems).toEqual({
      number: 'invalid_card_number',
      expiry: 'invalid_expiry',
      cvc: 'invalid_cvc',
    });
  });

  it('a card is good through its expiry month and expired after it', () => {
    expect(checkCard({ number: '4242424242424242', expiry: '11/26', cvc: '123' }, now).card).toEqual({ number: '4242424242424242', exp_month: 11, exp_year: 2026, cvc: '123' });
    expect(checkCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now).problems).toEqual({ expiry: 'card_expired' });
    expect(checkCard({ number: '4242424242424242', expiry: '01/2031', cvc: '1234' }, now).card?.exp_year).toBe(2031);
  });
});
