import { cttTrackingNumber, parseTrackingNumber, s10CheckDigit } from './tracking-numbers';

describe('tracking numbers', () => {
  it('accept a CTT S10 number whose check digit is right, in any spacing or case', () => {
    // UPU S10's own worked example: serial 47312482 weighs 200, so its check digit is 11 - 200 mod 11 = 9.
    expect(s10CheckDigit('47312482')).toBe(9);
    expect(parseTrackingNumber('rr 473 124 829 pt')).toEqual({ carrier: 'ctt', number: 'RR473124829PT' });
    expect(parseTrackingNumber(cttTrackingNumber(1))).toEqual({ carrier: 'ctt', number: cttTrackingNumber(1) });
  });

  it('refuse an S10 number with a wrong check digit, another country, or no digits', () => {
    expect(parseTrackingNumber('RR473124828PT')).toBeNull();
    expect(parseTrackingNumber('RR473124829ES')).toBeNull();
    expect(parseTrackingNumber('CT1')).toBeNull();
    expect(parseTrackingNumber('ANYTHING')).toBeNull();
  });

  it('accept a 14-digit DPD parcel number and nothing shorter or longer', () => {
    expect(parseTrackingNumber('0944 5012 3456 78')).toEqual({ carrier: 'dpd', number: '09445012345678' });
    expect(parseTrackingNumber('0944501234567')).toBeNull();
    expect(parseTrackingNumber('094450123456789')).toBeNull();
  });
});
