import { i18n } from '../i18n';
import { HTTPError } from './client';

/**
 * The per-field message keys of a 422 validation answer (`fields: [{ field, key }]`), by wire field
 * name, keeping only keys the shared validation catalogue can translate; the first key of a field wins.
 */
export function refusedFields(failure: unknown): Record<string, string> {
  if (!(failure instanceof HTTPError)) return {};
  // ky has read the body into `data` already.
  const body = failure.data as { fields?: unknown } | undefined;
  const out: Record<string, string> = {};
  for (const entry of Array.isArray(body?.fields) ? (body.fields as Array<{ field?: unknown; key?: unknown }>) : []) {
    if (typeof entry.field === 'string' && typeof entry.key === 'string' && i18n.exists(`validation.${entry.key}`, { ns: 'common' })) {
      out[entry.field] ??= entry.key;
    }
  }
  return out;
}

/**
 * For a 429 answer, the minutes to wait before trying again (Retry-After rounded up, 15 when the
 * header is missing); null for any other failure.
 */
export function retryAfterMinutes(failure: unknown): number | null {
  if (!(failure instanceof HTTPError) || failure.response.status !== 429) return null;
  const seconds = Number(failure.response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
}

/**
 * The pieces a checkout call says were lost (409 `lost: [{ listing_id, title }]`: sold to someone
 * else or withdrawn; nothing was charged); empty for any other failure.
 */
export function lostPieces(failure: unknown): { listing_id: number; title: string }[] {
  if (!(failure instanceof HTTPError) || failure.response.status !== 409) return [];
  const body = failure.data as { lost?: unknown } | undefined;
  return (Array.isArray(body?.lost) ? (body.lost as Array<{ listing_id?: unknown; title?: unknown }>) : []).flatMap((piece) =>
    typeof piece.listing_id === 'number' && typeof piece.title === 'string' ? [{ listing_id: piece.listing_id, title: piece.title }] : [],
  );
}
