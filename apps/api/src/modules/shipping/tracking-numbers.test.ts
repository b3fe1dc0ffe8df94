import { correosTrackingNumber, cttTrackingNumber, parseTrackingNumber, pickupTrackingProblem, s10CheckDigit, trackingUrl } from './tracking-numbers';

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

  it('accept a 23-character Correos parcel code (product, client, channel, serial, package, código postal, control letter)', () => {
    expect(parseTrackingNumber('pq7b2a01 0000420 01 28013 v')).toEqual({ carrier: 'correos', number: 'PQ7B2A0100004200128013V' });
    expect(parseTrackingNumber(correosTrackingNumber(1, '08008'))).toEqual({ carrier: 'correos', number: 'PQ7B2A01000000101' + '08008V' });
    // One character short or long, a client code with an O (Correos leaves it out), a postcode with a letter, no control letter.
    expect(parseTrackingNumber('PQ7B2A010000420012801V')).toBeNull();
    expect(parseTrackingNumber('PQ7B2A0100004200128013VV')).toBeNull();
    expect(parseTrackingNumber('PQ7O2A0100004200128013V')).toBeNull();
    expect(parseTrackingNumber('PQ7B2A010000420012801AV')).toBeNull();
    expect(parseTrackingNumber('PQ7B2A01000042001280135')).toBeNull();
  });

  it('link each carrier’s own tracking page', () => {
    expect(trackingUrl('correos', 'PQ7B2A0100004200128013V')).toBe('https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ7B2A0100004200128013V');
    expect(trackingUrl('ctt', 'RR473124829PT')).toMatch(/^https:\/\/www\.ctt\.pt\/.*objects=RR473124829PT$/);
    expect(trackingUrl('dpd', '09445012345678')).toMatch(/^https:\/\/tracking\.dpd\.de\/.*09445012345678$/);
  });

  it('a package for a pickup point takes only its carrier’s number, and a Correos code only to the point’s postcode', () => {
    const madrid = { carrier: 'correos', zip_code: '28013' };
    const lisboa = { carrier: 'ctt', zip_code: '1100-200' };
    expect(pickupTrackingProblem(parseTrackingNumber(correosTrackingNumber(9, '28013'))!, madrid)).toBeNull();
    expect(pickupTrackingProblem(parseTrackingNumber(correosTrackingNumber(9, '28012'))!, madrid)).toBe('tracking_number_wrong_carrier');
    expect(pickupTrackingProblem(parseTrackingNumber(cttTrackingNumber(9))!, madrid)).toBe('tracking_number_wrong_carrier');
    expect(pickupTrackingProblem(parseTrackingNumber(cttTrackingNumber(9))!, lisboa)).toBeNull();
    expect(pickupTrackingProblem(parseTrackingNumber('09445012345678')!, lisboa)).toBe('tracking_number_wrong_carrier');
    expect(pickupTrackingProblem(parseTrackingNumber(correosTrackingNumber(9, '28013'))!, lisboa)).toBe('tracking_number_wrong_carrier');
  });
});
