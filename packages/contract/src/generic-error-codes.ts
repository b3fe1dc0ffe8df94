import type { ErrorCode } from './errors';

// Apart from ./errors, whose sentences are built when it loads: a page that only asks whether a code
// is generic (every page's API client) does not carry the whole catalogue.

/**
 * The codes of a refusal that names none of its own (the status's code, from an older
 * `new HttpError(status, sentence)`): its `message` may say more than the code's sentence, so the
 * client shows the message, translating the code only when there is no message.
 */
export const GENERIC_ERROR_CODES: readonly ErrorCode[] = ['invalid_request', 'bad_request', 'not_found', 'unauthorized', 'forbidden', 'conflict', 'unprocessable', 'unavailable'];
