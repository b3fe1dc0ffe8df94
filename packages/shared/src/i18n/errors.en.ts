import type { SHOPPER_ERROR_MESSAGES } from '@preloved/contract';
import { fieldErrors, registerFieldErrors } from './field-errors.en';
import { refusals } from './refusals.en';
import { registerRefusals } from './refusals';

// The whole English error catalogue of a shopper's pages (@preloved/contract's SHOPPER_ERROR_MESSAGES),
// at once: for the server's render (server.ts) and the test utilities. The browser gets it in two
// parts: the field keys (./field-errors.en.ts, VALIDATION_MESSAGES, 2.2 KB gzip) in every page's
// router chunk, since a form shows them before any request; the refusals not about one field
// (./refusals.en.ts, REFUSAL_MESSAGES, 2.8 KB gzip) in a chunk of their own, which the API client
// loads when it first meets a refusal and awaits before the error reaches the caller (./refusals.ts),
// so messageFor, errorText, readRefusal and the toasts find the sentence as before. That took the
// shopper pages from 244.8 to 241.9 KB gzip of JavaScript (tools/e2e/page-budget.e2e.ts). The chunk
// is 4.7 KB gzip: it carries a copy of the field keys (the contract's errors.ts imports them, and the
// router is another shared module, which webpack cannot count on), loaded only with a refusal.
// The codes only the brand's team meets (@preloved/contract's TEAM_MESSAGES) are not a shopper's.
export const validation: Record<keyof typeof SHOPPER_ERROR_MESSAGES, string> = { ...fieldErrors, ...refusals };

registerFieldErrors();
registerRefusals(refusals);
