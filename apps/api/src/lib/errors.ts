import { isMessageKey, VALIDATION_MESSAGES } from '@preloved/contract';

// The API answers a validation key (the spec's §5 message keys, used by the contract's zod schemas)
// with its English sentence from the contract's one catalogue; the storefront translates the keys itself.
export function sentenceFor(key: string, field: string): string {
  if (isMessageKey(key)) return VALIDATION_MESSAGES[key];
  return field && !key.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${key}` : key;
}

/** An error the routes throw on purpose: its status and message reach the client as they are. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public fields?: { field: string; key: string }[],
    /** More of the answer's body (the lost pieces of a 409). */
    public extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** A 422 naming one field and its message key, as schema validation answers. */
export const fieldError = (field: string, key: string) => new HttpError(422, sentenceFor(key, field), [{ field, key }]);
