import { formatDay, formatMoment } from '@preloved/contract';
import { messageFor } from '@preloved/shared';

/** A field's message key in the user's language: the shared catalogue, else the seller's own errors. */
export const sellerMessage = (key: string | null | undefined) => messageFor(key, 'seller');

/** A moment ('2026-11-23T10:00:00Z') as a day in Lisbon, as the user reads it. */
export const formatDate = (value: string, language: string): string => formatDay(value, language);

/** What a seller typed as a price ("12,50", "12.5", " 40 ") in euros, or null when it is not a number. */
export function parseEuros(text: string): number | null {
  const cleaned = text.trim().replace(/\s|€/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Euros as a seller types them back into a field ("12.50"). */
export const eurosText = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** A moment as a day and time in Lisbon ('30 November 2026 at 10:23'), as the API's mails write it. */
export const formatDateTime = (value: string, language: string): string => formatMoment(value, language);
