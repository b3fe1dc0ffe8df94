import type { TaxDataInput, TaxStatus } from '@preloved/contract';
import { api } from '@preloved/shared';

// The tax-data page's own call, through the one API client of @preloved/shared (the status is read
// with @preloved/ui's getTaxStatus, which the notice on the wallet and listings pages uses too).
// The form shows a 422's field keys next to its fields, so the catalogue's toast is skipped.

/** PUT /api/seller/tax. */
export function saveTaxData(json: TaxDataInput): Promise<TaxStatus> {
  return api().put('seller/tax', { json, context: { handlesErrors: true } }).json<TaxStatus>();
}
