/** The selling page's query parameter that names the piece to resell (`/user/submit-item-2hand?resell=`). */
export const RESELL_PARAM = 'resell';

/**
 * A catalogue reference as the main shop gives it (a product child id, as a number or a string),
 * or null when it is not one: a positive whole number that fits the database's integer.
 */
export function resellReference(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const reference = Number(text);
  return reference <= 2147483647 ? reference : null;
}

/** Where "Resell this" leads: the store's selling page with the piece's reference, nothing else. */
export function resellHref(storeUrl: string, reference: number): string {
  return `${storeUrl.replace(/\/$/, '')}/user/submit-item-2hand?${RESELL_PARAM}=${reference}`;
}
