import { luhnValid } from '@preloved/contract';
import { checkCard, formatCardNumber, formatExpiry } from './card-checks';

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

describe('the card typed with thumbs', () => {
  it('takes the expiry typed on a numeric keypad, with or without the slash', () => {
    for (const expiry of ['1229', '12/29', '12 / 2029', '122029', '12/2029'])
      expect(checkCard({ number: '4242424242424242', expiry, cvc: '123' }, now).card).toMatchObject({ exp_month: 12, exp_year: 2029 });
    expect(checkCard({ number: '4242424242424242', expiry: '129', cvc: '123' }, now).problems).toEqual({ expiry: 'invalid_expiry' });
  });

  it('puts the slash in the expiry as the digits are typed', () => {
    const typed = (keys: string) => [...keys].reduce((value, key) => formatExpiry(value + key, value), '');
    expect(typed('1229')).toBe('12/29');
    expect(typed('122029')).toBe('12/2029');
    expect(typed('4')).toBe('04/');
    expect(typed('12')).toBe('12/');
    // Deleting the slash the page put in is not undone.
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('12 / 2029')).toBe('12/2029');
  });

  it('groups the card number as it is typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25))).toHaveLength(19 + 4);
  });
});
