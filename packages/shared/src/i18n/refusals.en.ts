import { REFUSAL_MESSAGES } from '@preloved/contract';

// The English of the API's refusals that are not about one field (@preloved/contract's
// REFUSAL_MESSAGES): only an API answer carries their codes, so they are a chunk of their own, loaded
// by the API client when it first meets a refusal (./refusals.ts), not a part of every page.
export const refusals: Record<keyof typeof REFUSAL_MESSAGES, string> = { ...REFUSAL_MESSAGES };
