import { VALIDATION_MESSAGES } from '@preloved/contract';
import { registerErrorCatalogue } from './index';

// The field keys' English (@preloved/contract's VALIDATION_MESSAGES: what a form shows next to a field):
// in every page's router chunk (router.ts registers them), since a form checks its fields before any
// request and shows them at once. The API's other refusals come when the first one does (./refusals.ts).
export const fieldErrors: Record<keyof typeof VALIDATION_MESSAGES, string> = { ...VALIDATION_MESSAGES };

/** Registers the field keys' English, and which keys are a field's (a 422's `fields`). */
export function registerFieldErrors(): void {
  registerErrorCatalogue(fieldErrors, Object.keys(fieldErrors));
}
