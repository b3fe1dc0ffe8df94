import { SHOPPER_ERROR_MESSAGES, VALIDATION_MESSAGES } from '@preloved/contract';
import { registerErrorCatalogue } from './index';

// The error catalogue in English: every code the API can answer, in the contract's sentences. Not in
// the store's first load (every refusal's sentence, ~4 KB gzip, on every page before it is
// interactive): the page's router registers it (router.ts imports this module), and every page
// hydrates and handles a tap only once its router is in; the server's render and the test utilities
// import it too. An API refusal answered before it is in shows the answer's own English message.
// The codes only the brand's team meets (@preloved/contract's TEAM_MESSAGES) are not a shopper's.
export const validation: Record<keyof typeof SHOPPER_ERROR_MESSAGES, string> = { ...SHOPPER_ERROR_MESSAGES };

registerErrorCatalogue(validation, Object.keys(VALIDATION_MESSAGES));
