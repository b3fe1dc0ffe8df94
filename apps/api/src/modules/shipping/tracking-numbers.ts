// The carriers a seller may ship with, and what their tracking numbers look like (a
// tracking number must match its carrier's format before a sale counts as shipped).
//
// - CTT (Correios de Portugal): the UPU S10 format every postal item carries, 2 letters (service),
//   8 digits (serial), 1 check digit, the origin's country code: sellers ship from Portugal, so PT.
//   Example: RR123456785PT.
// - DPD Portugal: the 14-digit parcel number of its labels (e.g. 09445012345678). Its optional
//   15th check character is not printed on every label, so it is not asked for.
// - Correos (Spain's post), whose network Spain's pickup points are in (migration 065): the 23-character
//   code of its national parcels, as its pre-registration guide (Annex XI) lays it out: product (2,
//   e.g. PQ), client (4: digits and letters but I, O, U), channel (2 digits), the client's serial (7
//   digits), package (2), the destination's código postal (5 digits) and a control letter. Example:
//   PQ7B2A0100004200128013V. The control letter's formula is not public, so it is not checked; the
//   postcode in it is.
// Spaces and dashes people type are dropped; letters are upper-cased.

export type Carrier = 'ctt' | 'dpd' | 'correos';
export const CARRIERS: readonly Carrier[] = ['ctt', 'dpd', 'correos'];

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/** The S10 check digit of 8 serial digits (UPU S10: weights 8 6 4 2 3 5 9 7, modulus 11). */
export function s10CheckDigit(serial: string): number {
  const sum = [...serial].reduce((total, digit, index) => total + Number(digit) * S10_WEIGHTS[index]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** A CTT tracking number for a serial (0–99 999 999): for tests and the demo. */
export const cttTrackingNumber = (serial: number, service = 'RR') => {
  const digits = String(serial).padStart(8, '0');
  return `${service}${digits}${s10CheckDigit(digits)}PT`;
};

/** A Correos parcel code for a serial (0–9 999 999) to a código postal: for tests and the demo. */
export const correosTrackingNumber = (serial: number, zipCode: string) => `PQ7B2A01${String(serial).padStart(7, '0')}01${zipCode}V`;

/** A number as written on a label: without the spaces and dashes people type, upper-cased. */
const written = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();
/** UPU S10 from Portugal: service letters, 8 serial digits, the check digit, PT. */
const S10 = /^([A-Z]{2})(\d{8})(\d)PT$/;
/** A Correos national parcel: product, client, channel, serial, package, destination postcode, control letter. */
const CORREOS = /^[A-Z0-9]{2}[0-9A-HJ-NP-TV-Z]{4}\d{2}\d{7}[0-9A-Z]{2}(\d{5})[A-Z]$/;

/** The carrier and the number in its one written form, or null when no carrier issues such a number. */
export function parseTrackingNumber(input: string): { carrier: Carrier; number: string } | null {
  const number = written(input);
  const s10 = S10.exec(number);
  if (s10) return s10CheckDigit(s10[2]!) === Number(s10[3]) ? { carrier: 'ctt', number } : null;
  if (/^\d{14}$/.test(number)) return { carrier: 'dpd', number };
  if (CORREOS.test(number)) return { carrier: 'correos', number };
  return null;
}

/**
 * Why a number cannot go on a package for a pickup point (null when it can): the point is in another
 * carrier's network (a Correos point takes Correos' numbers), or a Correos code names another
 * código postal than the point's (the number of another parcel).
 */
export function pickupTrackingProblem(tracking: { carrier: Carrier; number: string }, point: { carrier: string; zip_code: string }): 'tracking_number_wrong_carrier' | null {
  if (tracking.carrier !== point.carrier) return 'tracking_number_wrong_carrier';
  if (tracking.carrier === 'correos' && CORREOS.exec(tracking.number)?.[1] !== point.zip_code.replace(/\D/g, '')) return 'tracking_number_wrong_carrier';
  return null;
}

/**
 * Why a number is no tracking number: a CTT number whose check digit does not match (a digit mistyped
 * from the label), or no carrier's format at all.
 */
export function trackingNumberProblem(input: string): 'tracking_number_check_digit' | 'tracking_number_format' {
  return S10.test(written(input)) ? 'tracking_number_check_digit' : 'tracking_number_format';
}

/** The carrier's public page that follows a package by its tracking number (the buyer's order links to it). */
export function trackingUrl(carrier: Carrier, number: string): string {
  const code = encodeURIComponent(number);
  if (carrier === 'correos') return `https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=${code}`;
  return carrier === 'ctt'
    ? `https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=${code}`
    : `https://tracking.dpd.de/status/pt_PT/parcel/${code}`;
}
